import ExcelJS from "exceljs";
import { XLSX_TYPE } from "../../../shared/admin/spreadsheet.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import type { Download } from "../../http-download.ts";

/**
 * Text a spreadsheet program could run as a formula: starting with = + - @ (also after spaces or
 * apostrophes), or with a tab or carriage return, which some programs skip before such a character (OWASP
 * CSV injection). The set is closed under a leading apostrophe, so escaping and unescaping round-trip.
 */
export const FORMULA_LIKE = /^(?:[\s']*[=+\-@]|'*[\t\r])/;

/**
 * A value safe to put in a spreadsheet cell: formula-like text is stored as text behind an apostrophe, the
 * way spreadsheet programs themselves mark literal text. `unescapeCell` reverses it exactly, so a venue
 * named "'=1+1" or "=1+1" comes back from an exported file as it was.
 */
export function safeCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean" || value instanceof Date) return value;
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

/** The text safeCell was given, from the text it wrote (other text is returned as it is). */
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_LIKE.test(text.slice(1)) ? text.slice(1) : text;
}

export interface SheetColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => unknown;
}

export interface Sheet<Row> {
  name: string;
  columns: SheetColumn<Row>[];
  rows: Iterable<Row>;
}

/** Builds an .xlsx workbook from sheets; every text cell goes through safeCell. */
// biome-ignore lint/suspicious/noExplicitAny: sheets of different row types travel together.
export async function buildWorkbook(sheets: Sheet<any>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Unveil";
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name.slice(0, 31));
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.max(12, c.header.length + 2),
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(sheet.columns.map((c) => safeCell(c.value(row))));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Today's date as YYYY-MM-DD in London, for export file names. */
export function fileDate(now: Date): string {
  return londonIsoDay(now);
}

export { XLSX_TYPE };

/** A workbook as a download named `{base}-{YYYY-MM-DD}.xlsx`, for the route to send (sendDownload). */
export async function workbookDownload(
  base: string,
  now: Date,
  // biome-ignore lint/suspicious/noExplicitAny: see buildWorkbook.
  sheets: Sheet<any>[],
): Promise<Download> {
  return {
    body: await buildWorkbook(sheets),
    filename: `${base}-${fileDate(now)}.xlsx`,
    contentType: XLSX_TYPE,
  };
}
