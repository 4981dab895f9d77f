import { Readable } from "node:stream";
import { crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { venues } from "../../src/server/db/schema.ts";
import { SYNC_MSG, VENUE_SYNC } from "../../src/shared/admin/venue-sync.ts";
import { createTestApp } from "../helpers/app.ts";
import { changedTables, snapshotTables } from "./db-snapshot.ts";

/**
 * Hostile venue-sync uploads (spreadsheet size, zip bombs, wrong magic bytes), each refused with the spec's
 * message by both preview and apply, with nothing written anywhere in the database. Cases already proved in
 * tests/api/admin-venues-sync.test.ts ("hostile uploads": a PNG, a .csv or a zip renamed .xlsx, an .xlsx
 * renamed .csv, empty, 1 byte over the size limit by Content-Length, a part declaring 32 MB, a part lying
 * about its size, 501 parts, too many cells, a binary .csv) are not repeated; these fill the gaps.
 * Random and damaged files are fuzzed in tests/api/admin-fuzz.test.ts.
 */
const t = await createTestApp();
const admin = await t.admin();
await t.db.insert(venues).values({ name: "Keeper", city: "London", type: "restaurant" });

interface Part {
  name: string;
  data: Buffer;
  /** The uncompressed size written in the headers (default: the real one). */
  declared?: number;
  stored?: boolean;
}

/** A zip record: its signature, then [offset, value, width in bytes] fields. */
function record(signature: number, size: number, fields: Array<[number, number, 2 | 4]>): Buffer {
  const h = Buffer.alloc(size);
  h.writeUInt32LE(signature, 0);
  for (const [at, value, width] of fields)
    width === 2 ? h.writeUInt16LE(value, at) : h.writeUInt32LE(value, at);
  return h;
}

/** A zip whose headers say what the test wants: deflated or stored parts, honest or lying sizes. */
function zip(parts: Part[], declaredCount = parts.length): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const body = p.stored ? p.data : deflateRawSync(p.data);
    const name = Buffer.from(p.name);
    const method = p.stored ? 0 : 8;
    const [crc, size] = [crc32(p.data), p.declared ?? p.data.length];
    out.push(
      record(0x04034b50, 30, [
        [8, method, 2],
        [14, crc, 4],
        [18, body.length, 4],
        [22, size, 4],
        [26, name.length, 2],
      ]),
      name,
      body,
    );
    central.push(
      record(0x02014b50, 46, [
        [10, method, 2],
        [16, crc, 4],
        [20, body.length, 4],
        [24, size, 4],
        [28, name.length, 2],
        [42, offset, 4],
      ]),
      name,
    );
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = record(0x06054b50, 22, [
    [8, declaredCount, 2],
    [10, declaredCount, 2],
    [12, cd.length, 4],
    [16, offset, 4],
  ]);
  return Buffer.concat([...out, cd, end]);
}

