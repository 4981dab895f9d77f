import { crc32, inflateRawSync } from "node:zlib";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venue-sync.ts";
import { badRequest } from "../../../../http-error.ts";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** One part as the central directory lists it, with its bytes still compressed. */
export interface RawZipEntry {
  name: string;
  flags: number;
  /** 0 stored, 8 deflated; anything else is refused by unpackZip. */
  method: number;
  /** The unpacked size the directory declares (a bomb may lie about it). */
  size: number;
  raw: Buffer;
}

const fail = (message: string = SYNC_MSG.damaged) => badRequest(message);

/**
 * The parts of a zip one by one, from its central directory, each checked to lie inside the file; nothing is
 * inflated. At most VENUE_SYNC.maxZipEntries; Zip64 is refused.
 */
export function* zipEntries(buf: Buffer): Generator<RawZipEntry> {
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment (< 64 KiB).
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw fail();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw fail(); // Zip64: never needed for 5 MB
  if (count > VENUE_SYNC.maxZipEntries) throw fail(SYNC_MSG.unpackedTooLarge);
  if (cdOffset + cdSize > eocd) throw fail();
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw fail();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString("utf8", p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw fail();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw fail();
    yield { name, flags, method, size, raw: buf.subarray(start, start + compressed) };
  }
}

/**
 * Opens an .xlsx (a zip) before any library sees it, so a zip bomb is stopped cheaply: the central
 * directory may list at most VENUE_SYNC.maxZipEntries parts unpacking to at most VENUE_SYNC.maxUnpackedBytes
 * in all, and each part is inflated with its declared size as a hard ceiling (a part lying about its size
 * fails here). Returns the unpacked parts; Zip64, encryption and unusual compression are refused.
 */
export function unpackZip(buf: Buffer): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  let total = 0;
  for (const { name, flags, method, size, raw } of zipEntries(buf)) {
    if (flags & 0x1) throw fail(SYNC_MSG.encrypted);
    total += size;
    if (total > VENUE_SYNC.maxUnpackedBytes) throw fail(SYNC_MSG.unpackedTooLarge);
    let data: Buffer;
    if (method === 0) {
      if (raw.length !== size) throw fail();
      data = raw;
    } else if (method === 8) {
      try {
        // maxOutputLength stops inflation at the declared size: a part claiming 1 KB cannot unpack to 1 GB.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
      } catch {
        throw fail(SYNC_MSG.unpackedTooLarge);
      }
      if (data.length !== size) throw fail();
    } else {
      throw fail();
    }
    if (!name.endsWith("/")) parts.set(name, data);
  }
  return parts;
}

/**
 * Packs parts into a zip without compression (what a workbook library can open again after the parts were
 * checked and trimmed here). Names are written as UTF-8.
 */
export function storedZip(parts: Map<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of parts) {
    const n = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(parts.size, 8);
  end.writeUInt16LE(parts.size, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
