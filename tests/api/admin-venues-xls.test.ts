/**
 * Legacy .xls (BIFF8) sync. The workbooks are made here by a tiny BIFF8 writer that splits the shared
 * strings across CONTINUE records the way Excel does, wrapped in a compound file by the `cfb` package.
 */
import CFB from "cfb";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { venues } from "../../src/server/db/schema.ts";
import { readCompoundStreams } from "../../src/server/modules/admin/venues/sync/cfb-reader.ts";
import { readXls, readXlsBiff8 } from "../../src/server/modules/admin/venues/sync/xls.ts";
import { SYNC_MSG, VENUE_SHEET_COLUMNS } from "../../src/shared/admin/venue-sync.ts";
import { createTestApp } from "../helpers/app.ts";

// ---- a tiny BIFF8 writer ----------------------------------------------------------------------------

const rec = (type: number, data: Buffer) => {
  const h = Buffer.alloc(4);
  h.writeUInt16LE(type, 0);
  h.writeUInt16LE(data.length, 2);
  return Buffer.concat([h, data]);
};
const u16 = (...v: number[]) => Buffer.from(new Uint16Array(v).buffer);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const f64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(v);
  return b;
};
const isWide = (s: string) => [...s].some((c) => c.charCodeAt(0) > 0xff);
const chars = (s: string, wide: boolean) => Buffer.from(s, wide ? "utf16le" : "latin1");
/** XLUnicodeString: 16-bit length, option byte, characters. */
const xlString = (s: string) => {
  const wide = isWide(s);
  return Buffer.concat([u16(s.length), Buffer.from([wide ? 1 : 0]), chars(s, wide)]);
};

/**
 * SST split into records of at most `max` bytes: a string's header never splits, its characters split on a
 * character boundary with a new option byte, rich-text runs and phonetic data split anywhere.
 */
function sst(strings: Array<{ text: string; runs?: number; ext?: number }>, max = 8224): Buffer {
  const segments: number[][] = [[]];
  let cur = segments[0];
  const fresh = () => {
    cur = [];
    segments.push(cur);
  };
  const atomic = (b: Buffer) => {
    if (cur.length + b.length > max) fresh();
    cur.push(...b);
  };
  const loose = (b: Buffer) => {
    for (const byte of b) {
      if (cur.length >= max) fresh();
      cur.push(byte);
    }
  };
  atomic(Buffer.concat([u32(strings.length), u32(strings.length)]));
  for (const s of strings) {
    const wide = isWide(s.text);
    const flags = (wide ? 1 : 0) | (s.runs ? 0x08 : 0) | (s.ext ? 0x04 : 0);
    atomic(
      Buffer.concat([
        u16(s.text.length),
        Buffer.from([flags]),
        s.runs ? u16(s.runs) : Buffer.alloc(0),
        s.ext ? u32(s.ext) : Buffer.alloc(0),
      ]),
    );
    const per = wide ? 2 : 1;
    for (let i = 0; i < s.text.length; ) {
      const n = Math.min(s.text.length - i, Math.floor((max - cur.length) / per));
      if (n === 0) {
        fresh();
        cur.push(wide ? 1 : 0);
        continue;
      }
      cur.push(...chars(s.text.slice(i, i + n), wide));
      i += n;
    }
    loose(Buffer.alloc((s.runs ?? 0) * 4 + (s.ext ?? 0), 0x5a));
  }
  return Buffer.concat(segments.map((seg, i) => rec(i === 0 ? 0x00fc : 0x003c, Buffer.from(seg))));
}

type Cell = string | number | boolean | { formula: string | number } | { label: string } | null;

function rk(v: number): Buffer | null {
  if (Number.isInteger(v) && v >= -(2 ** 29) && v < 2 ** 29) return u32(((v << 2) | 2) >>> 0);
  return null;
}