async function realXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Venues").addRow(["Name", "City", "Type"]);
  wb.getWorksheet("Venues")!.addRow(["New Venue", "London", "restaurant"]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(kind: "preview" | "apply", file: Buffer | Readable, fileName: string) {
  return t.request({
    method: "POST",
    url: `/api/admin/venues/sync/${kind}?filename=${encodeURIComponent(fileName)}&planId=${"b".repeat(64)}`,
    as: admin,
    headers: { "content-type": "application/octet-stream" },
    payload: file,
  });
}

/** Refused by preview and apply with `status` and `message`; no table changed. */
async function refused(file: Buffer | (() => Readable), fileName: string, status: number, message: string) {
  const before = await snapshotTables(t.db);
  for (const kind of ["preview", "apply"] as const) {
    const res = await upload(kind, typeof file === "function" ? file() : file, fileName);
    expect(res.statusCode, `${kind} ${fileName}: ${res.body}`).toBe(status);
    expect(res.json().message, `${kind} ${fileName}`).toBe(message);
  }
  expect(changedTables(before, await snapshotTables(t.db))).toEqual([]);
}

const MB = 1024 * 1024;
const zeros = (n: number) => Buffer.alloc(n);

describe("venue sync uploads: size", () => {
  it("a file far over the limit is refused from its Content-Length, before it is read", async () => {
    await refused(Buffer.alloc(VENUE_SYNC.maxBytes * 3, 0x41), "venues.csv", 413, SYNC_MSG.tooLarge);
  });

  it("a file over the limit sent without a Content-Length (chunked) is cut off at the limit", async () => {
    const over = Math.ceil(VENUE_SYNC.maxBytes / MB) + 2;
    const chunks = () => Readable.from(Array.from({ length: over }, () => Buffer.alloc(MB, 0x41)));
    await refused(chunks, "venues.csv", 413, SYNC_MSG.tooLarge);
  });
});

describe("venue sync uploads: zip bombs", () => {
  it("many honest parts that together unpack beyond the limit", async () => {
    const n = Math.ceil(VENUE_SYNC.maxUnpackedBytes / (2 * MB)) + 1;
    const file = zip(
      Array.from({ length: n }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: zeros(2 * MB) })),
    );
    expect(file.length).toBeLessThan(200_000);
    await refused(file, "venues.xlsx", 400, SYNC_MSG.unpackedTooLarge);
  });

  it("a part declaring 0 bytes that inflates to megabytes", async () => {
    await refused(
      zip([{ name: "xl/worksheets/sheet1.xml", data: zeros(8 * MB), declared: 0 }]),
      "venues.xlsx",
      400,
      SYNC_MSG.unpackedTooLarge,
    );
  });

  it("a part declaring more than it holds", async () => {
    await refused(
      zip([{ name: "xl/workbook.xml", data: Buffer.from("<workbook/>"), declared: 5000 }]),
      "venues.xlsx",
      400,
      SYNC_MSG.damaged,
    );
  });

  it("a stored part whose sizes disagree", async () => {
    const file = zip([
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>"), stored: true, declared: 3 },
    ]);
    await refused(file, "venues.xlsx", 400, SYNC_MSG.damaged);
  });

  it("an end record counting more entries than the limit, whatever the directory holds", async () => {
    await refused(
      zip([{ name: "xl/workbook.xml", data: Buffer.from("<workbook/>") }], VENUE_SYNC.maxZipEntries + 1),
      "venues.xlsx",
      400,
      SYNC_MSG.unpackedTooLarge,
    );
  });

  it("an end record claiming Zip64", async () => {
    await refused(
      zip([{ name: "xl/workbook.xml", data: Buffer.from("<workbook/>") }], 0xffff),
      "venues.xlsx",
      400,
      SYNC_MSG.damaged,
    );
  });

  it("a real workbook with one part re-declared far smaller than it unpacks to", async () => {
    const parts = [
      ...(await import("../../src/server/modules/admin/venues/sync/zip-guard.ts"))
        .unpackZip(await realXlsx())
        .entries(),
    ].map(([name, data]) => ({ name, data, declared: name.includes("sheet1") ? 10 : undefined }));
    await refused(zip(parts), "venues.xlsx", 400, SYNC_MSG.unpackedTooLarge);
  });
});

describe("venue sync uploads: magic bytes", () => {
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n", "latin1"),
    Buffer.from([0, 1, 2, 3]),
  ]);
  const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), zeros(64)]);
  const cfb = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), zeros(1024)]);

  it.each([
    ["a PDF named .xlsx", pdf, "venues.xlsx", SYNC_MSG.mismatch(".xlsx")],
    ["random bytes named .xlsx", random, "venues.xlsx", SYNC_MSG.mismatch(".xlsx")],
    ["an executable named .xlsx", elf, "venues.xlsx", SYNC_MSG.mismatch(".xlsx")],
    ["an old Excel file named .xlsx", cfb, "venues.xlsx", SYNC_MSG.mismatch(".xlsx")],
    ["a PDF named .csv", pdf, "venues.csv", SYNC_MSG.mismatch(".csv")],
    ["random bytes named .csv", random, "venues.csv", SYNC_MSG.mismatch(".csv")],
    ["random bytes named .xls", random, "venues.xls", SYNC_MSG.mismatch(".xls")],
    ["random bytes with no name", random, "", SYNC_MSG.notSpreadsheet],
    ["a damaged compound file named .xls", cfb, "venues.xls", SYNC_MSG.damaged],
  ] as const)("%s", async (_name, file, fileName, message) => {
    await refused(file, fileName, 400, message);
  });

  it("a real .xlsx named .xls", async () => {
    await refused(await realXlsx(), "venues.xls", 400, SYNC_MSG.mismatch(".xls"));
  });
});
