import ExcelJS from "exceljs";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venue-sync.ts";
import { badRequest, HttpError } from "../../../../http-error.ts";
import { type GridRow, isBlankRow, numberText } from "./grid.ts";
import { sheetRowsOver } from "./row-count.ts";
import { storedZip, unpackZip } from "./zip-guard.ts";

/** A cell element of SpreadsheetML, with or without a namespace prefix; group 1 holds its attributes. */
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c(?=[\s>/])([^>]*)>/g;
/** A cell's reference attribute: its column letters. */
const CELL_REF = /(?:^|\s)r\s*=\s*["']\$?([A-Za-z]+)/;
/** A row element, with or without a namespace prefix. */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;

/**
 * The only parts of an upload the workbook library is given: the workbook, its relationships, shared
 * strings, styles (dates are numbers with a date format) and the worksheets. Comments, drawings, tables and
 * the rest are left out: the sync reads cell values only, and each of those could make the library build
 * objects for cells that were never counted.
 */
const KEEP =
  /^(?:\[Content_Types\]\.xml|_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml)$/;
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * Worksheet elements the library would expand cell by cell (a merge, data validation or conditional format
 * over "A1:XFD1048576" is 17 billion cells from a few bytes): skipped, only <sheetData> is read.
 */
const IGNORED_SHEET_NODES = [
  "sheetPr",
  "dimension",
  "sheetViews",
  "sheetFormatPr",
  "cols",
  "autoFilter",
  "mergeCells",
  "rowBreaks",
  "hyperlinks",
  "pageMargins",
  "dataValidations",
  "pageSetup",
  "headerFooter",
  "printOptions",
  "picture",
  "drawing",
  "sheetProtection",
  "tableParts",
  "conditionalFormatting",
  "extLst",
];

/** Columns read from each row (the template has 12; a cell in column XFD must not cost 16,384). */
const MAX_COLUMNS = 256;

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

/** "A" is 1, "XFD" 16,384. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * The parts the library may see, checked and trimmed: cells and rows of the worksheets counted before any
 * object is built, and the workbook's defined names (print areas, named ranges: the library expands each
 * range cell by cell) renamed to an element it ignores.
 */
export function safeParts(parts: Map<string, Buffer>): Map<string, Buffer> {
  const kept = new Map<string, Buffer>();
  for (const [rawName, data] of parts) {
    const name = rawName.replace(/^\/+/, "");
    if (KEEP.test(name)) kept.set(name, data);
  }
  if (!kept.has("xl/workbook.xml")) throw badRequest(SYNC_MSG.mismatch(".xlsx"));
  let cells = 0;
  let rows = 0;
  let span = 0;
  for (const [name, data] of kept) {
    if (!WORKSHEET.test(name)) continue;
    const xml = data.toString("latin1");
    CELL_TAG.lastIndex = 0;
    for (let m = CELL_TAG.exec(xml); m !== null; m = CELL_TAG.exec(xml)) {
      if (++cells > VENUE_SYNC.maxCells) throw badRequest(SYNC_MSG.tooManyCells);
      // The library keeps each row's cells in an array as long as its rightmost column, and walks it.
      const letters = CELL_REF.exec(m[1])?.[1];
      if (letters) span += letters.length > 3 ? 16_384 : columnNumber(letters);
      if (span > VENUE_SYNC.maxCellSpan) throw badRequest(SYNC_MSG.tooWide);
    }
    ROW_TAG.lastIndex = 0;
    while (ROW_TAG.exec(xml) !== null)
      if (++rows > VENUE_SYNC.maxRowElements) throw badRequest(SYNC_MSG.tooManyRows);
  }
  const workbook = kept.get("xl/workbook.xml")!.toString("latin1");
  kept.set(
    "xl/workbook.xml",
    Buffer.from(workbook.replace(/<(\/?)definedName/g, "<$1ignoredName"), "latin1"),
  );
  return kept;
}

/** Refusals for the workbook's size that a sheet past the row limit also gets: the row limit is named first. */
const SIZE_REFUSALS: ReadonlySet<string> = new Set([
  SYNC_MSG.unpackedTooLarge,
  SYNC_MSG.tooManyCells,
  SYNC_MSG.tooWide,
]);

/** The parts to open, or the refusal: a sheet too big because it has too many rows is told the row limit. */
async function checkedParts(buf: Buffer): Promise<Map<string, Buffer>> {
  try {
    return safeParts(unpackZip(buf));
  } catch (err) {
    if (err instanceof HttpError && SIZE_REFUSALS.has(err.message))
      if (await sheetRowsOver(buf, VENUE_SYNC.maxRows + 1)) throw badRequest(SYNC_MSG.tooManyRows);
    throw err;
  }
}

/** The first worksheet of an .xlsx, after the zip has been checked for bombs. */
export async function readXlsx(buf: Buffer): Promise<GridRow[]> {
  const parts = await checkedParts(buf);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(storedZip(parts) as unknown as ExcelJS.Buffer, {
      ignoreNodes: IGNORED_SHEET_NODES,
    });
  } catch {
    throw badRequest(SYNC_MSG.damaged);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest(SYNC_MSG.noSheet);
  const rows: GridRow[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, line) => {
    if (tooMany) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      if (col <= MAX_COLUMNS) cells[col - 1] = cellText(cell.value);
    });
    const texts = Array.from(cells, (c) => c ?? "");
    if (isBlankRow(texts)) return;
    rows.push({ line, cells: texts });
    if (rows.length > VENUE_SYNC.maxRows + 1) tooMany = true;
  });
  if (tooMany) throw badRequest(SYNC_MSG.tooManyRows);
  return rows;
}
