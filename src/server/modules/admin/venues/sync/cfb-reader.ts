/**
 * A minimal reader of Compound File Binary containers (the envelope of legacy .xls workbooks, [MS-CFB]):
 * returns one named stream. Written for hostile input: every sector chain is followed at most once per
 * sector, every size is checked against the file, so work and memory stay linear in the upload. (The `cfb`
 * package re-walks chains from every sector and copies them, which a crafted 5 MB file turns into gigabytes.)
 */
const SIGNATURE = "d0cf11e0a1b11ae1";
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const MINI_SECTOR = 64;
const MINI_CUTOFF = 4096;

export class CfbError extends Error {}

export interface CfbStream {
  name: string;
  data: Buffer;
}

export function isCompoundFile(buf: Buffer): boolean {
  return buf.length >= 8 && buf.subarray(0, 8).toString("hex") === SIGNATURE;
}

/** The streams of a compound file whose names are given (case-insensitive); absent ones are left out. */
export function readCompoundStreams(buf: Buffer, names: string[]): Map<string, Buffer> {
  if (buf.length < 512 || !isCompoundFile(buf)) throw new CfbError("not a compound file");
  const major = buf.readUInt16LE(0x1a);
  const shift = buf.readUInt16LE(0x1e);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) throw new CfbError("bad version");
  if (buf.readUInt16LE(0x20) !== 6) throw new CfbError("bad mini sector size");
  const size = 1 << shift;
  const sectorCount = Math.ceil((buf.length - size) / size);
  const sector = (i: number) => {
    if (i < 0 || i >= sectorCount) throw new CfbError("sector out of range");
    const start = (i + 1) * size;
    return buf.subarray(start, Math.min(start + size, buf.length));
  };

  // FAT sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = buf.readUInt32LE(0x4c + i * 4);
    if (s === FREE || s === END_OF_CHAIN) break;
    fatSectors.push(s);
  }
  const perDifat = size / 4 - 1;
  const seenDifat = new Set<number>();
  for (let d = buf.readUInt32LE(0x44); d !== END_OF_CHAIN && d !== FREE; ) {
    if (seenDifat.has(d) || seenDifat.size > sectorCount) throw new CfbError("DIFAT loop");
    seenDifat.add(d);
    const sec = sector(d);
    for (let i = 0; i < perDifat; i++) {
      const s = sec.readUInt32LE(i * 4);
      if (s !== FREE && s !== END_OF_CHAIN) fatSectors.push(s);
    }
    d = sec.readUInt32LE(perDifat * 4);
  }
  if (fatSectors.length === 0 || fatSectors.length > sectorCount) throw new CfbError("bad FAT");
  const fat = Buffer.concat(fatSectors.map((s) => sector(s)));
  const next = (table: Buffer, i: number) => {
    if ((i + 1) * 4 > table.length) throw new CfbError("chain leaves its table");
    return table.readUInt32LE(i * 4);
  };

  /** The sectors of a chain, in order; a loop or a chain longer than the file is an error. */
  const chain = (table: Buffer, start: number, limit: number): number[] => {
    const out: number[] = [];
    const seen = new Set<number>();
    for (let s = start; s !== END_OF_CHAIN; s = next(table, s)) {
      if (s === FREE || seen.has(s) || out.length >= limit) throw new CfbError("broken chain");
      seen.add(s);
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, bytes?: number) => {
    const sectors = chain(fat, start, sectorCount);
    const data = Buffer.concat(sectors.map((s) => sector(s)));
    if (bytes !== undefined && bytes > data.length) throw new CfbError("stream shorter than its size");
    return bytes === undefined ? data : data.subarray(0, bytes);
  };

  const directory = readChain(buf.readUInt32LE(0x30));
  const entries: Array<{ name: string; type: number; start: number; size: number }> = [];
  for (let off = 0; off + 128 <= directory.length; off += 128) {
    const nameBytes = Math.min(directory.readUInt16LE(off + 0x40), 64);
    const name = directory.toString("utf16le", off, off + Math.max(0, nameBytes - 2));
    const type = directory[off + 0x42];
    entries.push({
      name,
      type,
      start: directory.readUInt32LE(off + 0x74),
      size: directory.readUInt32LE(off + 0x78),
    });
  }
  const root = entries.find((e) => e.type === 5);
  if (!root) throw new CfbError("no root entry");

  let miniStream: Buffer | undefined;
  let miniFat: Buffer | undefined;
  const out = new Map<string, Buffer>();
  for (const wanted of names) {
    const entry = entries.find((e) => e.type === 2 && e.name.toLowerCase() === wanted.toLowerCase());
    if (!entry) continue;
    if (entry.size > buf.length) throw new CfbError("stream larger than the file");
    if (entry.size >= MINI_CUTOFF) {
      out.set(wanted, readChain(entry.start, entry.size));
      continue;
    }
    miniStream ??= readChain(root.start, root.size);
    miniFat ??= readChain(buf.readUInt32LE(0x3c));
    const miniSectors = chain(miniFat, entry.start, Math.ceil(miniStream.length / MINI_SECTOR));
    const parts = miniSectors.map((s) => {
      const start = s * MINI_SECTOR;
      if (start + MINI_SECTOR > miniStream!.length) throw new CfbError("mini sector out of range");
      return miniStream!.subarray(start, start + MINI_SECTOR);
    });
    const data = Buffer.concat(parts);
    if (entry.size > data.length) throw new CfbError("stream shorter than its size");
    out.set(wanted, data.subarray(0, entry.size));
  }
  return out;
}
