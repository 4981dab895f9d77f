import { parse } from "csv-parse/sync";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venues.ts";
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

export function readCsv(buf: Buffer): GridRow[] {
  const text = decodeText(buf);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 200_000,
      to_line: VENUE_SYNC.maxRows * 4,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    throw badRequest(`${SYNC_MSG.damaged}: ${(err as Error).message.split("\n")[0].slice(0, 200)}`);
  }
  const rows: GridRow[] = [];
  for (const { record, info } of records) {
    if (isBlankRow(record)) continue;
    rows.push({ line: info.lines, cells: record });
    if (rows.length > VENUE_SYNC.maxRows + 1) throw badRequest(SYNC_MSG.tooManyRows);
  }
  return rows;
}
