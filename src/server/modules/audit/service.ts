/** Reading the audit log (newest first) and keeping a deleted member's personal data out of it. */
import { stringify } from "csv-stringify/sync";
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { AuditChange, AuditEntry, AuditQuery } from "../../../shared/admin/audit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { auditLog, memberNotes } from "../../db/schema.ts";
import { safeCell } from "../admin/spreadsheet.ts";

type Row = typeof auditLog.$inferSelect;

export function toAuditEntry(r: Row): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    summary: r.summary,
    changes: r.changes ?? [],
  };
}

function filters(q: Omit<AuditQuery, "limit" | "offset">): SQL | undefined {
  const where: SQL[] = [];
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  if (q.from) where.push(gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.at, sql`${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  if (q.search) {
    const like = containsPattern(q.search);
    const match = or(
      ilike(auditLog.summary, like),
      ilike(auditLog.actorName, like),
      ilike(auditLog.entityId, like),
    );
    if (match) where.push(match);
  }
  return where.length ? and(...where) : undefined;
}

/** The matching rows, newest first, one page, and how many match in all. */
export async function listAudit(db: Db, q: AuditQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = filters(q);
  const [rows, [count]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(toAuditEntry), total: count?.n ?? 0 };
}

/** Every matching row, newest first, for the export (at most `cap`). */
export async function allAudit(
  db: Db,
  q: Omit<AuditQuery, "limit" | "offset">,
  cap = 100_000,
): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).where(filters(q)).orderBy(desc(auditLog.id)).limit(cap);
  return rows.map(toAuditEntry);
}

/** A field's value as the export writes it (as the history shows it). */
function cellValue(v: unknown): string {
  if (v === null || v === undefined || v === "") return "(empty)";
  if (Array.isArray(v)) return v.length ? v.map(cellValue).join(", ") : "(none)";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** "field: before -> after; ..." */
export function changesText(changes: readonly AuditChange[]): string {
  return changes.map((c) => `${c.field}: ${cellValue(c.before)} -> ${cellValue(c.after)}`).join("; ");
}

/** Every matching row (newest first) as CSV; text a spreadsheet could run is neutralised. */
export async function auditCsv(db: Db, q: Omit<AuditQuery, "limit" | "offset">): Promise<string> {
  const rows = await allAudit(db, q);
  return stringify([
    ["at", "actor", "entity", "entityId", "action", "summary", "changes"],
    ...rows.map((r) =>
      [r.at, r.actorName ?? "", r.entity, r.entityId, r.action, r.summary, changesText(r.changes)].map(
        (v) => safeCell(v) ?? "",
      ),
    ),
  ]);
}

/**
 * A member deleted their account: the log keeps that things happened, not who they were. Their name as actor
 * is cleared, the rows about them lose their summaries' names and every field value, and their notes go.
 */
export async function scrubAuditOf(tx: Tx, userId: number): Promise<void> {
  await tx.update(auditLog).set({ actorName: null }).where(eq(auditLog.actorId, userId));
  await tx
    .update(auditLog)
    .set({
      summary: sql`${auditLog.action} || ' (a deleted member)'`,
      changes: sql`coalesce((select jsonb_agg(jsonb_build_object('field', c->>'field', 'before', null, 'after', null)) from jsonb_array_elements(${auditLog.changes}) c), '[]'::jsonb)`,
    })
    .where(eq(auditLog.subjectUserId, userId));
  await tx.delete(memberNotes).where(eq(memberNotes.userId, userId));
}
