import { parse } from "csv-parse/sync";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venue-sync.ts";
import { badRequest } from "../../../../http-error.ts";
import { type GridRow, isBlankRow } from "./grid.ts";

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252 (older Excel). */
export function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return new TextDecoder("windows-1252").decode(buf);
  }
}

/** Comma-separated, or semicolon-separated as Excel writes it in many European locales. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => first.split(ch).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** Records of any kind (blank ones included) a file may hold before it is refused as too long. */
const MAX_RECORDS = VENUE_SYNC.maxRows * 5;

/**
 * The file's non-blank records with their spreadsheet row numbers. Every record is read: a file is
 * refused when it has too many, never cut short (a venue past the cut would be planned for removal).
 */
export function readCsv(buf: Buffer): GridRow[] {
  const text = decodeText(buf);
  const rows: GridRow[] = [];
  let records = 0;
  let tooMany = false;
  try {
    parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 200_000,
      on_record: (record: string[], context: { records: number; empty_lines: number }) => {
        if (++records > MAX_RECORDS || rows.length > VENUE_SYNC.maxRows + 1) {
          tooMany = true;
          throw new Error("too many rows");
        }
        // The row a spreadsheet program shows: records and blank lines so far (a quoted cell may span
        // several lines of the file yet is one row). Kept here, not returned, so nothing else collects them.
        if (!isBlankRow(record)) rows.push({ line: context.records + context.empty_lines, cells: record });
        return null;
      },
    });
  } catch (err) {
    if (tooMany) throw badRequest(SYNC_MSG.tooManyRows);
    throw badRequest(`${SYNC_MSG.damaged}: ${(err as Error).message.split("\n")[0].slice(0, 200)}`);
  }
  if (rows.length > VENUE_SYNC.maxRows + 1) throw badRequest(SYNC_MSG.tooManyRows);
  return rows;
}
