import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { Download } from "../../../http-download.ts";
import { fileDate, type SheetColumn, safeCell, XLSX_TYPE } from "../spreadsheet.ts";

/** A column; `numFmt` gives its cells an Excel number format (e.g. real date cells, "dd/mm/yyyy"). */
export type StreamColumn<Row> = SheetColumn<Row> & { numFmt?: string };

/**
 * Sends a one-sheet .xlsx named `{base}-{YYYY-MM-DD}.xlsx` whose rows arrive in batches (keyset pages
 * read from the database), written as they come: an export of 100,000 members or 1,000,000 dates never
 * holds every row in memory. Every text cell goes through safeCell (formula injection).
 */
export function streamedWorkbookDownload<Row>(
  base: string,
  now: Date,
  sheet: { name: string; columns: StreamColumn<Row>[] },
  batches: AsyncIterable<Row[]>,
): Download {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = "Unveil";
  const ws = wb.addWorksheet(sheet.name.slice(0, 31));
  ws.columns = sheet.columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  // 1-based cell index -> number format, for the columns that have one.
  const formats = sheet.columns.flatMap((c, i) => (c.numFmt ? [[i + 1, c.numFmt] as const] : []));
  // A download the client abandons closes the stream: no further batch is read from the database.
  let closed = false;
  out.once("close", () => {
    closed = true;
  });
  void (async () => {
    try {
      for await (const rows of batches) {
        if (closed) break;
        for (const row of rows) {
          const added = ws.addRow(sheet.columns.map((c) => safeCell(c.value(row))));
          for (const [i, fmt] of formats)
            if (added.getCell(i).value instanceof Date) added.getCell(i).numFmt = fmt;
          added.commit();
        }
        // Let the response drain before reading the next batch (or stop if it closes meanwhile).
        if (out.writableNeedDrain && !closed) await drainedOrClosed(out);
      }
      if (closed) return;
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return { body: out, filename: `${base}-${fileDate(now)}.xlsx`, contentType: XLSX_TYPE };
}

/** Resolves when the stream can take more, or has closed; leaves no listener behind. */
function drainedOrClosed(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

/** Reads a table in keyset pages: `page(after)` answers up to `size` rows after the given key. */
export async function* keysetPages<Row>(
  page: (after: number | null, size: number) => Promise<Row[]>,
  key: (row: Row) => number,
  size = 2000,
): AsyncIterable<Row[]> {
  let after: number | null = null;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = key(rows[rows.length - 1]);
  }
}
