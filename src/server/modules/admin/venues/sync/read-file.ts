import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venue-sync.ts";
import { badRequest, HttpError } from "../../../../http-error.ts";
import { isCompoundFile } from "./cfb-reader.ts";
import { readCsv } from "./csv.ts";
import type { GridRow } from "./grid.ts";
import { readXls } from "./xls.ts";
import { readXlsx } from "./xlsx.ts";

export type SheetKind = "xlsx" | "xls" | "csv";

/**
 * What the bytes are, by their magic numbers rather than by the name: a zip (PK) is .xlsx, a compound file
 * (D0 CF 11 E0) is .xls, text without NUL bytes is .csv. A name with another spreadsheet extension than the
 * content is refused, so a renamed file is not read as something it is not.
 */
export function detectKind(buf: Buffer, fileName?: string): SheetKind {
  if (buf.length === 0) throw badRequest(SYNC_MSG.empty);
  const ext = /\.([a-z0-9]+)$/i.exec(fileName ?? "")?.[1]?.toLowerCase();
  if (ext !== undefined && ext !== "xlsx" && ext !== "xls" && ext !== "csv")
    throw badRequest(SYNC_MSG.fileType);
  let kind: SheetKind;
  if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50) kind = "xlsx";
  else if (isCompoundFile(buf)) kind = "xls";
  else if (!buf.subarray(0, 64 * 1024).includes(0)) kind = "csv";
  else throw badRequest(ext ? SYNC_MSG.mismatch(`.${ext}`) : SYNC_MSG.notSpreadsheet);
  if (ext !== undefined && ext !== kind) throw badRequest(SYNC_MSG.mismatch(`.${ext}`));
  return kind;
}

/** The first sheet of an upload as rows of text. */
export async function readUpload(buf: Buffer, fileName?: string): Promise<GridRow[]> {
  if (buf.length > VENUE_SYNC.maxBytes) throw new HttpError(413, SYNC_MSG.tooLarge);
  const kind = detectKind(buf, fileName);
  if (kind === "csv" && buf.includes(0)) throw badRequest(SYNC_MSG.mismatch(".csv"));
  return kind === "xlsx" ? readXlsx(buf) : kind === "xls" ? readXls(buf) : readCsv(buf);
}
