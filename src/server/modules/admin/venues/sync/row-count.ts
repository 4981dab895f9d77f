import { createInflateRaw } from "node:zlib";
import { zipEntries } from "./zip-guard.ts";

const WORKSHEET = /^\/*xl\/worksheets\/sheet\d+\.xml$/;
/** The start of a row, or of a cell's value (<v>) or inline string (<is>), with or without a prefix. */
const TAG = /<(?:[A-Za-z_][\w.-]*:)?(row|v|is)(?=[\s>/])/g;
/**
 * The most worksheet XML read while counting: 20,001 rows within it is more than 12 KB a row, wider than any
 * venue sheet; past it the file is refused for its size as before (a bomb of zeros costs a bounded read).
 */
const MAX_SCANNED_BYTES = 256 * 1024 * 1024;

/** Counts the rows holding at least one value, from XML fed in pieces of any size. */
class RowCounter {
  rows = 0;
  private carry = "";
  private inRow = false;
  private hasValue = false;

  feed(chunk: Buffer): void {
    const text = this.carry + chunk.toString("latin1");
    // A tag cut by the chunk's end is read with the next chunk; only its name matters, so 64 characters do.
    const cut = text.lastIndexOf("<");
    const whole = cut < 0 ? text : text.slice(0, cut);
    this.carry = cut < 0 ? "" : text.slice(cut, cut + 64);
    TAG.lastIndex = 0;
    for (let m = TAG.exec(whole); m !== null; m = TAG.exec(whole)) {
      if (m[1] !== "row") this.hasValue = true;
      else {
        this.endRow();
        this.inRow = true;
      }
    }
  }

  endRow(): void {
    if (this.inRow && this.hasValue) this.rows++;
    this.inRow = false;
    this.hasValue = false;
  }
}

/**
 * Whether an .xlsx's worksheets hold more than `limit` rows with values, read as a stream (a few chunks of
 * memory whatever the file unpacks to), so a workbook too big to open is told the row limit when that is what
 * it breaks. A damaged part, or one past the reading budget, answers false: the caller's own refusal stands.
 */
export async function sheetRowsOver(buf: Buffer, limit: number): Promise<boolean> {
  const counter = new RowCounter();
  let scanned = 0;
  try {
    for (const entry of zipEntries(buf)) {
      if (!WORKSHEET.test(entry.name)) continue;
      if (entry.method === 0) counter.feed(entry.raw);
      else if (entry.method === 8) {
        const inflate = createInflateRaw();
        inflate.end(entry.raw);
        try {
          for await (const chunk of inflate as AsyncIterable<Buffer>) {
            scanned += chunk.length;
            counter.feed(chunk);
            if (counter.rows > limit || scanned > MAX_SCANNED_BYTES) break;
          }
        } finally {
          inflate.destroy();
        }
      }
      counter.endRow();
      if (counter.rows > limit) return true;
      if (scanned > MAX_SCANNED_BYTES) return false;
    }
  } catch {
    return false;
  }
  return counter.rows > limit;
}
