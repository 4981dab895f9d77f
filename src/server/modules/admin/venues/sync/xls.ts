/**
 * Legacy .xls (BIFF8, Excel 97-2003) reader: the first worksheet's cell values. No maintained reader exists
 * without advisories (SheetJS on npm has unpatched ones), so the few records a sheet's values live in are
 * read here ([MS-XLS] 2.4): BOF, BOUNDSHEET, SST (+CONTINUE), LABELSST, LABEL, NUMBER, RK, MULRK, BOOLERR,
 * and FORMULA's cached value (with the STRING record that follows a text result).
 */
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venue-sync.ts";
import { badRequest } from "../../../../http-error.ts";
import { CfbError, readCompoundStreams } from "./cfb-reader.ts";
import { type GridRow, isBlankRow, numberText } from "./grid.ts";

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
  FILEPASS: 0x002f,
  SHRFMLA: 0x04bc,
  ARRAY: 0x0221,
  TABLE: 0x0236,
} as const;

class BiffError extends Error {}

interface Rec {
  type: number;
  offset: number;
  data: Buffer;
}

/** The records of a stream from `start`, each with its CONTINUE records kept apart (strings need the seams). */
function* records(stream: Buffer, start: number): Generator<Rec & { continues: Buffer[] }> {
  let p = start;
  let pending: (Rec & { continues: Buffer[] }) | null = null;
  while (p + 4 <= stream.length) {
    const type = stream.readUInt16LE(p);
    const len = stream.readUInt16LE(p + 2);
    if (p + 4 + len > stream.length) throw new BiffError("record past the end of the stream");
    const data = stream.subarray(p + 4, p + 4 + len);
    if (type === R.CONTINUE && pending) pending.continues.push(data);
    else {
      if (pending) yield pending;
      pending = { type, offset: p, data, continues: [] };
    }
    p += 4 + len;
    if (type === R.EOF) break;
  }
  if (pending) yield pending;
}

/** Reads across a record and its CONTINUE records; character runs re-read their width at each seam. */
class Segments {
  private seg = 0;
  private pos = 0;
  private readonly parts: Buffer[];
  constructor(parts: Buffer[]) {
    this.parts = parts;
  }
  private ensure(): Buffer {
    for (;;) {
      const b = this.parts[this.seg];
      if (!b) throw new BiffError("string runs past its record");
      if (this.pos < b.length) return b;
      this.seg++;
      this.pos = 0;
    }
  }
  byte(): number {
    const b = this.ensure();
    return b[this.pos++];
  }
  u16(): number {
    return this.byte() | (this.byte() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number): void {
    for (let left = n; left > 0; ) {
      const b = this.ensure();
      const take = Math.min(left, b.length - this.pos);
      this.pos += take;
      left -= take;
    }
  }
  /** `count` characters, 1 or 2 bytes each; at a CONTINUE seam a new option byte gives the width. */
  chars(count: number, wide: boolean): string {
    let out = "";
    let left = count;
    let isWide = wide;
    while (left > 0) {
      if (this.pos >= (this.parts[this.seg]?.length ?? 0)) {
        this.seg++;
        this.pos = 0;
        if (this.seg >= this.parts.length) throw new BiffError("string runs past its record");
        isWide = (this.byte() & 1) === 1;
      }
      const b = this.parts[this.seg];
      const width = isWide ? 2 : 1;
      const n = Math.min(left, Math.floor((b.length - this.pos) / width));
      if (n === 0) throw new BiffError("character split across records");
      out += isWide
        ? b.toString("utf16le", this.pos, this.pos + n * 2)
        : b.toString("latin1", this.pos, this.pos + n);
      this.pos += n * width;
      left -= n;
    }
    return out;
  }
  /** XLUnicodeRichExtendedString (SST items) or, with `rich` false and a 16-bit count, XLUnicodeString. */
  unicodeString(): string {
    const count = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + ext);
    return text;
  }
}

function rkNumber(rk: number): number {
  let n: number;
  if (rk & 0x02) n = rk >> 2;
  else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    n = b.readDoubleLE(0);
  }
  return rk & 0x01 ? n / 100 : n;
}

