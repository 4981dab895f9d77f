import { once } from "node:events";
import { PassThrough } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { EmailLogRow, EmailLogsQuery } from "../../../../shared/admin/emails.ts";
import { containsPattern } from "../../../db/like.ts";
import { emailLogs, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import type { Download } from "../../../http-download.ts";
import type { Logger } from "../../../logger.ts";
import { fileDate, safeCell, XLSX_TYPE } from "../spreadsheet.ts";

const rowColumns = {
  id: emailLogs.id,
  sentAt: emailLogs.sentAt,
  memberFirstName: users.firstName,
  memberLastName: users.lastName,
  memberEmail: users.email,
  recipientEmail: emailLogs.recipientEmail,
  recipientName: emailLogs.recipientName,
  subject: emailLogs.subject,
  emailType: emailLogs.emailType,
  status: emailLogs.status,
  errorMessage: emailLogs.errorMessage,
};

type DbRow = Omit<EmailLogRow, "sentAt"> & { sentAt: Date };
const toRow = (r: DbRow): EmailLogRow => ({ ...r, sentAt: r.sentAt.toISOString() });

function filters(q: Pick<EmailLogsQuery, "search" | "status" | "type">): SQL | undefined {
  const parts: SQL[] = [];
  if (q.status) parts.push(eq(emailLogs.status, q.status));
  if (q.type) parts.push(eq(emailLogs.emailType, q.type));
  if (q.search) {
    const p = containsPattern(q.search);
    parts.push(
      or(
        ilike(emailLogs.recipientEmail, p),
        ilike(emailLogs.recipientName, p),
        ilike(emailLogs.subject, p),
        ilike(emailLogs.emailType, p),
        ilike(users.email, p),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, p),
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of the log, newest first, and how many rows match in all. */
export async function listEmailLogs(
  deps: Deps,
  q: EmailLogsQuery,
): Promise<{ rows: EmailLogRow[]; total: number }> {
  const where = filters(q);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select(rowColumns)
      .from(emailLogs)
      .leftJoin(users, eq(users.id, emailLogs.userId))
      .where(where)
      .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id))
      .limit(q.limit)
      .offset(q.offset),
    q.search
      ? deps.db
          .select({ n: count() })
          .from(emailLogs)
          .leftJoin(users, eq(users.id, emailLogs.userId))
          .where(where)
      : deps.db.select({ n: count() }).from(emailLogs).where(where),
  ]);
  return { rows: rows.map(toRow), total: n };
}

type ExportRow = DbRow & { cursorAt: string; londonAt: string };

const EXPORT_COLUMNS: Array<{ header: string; width: number; value: (r: ExportRow) => unknown }> = [
  { header: "ID", width: 10, value: (r) => r.id },
  { header: "Date & Time (London)", width: 21, value: (r) => r.londonAt },
  {
    header: "Member",
    width: 24,
    value: (r) => [r.memberFirstName, r.memberLastName].filter(Boolean).join(" ") || null,
  },
  { header: "Member Email", width: 30, value: (r) => r.memberEmail },
  { header: "Recipient", width: 30, value: (r) => r.recipientEmail },
  { header: "Recipient Name", width: 22, value: (r) => r.recipientName },
  { header: "Subject", width: 48, value: (r) => r.subject },
  { header: "Type", width: 22, value: (r) => r.emailType.replaceAll("_", " ") },
  { header: "Status", width: 10, value: (r) => r.status },
  { header: "Error", width: 40, value: (r) => r.errorMessage },
];

const EXPORT_BATCH = 5000;
const ZIP_BACKLOG_MAX = 2 * 1024 * 1024;

type StreamState = { _writableState?: { length?: number }; _readableState?: { length?: number } };
/**
 * Bytes of sheet XML written but not yet compressed. ExcelJS's streaming writer hands its sheet to the zip
 * without back-pressure, so a producer faster than deflate would buffer the whole sheet; this reads the
 * queue of the stream between them (ExcelJS 4 internals: 0 if they change, which only loses the pacing).
 */
function zipBacklog(ws: ExcelJS.Worksheet): number {
  const dest = (ws as unknown as { _stream?: { pipes?: StreamState[] } })._stream?.pipes?.[0];
  return (dest?._writableState?.length ?? 0) + (dest?._readableState?.length ?? 0);
}

/**
 * GET /api/admin/email-logs/export: every row, newest first, streamed as an .xlsx. Rows are read in batches
 * by keyset (sent_at, id) and written straight into a streaming workbook, so a million rows never sit in
 * memory at once. The cursor keeps sent_at as PostgreSQL text, at its full microsecond precision.
 */
export function emailLogsDownload(deps: Deps, log: Pick<Logger, "error">): Download {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = "Unveil";
  const ws = wb.addWorksheet("Email Logs");
  ws.columns = EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));

  // A download the client abandons closes the stream: no further batch is read from the database.
  let closed = false;
  out.once("close", () => {
    closed = true;
  });
  const write = async () => {
    let cursor: { at: string; id: number } | null = null;
    for (;;) {
      if (closed) return;
      const batch: ExportRow[] = await deps.db
        .select({
          ...rowColumns,
          cursorAt: sql<string>`${emailLogs.sentAt}::text`,
          // London's clock as sortable text, "2026-03-01 14:05:09", the same in every spreadsheet program.
          londonAt: sql<string>`to_char(${emailLogs.sentAt} at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI:SS')`,
        })
        .from(emailLogs)
        .leftJoin(users, eq(users.id, emailLogs.userId))
        .where(
          cursor
            ? sql`(${emailLogs.sentAt}, ${emailLogs.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
            : undefined,
        )
        .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id))
        .limit(EXPORT_BATCH);
      for (const r of batch) ws.addRow(EXPORT_COLUMNS.map((c) => safeCell(c.value(r)))).commit();
      if (batch.length < EXPORT_BATCH) break;
      const last = batch[batch.length - 1];
      cursor = { at: last.cursorAt, id: last.id };
      // Compression or a slow download holds the next batch back instead of piling rows up in memory.
      while (!closed && zipBacklog(ws) > ZIP_BACKLOG_MAX) await sleep(5);
      if (!closed && out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err) => {
    log.error({ err }, "email log export failed");
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return { body: out, filename: `email-logs-${fileDate(deps.now())}.xlsx`, contentType: XLSX_TYPE };
}