/** A BIFF8 workbook stream: shared strings for text cells, then one sheet with every kind of cell record. */
function workbookStream(
  rows: Cell[][],
  opts: {
    sstMax?: number;
    version?: number;
    encrypted?: boolean;
    strings?: Array<{ text: string; runs?: number; ext?: number }>;
  } = {},
): Buffer {
  const strings: Array<{ text: string; runs?: number; ext?: number }> = [...(opts.strings ?? [])];
  const index = new Map<string, number>();
  for (const r of rows)
    for (const c of r)
      if (typeof c === "string" && !index.has(c)) {
        index.set(c, strings.length);
        strings.push({
          text: c,
          runs: strings.length % 3 === 1 ? 2 : 0,
          ext: strings.length % 4 === 2 ? 5 : 0,
        });
      }
  const bof = (dt: number) => rec(0x0809, Buffer.concat([u16(opts.version ?? 0x0600, dt), Buffer.alloc(12)]));
  const sheetName = xlString("Venues").subarray(1); // ShortXLUnicodeString: 8-bit length
  sheetName[0] = 6;
  const boundsheet = (pos: number) => rec(0x0085, Buffer.concat([u32(pos), Buffer.from([0, 0]), sheetName]));
  const globalsWithout = Buffer.concat([
    bof(0x0005),
    opts.encrypted ? rec(0x002f, Buffer.alloc(6)) : Buffer.alloc(0),
    boundsheet(0),
    sst(strings, opts.sstMax),
    rec(0x000a, Buffer.alloc(0)),
  ]);
  const cells: Buffer[] = [];
  rows.forEach((r, y) => {
    // Runs of whole numbers become one MULRK record, as Excel writes them.
    for (let x = 0; x < r.length; x++) {
      const c = r[x];
      if (c === null || c === "") continue;
      const head = u16(y, x, 15);
      if (typeof c === "string") cells.push(rec(0x00fd, Buffer.concat([head, u32(index.get(c)!)])));
      else if (typeof c === "boolean")
        cells.push(rec(0x0205, Buffer.concat([head, Buffer.from([c ? 1 : 0, 0])])));
      else if (typeof c === "number") {
        const next = r[x + 1];
        if (typeof next === "number" && rk(c) && rk(next)) {
          let end = x;
          const parts: Buffer[] = [];
          while (typeof r[end] === "number" && rk(r[end] as number)) {
            parts.push(Buffer.concat([u16(15), rk(r[end] as number)!]));
            end++;
          }
          cells.push(rec(0x00bd, Buffer.concat([u16(y, x), ...parts, u16(end - 1)])));
          x = end - 1;
        } else if (rk(c)) cells.push(rec(0x027e, Buffer.concat([head, rk(c)!])));
        else cells.push(rec(0x0203, Buffer.concat([head, f64(c)])));
      } else if ("label" in c) cells.push(rec(0x0204, Buffer.concat([head, xlString(c.label)])));
      else if (typeof c.formula === "number")
        cells.push(rec(0x0006, Buffer.concat([head, f64(c.formula), u16(0), u32(0), u16(0)])));
      else {
        const value = Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]);
        cells.push(rec(0x0006, Buffer.concat([head, value, u16(0), u32(0), u16(0)])));
        cells.push(rec(0x04bc, Buffer.alloc(10))); // a shared-formula record may sit before STRING
        cells.push(rec(0x0207, xlString(c.formula)));
      }
    }
  });
  const sheet = Buffer.concat([bof(0x0010), ...cells, rec(0x000a, Buffer.alloc(0))]);
  const globals = Buffer.from(globalsWithout);
  // Point BOUNDSHEET at the sheet's BOF (it follows the globals).
  const at = globals.indexOf(boundsheet(0));
  globals.writeUInt32LE(globals.length, at + 4);
  return Buffer.concat([globals, sheet]);
}

function xlsFile(stream: Buffer, name = "Workbook"): Buffer {
  const c = CFB.utils.cfb_new();
  CFB.utils.cfb_add(c, name, stream);
  CFB.utils.cfb_add(c, "\u0005SummaryInformation", Buffer.alloc(200, 1));
  return Buffer.from(CFB.write(c, { type: "buffer" }) as Uint8Array);
}

/** Where BOUNDSHEET says the first sheet starts (walking the globals' records). */
function boundSheetPosition(stream: Buffer): number {
  for (let p = 0; p + 4 <= stream.length; p += 4 + stream.readUInt16LE(p + 2))
    if (stream.readUInt16LE(p) === 0x0085) return stream.readUInt32LE(p + 4);
  throw new Error("no BOUNDSHEET");
}