/** The first worksheet's non-empty rows as text, row numbers counted from 1 like Excel shows them. */
export function readXlsBiff8(workbook: Buffer): GridRow[] {
  // Globals: the shared strings and the first worksheet's position.
  const strings: string[] = [];
  let sheetAt = -1;
  let first = true;
  for (const rec of records(workbook, 0)) {
    if (first) {
      if (rec.type !== R.BOF || rec.data.length < 4) throw new BiffError("no BOF");
      if (rec.data.readUInt16LE(0) !== 0x0600) throw badRequest(SYNC_MSG.oldExcel);
      first = false;
      continue;
    }
    if (rec.type === R.FILEPASS) throw badRequest(SYNC_MSG.encrypted);
    if (rec.type === R.BOUNDSHEET && sheetAt < 0 && rec.data.length >= 8) {
      // dt = 0: a worksheet (charts and macro sheets are passed over).
      if (rec.data[5] === 0) sheetAt = rec.data.readUInt32LE(0);
    }
    if (rec.type === R.SST) {
      const s = new Segments([rec.data, ...rec.continues]);
      s.u32();
      const unique = s.u32();
      if (unique > workbook.length) throw new BiffError("SST count larger than the file");
      for (let i = 0; i < unique; i++) strings.push(s.unicodeString());
    }
  }
  if (sheetAt < 0 || sheetAt >= workbook.length) throw badRequest(SYNC_MSG.noSheet);

  const cells = new Map<number, string[]>();
  const put = (row: number, col: number, text: string) => {
    if (col > 255 || text === "") return;
    let r = cells.get(row);
    if (!r) {
      if (cells.size > VENUE_SYNC.maxRows + 1) throw badRequest(SYNC_MSG.tooManyRows);
      r = [];
      cells.set(row, r);
    }
    r[col] = text;
  };
  let pendingString: { row: number; col: number } | null = null;
  let firstInSheet = true;
  for (const rec of records(workbook, sheetAt)) {
    const d = rec.data;
    if (firstInSheet) {
      if (rec.type !== R.BOF) throw new BiffError("sheet has no BOF");
      firstInSheet = false;
      continue;
    }
    if (rec.type === R.EOF) break;
    if (rec.type === R.STRING && pendingString) {
      put(pendingString.row, pendingString.col, new Segments([d, ...rec.continues]).unicodeString());
      pendingString = null;
      continue;
    }
    // A text result's STRING record may come after the shared-formula, array or table record.
    if (rec.type === R.SHRFMLA || rec.type === R.ARRAY || rec.type === R.TABLE) continue;
    pendingString = null;
    if (d.length < 6) continue;
    const row = d.readUInt16LE(0);
    const col = d.readUInt16LE(2);
    switch (rec.type) {
      case R.LABELSST:
        if (d.length >= 10) put(row, col, strings[d.readUInt32LE(6)] ?? "");
        break;
      case R.LABEL:
        put(row, col, new Segments([d.subarray(6), ...rec.continues]).unicodeString());
        break;
      case R.NUMBER:
        if (d.length >= 14) put(row, col, numberText(d.readDoubleLE(6)));
        break;
      case R.RK:
        if (d.length >= 10) put(row, col, numberText(rkNumber(d.readUInt32LE(6))));
        break;
      case R.MULRK:
        for (let p = 4, c = col; p + 6 <= d.length - 2; p += 6, c++)
          put(row, c, numberText(rkNumber(d.readUInt32LE(p + 2))));
        break;
      case R.BOOLERR:
        if (d.length >= 8 && d[7] === 0) put(row, col, d[6] ? "TRUE" : "FALSE");
        break;
      case R.FORMULA:
        if (d.length < 14) break;
        if (d.readUInt16LE(12) !== 0xffff) put(row, col, numberText(d.readDoubleLE(6)));
        else if (d[6] === 0) pendingString = { row, col };
        else if (d[6] === 1) put(row, col, d[8] ? "TRUE" : "FALSE");
        break;
    }
  }
  const rows: GridRow[] = [];
  for (const [row, values] of [...cells.entries()].sort((a, b) => a[0] - b[0])) {
    const texts = Array.from(values, (v) => v ?? "");
    if (!isBlankRow(texts)) rows.push({ line: row + 1, cells: texts });
  }
  return rows;
}

/** A .xls upload: the compound file's Workbook stream (or a refusal of Excel 5.0's Book stream). */
export function readXls(buf: Buffer): GridRow[] {
  try {
    const streams = readCompoundStreams(buf, ["Workbook", "Book"]);
    const workbook = streams.get("Workbook");
    if (!workbook) throw badRequest(streams.has("Book") ? SYNC_MSG.oldExcel : SYNC_MSG.damaged);
    return readXlsBiff8(workbook);
  } catch (err) {
    if (err instanceof CfbError || err instanceof BiffError || err instanceof RangeError)
      throw badRequest(SYNC_MSG.damaged);
    throw err;
  }
}
