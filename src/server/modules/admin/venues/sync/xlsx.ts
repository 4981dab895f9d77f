import ExcelJS from "exceljs";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venues.ts";
import { badRequest } from "../../../../http-error.ts";
import { type GridRow, isBlankRow, numberText } from "./grid.ts";
import { unpackZip } from "./zip-guard.ts";

/** A cell element of SpreadsheetML, with or without a namespace prefix. */
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c[\s>/]/g;

/** The text a cell shows: formulas give their cached result, rich text and links their text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("formula" in value || "sharedFormula" in value)
      return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ("hyperlink" in value) return typeof value.text === "string" ? value.text : cellText(value.text);
    if ("error" in value) return "";
  }
  return "";
}

/** The first worksheet of an .xlsx, after the zip has been checked for bombs. */
export async function readXlsx(buf: Buffer): Promise<GridRow[]> {
  const parts = unpackZip(buf);
  if (!parts.has("xl/workbook.xml")) throw badRequest(SYNC_MSG.mismatch(".xlsx"));
  // The workbook library builds an object per cell of every sheet: a few megabytes of repetitive XML could
  // hold millions of them (seconds of work and gigabytes of memory), so cells are counted first.
  let cells = 0;
  for (const [name, data] of parts) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
    const xml = data.toString("latin1");
    CELL_TAG.lastIndex = 0;
    while (CELL_TAG.exec(xml) !== null)
      if (++cells > VENUE_SYNC.maxCells) throw badRequest(SYNC_MSG.tooManyCells);
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(SYNC_MSG.damaged);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest(SYNC_MSG.noSheet);
  const rows: GridRow[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, line) => {
    if (tooMany) return;
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    for (let c = 1; c < values.length; c++) cells.push(cellText(values[c]));
    if (isBlankRow(cells)) return;
    rows.push({ line, cells });
    if (rows.length > VENUE_SYNC.maxRows + 1) tooMany = true;
  });
  if (tooMany) throw badRequest(SYNC_MSG.tooManyRows);
  return rows;
}