// ---- the reader ---------------------------------------------------------------------------------------

describe("BIFF8 reader", () => {
  it("reads every kind of cell record", () => {
    const rows = readXlsBiff8(
      workbookStream([
        ["Name", "City", { label: "Type" }],
        [
          "Café ☕ Zürich",
          { formula: "London" },
          "restaurant",
          42,
          7,
          1.25,
          2079460000,
          true,
          { formula: 3.5 },
        ],
      ]),
    );
    expect(rows).toEqual([
      { line: 1, cells: ["Name", "City", "Type"] },
      {
        line: 2,
        cells: ["Café ☕ Zürich", "London", "restaurant", "42", "7", "1.25", "2079460000", "TRUE", "3.5"],
      },
    ]);
  });

  it("shared strings split across CONTINUE records at any size come back whole (property)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "é", "Z", " ", "☕", "Ω", "1", "ß"), maxLength: 60 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ text, runs: fc.nat(3), ext: fc.nat(9) }), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 12, max: 90 }),
        (strings, max) => {
          const stream = workbookStream([[]], { sstMax: max, strings });
          // Reference every string from a sheet cell so the reader returns them in order.
          const cells = strings.map((_, i) => rec(0x00fd, Buffer.concat([u16(0, i, 15), u32(i)])));
          const sheetAt = boundSheetPosition(stream);
          const withCells = Buffer.concat([
            stream.subarray(0, sheetAt + 20),
            ...cells,
            rec(0x000a, Buffer.alloc(0)),
          ]);
          const [row] = readXlsBiff8(withCells);
          const expected = strings.map((s) => s.text);
          // A row of only spaces is blank, like an empty one (isBlankRow).
          const lastNonEmpty = expected.findLastIndex((s) => s.trim() !== "");
          if (lastNonEmpty < 0) return row === undefined;
          expect(row.cells.slice(0, lastNonEmpty + 1)).toEqual(expected.slice(0, lastNonEmpty + 1));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("reads small (mini stream) and large (FAT chain) Workbook streams like the cfb package", () => {
    for (const n of [2, 400]) {
      const stream = workbookStream(
        Array.from({ length: n }, (_, i) => [`Venue ${i}`, "London", "wellness", i]),
      );
      const file = xlsFile(stream);
      const mine = readCompoundStreams(file, ["Workbook"]).get("Workbook")!;
      const theirs = Buffer.from(
        CFB.find(CFB.read(file, { type: "buffer" }), "Workbook")!.content as Uint8Array,
      );
      expect(mine.equals(theirs)).toBe(true);
      expect(mine.equals(stream)).toBe(true);
      expect(readXls(file)).toHaveLength(n);
    }
  });

  it("refuses encrypted, Excel 5.0 and damaged workbooks without hanging", () => {
    const expectRefused = (f: () => unknown, message: string) => expect(f).toThrow(message);
    expectRefused(() => readXls(xlsFile(workbookStream([["a"]], { encrypted: true }))), SYNC_MSG.encrypted);
    expectRefused(() => readXls(xlsFile(workbookStream([["a"]], { version: 0x0500 }))), SYNC_MSG.oldExcel);
    expectRefused(() => readXls(xlsFile(workbookStream([["a"]]), "Book")), SYNC_MSG.oldExcel);
    const stream = workbookStream([["Name"]]);
    expectRefused(() => readXls(xlsFile(stream.subarray(0, stream.length - 7))), SYNC_MSG.damaged);
    expectRefused(() => readXls(xlsFile(Buffer.from("hello"))), SYNC_MSG.damaged);

    // A FAT whose chains loop back on themselves (every sector points at sector 0).
    const big = xlsFile(workbookStream(Array.from({ length: 300 }, (_, i) => [`V${i}`, "L", "wellness"])));
    const looped = Buffer.from(big);
    const fatSector = looped.readUInt32LE(0x4c);
    const fatAt = (fatSector + 1) * 512;
    for (let i = 0; i < 128; i++)
      if (looped.readInt32LE(fatAt + i * 4) >= 0) looped.writeUInt32LE(0, fatAt + i * 4);
    const started = Date.now();
    expectRefused(() => readXls(looped), SYNC_MSG.damaged);
    // Every sector of a 4 MB file chained in reverse order: linear work here. (The cfb package re-walks and
    // copies such chains from every sector: 84 s and 16 GB of memory for this file when measured.)
    const n = 8000;
    const fatCount = n / 128;
    const reversed = Buffer.alloc(512 * (n + 1));
    reversed.write("d0cf11e0a1b11ae1", 0, "hex");
    reversed.writeUInt16LE(3, 0x1a);
    reversed.writeUInt16LE(9, 0x1e);
    reversed.writeUInt16LE(6, 0x20);
    reversed.writeUInt32LE(4096, 0x38);
    reversed.writeUInt32LE(n - 1, 0x30); // the directory starts at the last sector and runs backwards
    for (let i = 0; i < 109; i++) reversed.writeUInt32LE(0xffffffff, 0x4c + i * 4);
    reversed.writeUInt32LE(0xfffffffe, 0x44);
    for (let f = 0; f < fatCount; f++) reversed.writeUInt32LE(n - fatCount + f, 0x4c + f * 4);
    for (let s = 0; s < n; s++)
      reversed.writeUInt32LE(s === 0 ? 0xfffffffe : s - 1, (n - fatCount + 1) * 512 + s * 4);
    expectRefused(() => readXls(reversed), SYNC_MSG.damaged);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

// ---- through the API ----------------------------------------------------------------------------------

const t = await createTestApp();
const admin = await t.admin();

describe("POST /api/admin/venues/sync with .xls", () => {
  it("previews and applies a legacy workbook", async () => {
    const [existing] = await t.db
      .insert(venues)
      .values({ name: "Old Hall", address: "1 Lane", city: "London", type: "cultural" })
      .returning();
    const header = [...VENUE_SHEET_COLUMNS];
    const file = xlsFile(
      workbookStream([
        header,
        [existing.id, "Old Hall", "1 Lane", "London", "cultural", "high", "", "", "", "", "", ""],
        [
          null,
          "Nouveau Café",
          "2 Rue",
          "London",
          "restaurant",
          "",
          "Crêpes ☕",
          "Terrace, Wine",
          "",
          "Vegan",
          2079460000,
          "https://cafe.example.com",
        ],
        [null, "No Type", "", "London", "", "", "", "", "", "", "", ""],
      ]),
    );
    const send = (kind: string, planId?: string) =>
      t.request({
        method: "POST",
        url: `/api/admin/venues/sync/${kind}?filename=venues.xls${planId ? `&planId=${planId}` : ""}`,
        as: admin,
        headers: { "content-type": "application/vnd.ms-excel" },
        payload: file,
      });
    const p = await send("preview");
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().counts).toEqual({
      new: 1,
      updated: 1,
      removed: 0,
      unchanged: 0,
      problems: 1,
      kept: 0,
      dateIdeasUnlinked: 0,
    });
    expect(p.json().problems).toEqual([SYNC_MSG.missingFields(4)]);
    const a = await send("apply", p.json().planId);
    expect(a.statusCode, a.body).toBe(200);
    const rows = await t.db.select().from(venues).orderBy(venues.id);
    expect(rows.map((v) => [v.name, v.priceLevel])).toEqual([
      ["Old Hall", "high"],
      ["Nouveau Café", "medium"],
    ]);
    expect(rows[1]).toMatchObject({
      experienceBlurb: "Crêpes ☕",
      features: ["Terrace", "Wine"],
      contactInfo: { phone: "02079460000", website: "https://cafe.example.com" },
    });
  });

  it("refuses an .xlsx renamed to .xls and junk with the .xls magic", async () => {
    const junk = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(1000, 7)]);
    const res = await t.request({
      method: "POST",
      url: "/api/admin/venues/sync/preview?filename=venues.xls",
      as: admin,
      headers: { "content-type": "application/octet-stream" },
      payload: junk,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SYNC_MSG.damaged);
  });
});
