import { deflateRawSync } from "node:zlib";
import { asc, isNotNull, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { dateIdeas, dateReservations, venues } from "../../src/server/db/schema.ts";
import { safeCell, unescapeCell } from "../../src/server/modules/admin/spreadsheet.ts";
import { safeParts } from "../../src/server/modules/admin/venues/sync/xlsx.ts";
import { unpackZip } from "../../src/server/modules/admin/venues/sync/zip-guard.ts";
import {
  SYNC_MSG,
  VENUE_SHEET_COLUMNS,
  VENUE_SYNC,
  type VenueSyncPreview,
} from "../../src/shared/admin/venue-sync.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const admin = await t.admin();
const member = await t.member();

type Cells = Array<string | number | null | { formula: string; result: string }>;
const HEADER = [...VENUE_SHEET_COLUMNS];

async function xlsx(rows: Cells[], header: string[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Venues");
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const csv = (rows: Cells[], header: string[] = HEADER, sep = ",") =>
  Buffer.from([header, ...rows].map((r) => r.map(csvCell).join(sep)).join("\r\n"));

/** A sheet row in template order from the fields that matter to a test. */
function row(v: {
  id?: number | string;
  name?: string;
  address?: string;
  city?: string;
  type?: string;
  price?: string;
  blurb?: string;
  features?: string;
  access?: string;
  dietary?: string;
  phone?: string | number;
  website?: string;
}): Cells {
  return [
    v.id ?? "",
    v.name ?? "",
    v.address ?? "",
    v.city ?? "",
    v.type ?? "",
    v.price ?? "",
    v.blurb ?? "",
    v.features ?? "",
    v.access ?? "",
    v.dietary ?? "",
    v.phone ?? "",
    v.website ?? "",
  ];
}

function upload(
  kind: "preview" | "apply",
  file: Buffer,
  fileName: string,
  planId?: string,
  offDocument?: string,
) {
  const q = new URLSearchParams({ filename: fileName, ...(planId ? { planId } : {}) });
  return t.request({
    offDocument,
    method: "POST",
    url: `/api/admin/venues/sync/${kind}?${q}`,
    as: admin,
    headers: { "content-type": "application/octet-stream" },
    payload: file,
  });
}

async function preview(file: Buffer, fileName = "venues.xlsx"): Promise<VenueSyncPreview> {
  const res = await upload("preview", file, fileName);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function previewThenApply(file: Buffer, fileName = "venues.xlsx") {
  const p = await preview(file, fileName);
  const res = await upload("apply", file, fileName, p.planId);
  expect(res.statusCode, res.body).toBe(200);
  return { preview: p, result: res.json() };
}

const allVenues = () => t.db.select().from(venues).orderBy(asc(venues.id));

async function reset() {
  await t.db.delete(dateReservations);
  await t.db.delete(dateIdeas);
  await t.db.delete(venues);
}

async function seed(...names: string[]) {
  return t.db
    .insert(venues)
    .values(
      names.map((name, i) => ({
        name,
        address: `${i + 1} Old Road`,
        city: "London",
        type: "restaurant" as const,
        priceLevel: "medium",
        features: ["Garden"],
        accessibilityFeatures: ["Step-free access"],
        dietaryAccommodations: ["Vegan"],
        contactInfo: { phone: "020 7946 0000", website: "https://old.example.com" },
      })),
    )
    .returning();
}

const same = (v: typeof venues.$inferSelect) => ({
  id: v.id,
  name: v.name,
  address: v.address ?? "",
  city: v.city,
  type: v.type,
  price: v.priceLevel,
  blurb: v.experienceBlurb ?? "",
  features: v.features.join(", "),
  access: v.accessibilityFeatures.join(", "),
  dietary: v.dietaryAccommodations.join(", "),
  phone: v.contactInfo?.phone ?? "",
  website: v.contactInfo?.website ?? "",
});

beforeEach(reset);

describe("preview", () => {
  it("counts new, updated, removed and unchanged venues and changes nothing", async () => {
    const [a, b, c] = await seed("Alpha", "Bravo", "Charlie");
    const before = await allVenues();
    const file = await xlsx([
      row({ ...same(a) }),
      row({ ...same(b), city: "Bath" }),
      row({ name: "Delta", city: "London", type: "Cultural", price: "HIGH", features: "Art, Wine" }),
    ]);
    const p = await preview(file);
    expect(p.counts).toEqual({
      new: 1,
      updated: 1,
      removed: 1,
      unchanged: 1,
      problems: 0,
      kept: 0,
      dateIdeasUnlinked: 0,
    });
    expect(p.added).toEqual([{ row: 4, name: "Delta", city: "London" }]);
    expect(p.updated).toEqual([{ row: 3, id: b.id, name: "Bravo", city: "Bath", changes: ["City"] }]);
    expect(p.removed).toEqual([{ id: c.id, name: "Charlie", city: "London", dateIdeas: 0 }]);
    expect(p.planId).toMatch(/^[0-9a-f]{64}$/);
    expect(await allVenues()).toEqual(before);
  });

  it("flags rows with the spec's messages and keeps counting the others", async () => {
    await seed("Alpha");
    const file = await xlsx([
      row({ name: "No City", type: "restaurant" }),
      row({ name: "Bad Type", city: "London", type: "nightclub" }),
      row({ name: "Bad Price", city: "London", type: "activity", price: "free" }),
      row({ name: "Bad Site", city: "London", type: "activity", website: "not a url" }),
      row({ name: "Bad Phone", city: "London", type: "activity", phone: "555-1234" }),
      row({ id: "abc", name: "Bad Id", city: "London", type: "activity" }),
      row({ id: 99999, name: "Unknown Id", city: "London", type: "activity" }),
      row({ name: "Fine", city: "London", type: "wellness" }),
      row({ name: "fine ", city: "London", type: "wellness" }),
    ]);
    const p = await preview(file);
    expect(p.problems).toEqual([
      SYNC_MSG.missingFields(2),
      'Row 3: Type must be one of restaurant, activity, cultural, adventure or wellness (found "nightclub")',
      'Row 4: Price level must be low, medium or high (found "free")',
      "Row 5: Website must be a full address starting with http:// or https://",
      "Row 6: Phone: Please enter a valid UK phone number",
      'Row 7: ID "abc" is not a venue ID',
      "Row 8: No venue has ID 99999",
      "Row 10: Same venue as row 9; only row 9 is used",
    ]);
    expect(p.counts).toMatchObject({ new: 1, removed: 1, problems: 8 });
  });

  it("refuses to remove venues with date reservations", async () => {
    await seed("Alpha");
    const { venue } = await arrangeDate(t.db, member.user.id, {
      at: new Date(t.clock.now().getTime() + hours(100)),
      venueName: "Booked Place",
    });
    const p = await preview(await xlsx([row({ name: "Newcomer", city: "London", type: "restaurant" })]));
    expect(p.problems).toEqual(["Cannot delete Booked Place: Has existing date assignments"]);
    expect(p.counts).toMatchObject({ new: 1, removed: 1, problems: 1 });
    const { result } = await previewThenApply(
      await xlsx([row({ name: "Newcomer", city: "London", type: "restaurant" })]),
    );
    expect(result).toMatchObject({ created: 1, removed: 1, skipped: 1 });
    expect((await allVenues()).map((v) => v.name).sort()).toEqual(["Booked Place", "Newcomer"]);
    expect((await allVenues()).find((v) => v.id === venue.id)).toBeTruthy();
  });
});

describe("apply", () => {
  it("matches by ID first, else by name + address (trimmed, case-insensitive), in one go", async () => {
    const [a, b, c, d] = await seed("Alpha", "Bravo", "Charlie", "Delta");
    const file = await xlsx([
      // By ID: renamed and moved.
      row({ ...same(a), name: "Alpha Renamed", address: "9 New Road" }),
      // By name and address, differently cased and spaced: found, and updated since the text differs.
      row({ ...same(b), id: "", name: "  BRAVO ", address: " 2 old road  " }),
      // By name and address, identical: unchanged.
      row({ ...same(c), id: "" }),
      // New, with a number-typed phone (Excel drops the leading zero).
      row({
        name: "Echo",
        city: "London",
        type: "adventure",
        phone: 2079460001,
        dietary: "Vegan,  Halal ,",
        website: "https://echo.example.com",
      }),
    ]);
    const { preview: p, result } = await previewThenApply(file);
    expect(p.counts).toEqual({
      new: 1,
      updated: 2,
      removed: 1,
      unchanged: 1,
      problems: 0,
      kept: 0,
      dateIdeasUnlinked: 0,
    });
    expect(p.updated.map((u) => u.changes)).toEqual([
      ["Name", "Address"],
      ["Name", "Address"],
    ]);
    expect(result).toEqual({ created: 1, updated: 2, removed: 1, unchanged: 1, skipped: 0, problems: [] });
    const after = await allVenues();
    expect(after.map((v) => v.name)).toEqual(["Alpha Renamed", "BRAVO", "Charlie", "Echo"]);
    expect(after[0]).toMatchObject({ id: a.id, address: "9 New Road", features: ["Garden"] });
    expect(after[1]).toMatchObject({ id: b.id, address: "2 old road" });
    expect(after[2]).toMatchObject({ id: c.id, address: "3 Old Road" });
    expect(after[3]).toMatchObject({
      type: "adventure",
      priceLevel: "medium",
      dietaryAccommodations: ["Vegan", "Halal"],
      accessibilityFeatures: [],
      contactInfo: { phone: "02079460001", website: "https://echo.example.com" },
    });
    expect(after.some((v) => v.id === d.id)).toBe(false);
  });

  it("an exported file syncs back with no changes (formula-like text included)", async () => {
    await seed("Alpha");
    await t.db
      .insert(venues)
      .values({ name: '=HYPERLINK("http://x.example")', city: "-London", type: "wellness" });
    const exported = await t.request({ method: "POST", url: "/api/admin/venues/export", as: admin });
    const p = await preview(exported.rawPayload);
    expect(p.counts).toEqual({
      new: 0,
      updated: 0,
      removed: 0,
      unchanged: 2,
      problems: 0,
      kept: 0,
      dateIdeasUnlinked: 0,
    });
  });

  it("names that start with an apostrophe before formula-like text also sync back unchanged", async () => {
    // Before: "'=1+1" was exported as it was and read back as "=1+1" (an update nobody made).
    await t.db.insert(venues).values(
      ["'=1+1", "''=y", "'@x", "=1+1", "'plain", "'\t=x", "Ok - fine"].map((name) => ({
        name,
        city: "London",
        type: "wellness" as const,
      })),
    );
    const exported = await t.request({ method: "POST", url: "/api/admin/venues/export", as: admin });
    const p = await preview(exported.rawPayload);
    expect(p.updated).toEqual([]);
    expect(p.counts).toEqual({
      new: 0,
      updated: 0,
      removed: 0,
      unchanged: 7,
      problems: 0,
      kept: 0,
      dateIdeasUnlinked: 0,
    });
  });

  it("safeCell and unescapeCell round-trip any text, and escape what could run as a formula (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", " ", "\t", "\r", "a", "1") }),
        (s) => {
          const cell = safeCell(s) as string;
          expect(unescapeCell(cell)).toBe(s);
          // What a spreadsheet program would evaluate: the text after leading spaces.
          if (/^\s*[=+\-@]/.test(s) || /^[\t\r]/.test(s)) expect(cell.startsWith("'")).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a postcode in the address places the venue; a new one moves it; none keeps where it is", async () => {
    const [moved, kept] = await t.db
      .insert(venues)
      .values(
        ["Mover", "Stayer"].map((name, i) => ({
          name,
          address: `${i + 1} Old Road`,
          city: "London",
          type: "restaurant" as const,
          priceLevel: "medium",
          postcode: "SW1A 1AA",
          latitude: "51.5010000",
          longitude: "-0.1416000",
        })),
      )
      .returning();
    const { result } = await previewThenApply(
      await xlsx([
        row({
          name: "Soho Supper",
          address: "12 Old Compton St, London w1d4hs",
          city: "London",
          type: "restaurant",
        }),
        row({ name: "No Code Bar", address: "3 Somewhere Lane", city: "London", type: "activity" }),
        row({
          id: moved.id,
          name: "Mover",
          address: "9 Brick Lane, London E1 6QL",
          city: "London",
          type: "restaurant",
        }),
        row({
          id: kept.id,
          name: "Stayer",
          address: "2 Old Road, second floor",
          city: "London",
          type: "restaurant",
        }),
      ]),
    );
    expect(result).toMatchObject({ created: 2, updated: 2 });
    const byName = new Map((await allVenues()).map((v) => [v.name, v]));
    const soho = byName.get("Soho Supper")!;
    expect(soho.postcode).toBe("W1D 4HS");
    expect(Number(soho.latitude)).toBeCloseTo(51.51, 1);
    expect(Number(soho.longitude)).toBeCloseTo(-0.13, 1);
    expect(byName.get("No Code Bar")).toMatchObject({ postcode: null, latitude: null, longitude: null });
    const mover = byName.get("Mover")!;
    expect(mover.postcode).toBe("E1 6QL");
    expect(Number(mover.longitude)).toBeGreaterThan(-0.09); // east of the City, no longer at Whitehall
    expect(byName.get("Stayer")).toMatchObject({
      postcode: "SW1A 1AA",
      latitude: "51.5010000",
      longitude: "-0.1416000",
    });
  });

  it("a column missing from the sheet keeps its stored values", async () => {
    const [a] = await seed("Alpha");
    const header = ["Name", "Address", "City", "Type"];
    const { result } = await previewThenApply(
      await xlsx([["Alpha", "1 Old Road", "Leeds", "restaurant"]], header),
    );
    expect(result).toMatchObject({ updated: 1 });
    const [after] = await allVenues();
    expect(after).toMatchObject({
      id: a.id,
      city: "Leeds",
      features: ["Garden"],
      contactInfo: { phone: "020 7946 0000", website: "https://old.example.com" },
    });
  });

  it("applies only rows without problems and leaves flagged venues as they are", async () => {
    const [a, b] = await seed("Alpha", "Bravo");
    const file = await xlsx([
      row({ ...same(a), type: "casino" }), // flagged: Alpha stays as it is, and is not removed
      row({ ...same(b), price: "high" }),
    ]);
    const { result } = await previewThenApply(file);
    expect(result).toMatchObject({ updated: 1, removed: 0, skipped: 1 });
    const after = await allVenues();
    expect(after.map((v) => [v.name, v.type, v.priceLevel])).toEqual([
      ["Alpha", "restaurant", "medium"],
      ["Bravo", "restaurant", "high"],
    ]);
  });

  it("refuses a plan that no longer matches the venues (409) and one never previewed (400)", async () => {
    await seed("Alpha");
    const file = await xlsx([row({ name: "Zulu", city: "London", type: "restaurant" })]);
    const p = await preview(file);
    await seed("Added Meanwhile");
    const stale = await upload("apply", file, "venues.xlsx", p.planId);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(SYNC_MSG.planChanged);
    const noPlan = await t.request({
      method: "POST",
      url: "/api/admin/venues/sync/apply?filename=venues.xlsx",
      as: admin,
      headers: { "content-type": "application/octet-stream" },
      payload: file,
    });
    expect(noPlan.statusCode).toBe(400);
    expect((await allVenues()).map((v) => v.name)).toEqual(["Alpha", "Added Meanwhile"]);
    // Applying twice: the second finds nothing left to do and a different plan.
    const fresh = await preview(file);
    expect((await upload("apply", file, "venues.xlsx", fresh.planId)).statusCode).toBe(200);
    expect((await upload("apply", file, "venues.xlsx", fresh.planId)).statusCode).toBe(409);
  });

  it("is atomic: a failure in the middle leaves every venue as it was", async () => {
    const [a] = await seed("Alpha", "Bravo");
    await t.db.execute(sql`
      create or replace function venues_test_explode() returns trigger language plpgsql as $$
      begin if new.name = 'Explode Here' then raise exception 'boom'; end if; return new; end $$`);
    await t.db.execute(sql`
      create trigger venues_test_explode before insert on venues
      for each row execute function venues_test_explode()`);
    try {
      const before = await allVenues();
      // Bravo would be removed and Alpha updated before the inserts reach the failing row.
      const file = await xlsx([
        row({ ...same(a), city: "York" }),
        row({ name: "Fine New", city: "London", type: "restaurant" }),
        row({ name: "Explode Here", city: "London", type: "restaurant" }),
        row({ name: "After It", city: "London", type: "restaurant" }),
      ]);
      const p = await preview(file);
      expect(p.counts).toMatchObject({ new: 3, updated: 1, removed: 1 });
      const res = await upload("apply", file, "venues.xlsx", p.planId, "a trigger made to fail: a 500");
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe(SYNC_MSG.applyFailed);
      expect(await allVenues()).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger venues_test_explode on venues`);
    }
  });

  it("reads .csv (comma or semicolon, BOM, Windows-1252) like .xlsx", async () => {
    const [a] = await seed("Alpha");
    const file = csv([
      row({ ...same(a), blurb: 'Says "hello", twice' }),
      row({ name: "Café Noir", address: "5 Rue", city: "London", type: "restaurant" }),
    ]);
    const { result } = await previewThenApply(Buffer.concat([Buffer.from("\ufeff"), file]), "venues.csv");
    expect(result).toMatchObject({ created: 1, updated: 1 });
    expect((await allVenues())[0].experienceBlurb).toBe('Says "hello", twice');

    const semi = csv(
      [
        row({ ...same(a), blurb: 'Says "hello", twice' }),
        row({ name: "Café Noir", address: "5 Rue", city: "London", type: "restaurant" }),
      ],
      HEADER,
      ";",
    );
    expect((await preview(Buffer.from(semi.toString("utf8"), "latin1"), "venues.csv")).counts).toMatchObject({
      unchanged: 2,
    });
  });

  it("a .csv is read to its end however many lines its quoted cells span, rows numbered as a spreadsheet shows them", async () => {
    // Before: reading stopped at line 80,000 of the file, so "Tail" (row 103, line 90,103) was planned for removal.
    await seed("Keeper", "Tail");
    const blurb = "l\n".repeat(900).trim();
    const file = csv(
      [
        ["Keeper", "1 Old Road", "London", "restaurant", ""],
        ...Array.from({ length: 100 }, (_, i) => [`Filler ${i}`, "", "London", "activity", blurb]),
        ["Tail", "2 Old Road", "London", "restaurant", ""],
        ["", "", "London", "", ""],
      ],
      ["Name", "Address", "City", "Type", "Experience Description"],
    );
    expect(file.toString().split("\n").length).toBeGreaterThan(90_000);
    const p = await preview(file, "venues.csv");
    expect(p.counts).toEqual({
      new: 100,
      updated: 0,
      removed: 0,
      unchanged: 2,
      problems: 1,
      kept: 0,
      dateIdeasUnlinked: 0,
    });
    expect(p.problems).toEqual([SYNC_MSG.missingFields(104)]);
    // A file of blank records is refused as too long rather than read partly.
    const blanks = Buffer.from(`Name,City,Type\n${",,\n".repeat(150_000)}Late,London,restaurant\n`);
    const res = await upload("preview", blanks, "venues.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SYNC_MSG.tooManyRows);
  });

  it("takes a formula cell's cached value", async () => {
    const file = await xlsx([
      [
        "",
        "Formula Venue",
        "",
        { formula: '"Lon"&"don"', result: "London" },
        "wellness",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
      ],
    ]);
    const { result } = await previewThenApply(file);
    expect(result.created).toBe(1);
    expect((await allVenues())[0]).toMatchObject({ name: "Formula Venue", city: "London" });
  });
});

/** A zip with one deflated part; `declared` is the size its directory claims (honest by default). */
const deflated = new WeakMap<Buffer, Buffer>();
function zipOf(name: string, content: Buffer, declared = content.length, count = 1): Buffer {
  const data = deflated.get(content) ?? deflateRawSync(content);
  deflated.set(content, data);
  const nameBuf = Buffer.from(name);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const n = count === 1 ? nameBuf : Buffer.from(`${i}-${name}`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A zip of several deflated parts with honest sizes. */
function zipParts(parts: Array<[string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of parts) {
    const one = zipOf(name, content);
    // zipOf writes one local header + data, then its central entry and end record; keep the first part.
    const cdAt = one.length - 22 - (46 + Buffer.byteLength(name));
    const local = one.subarray(0, cdAt);
    const central = Buffer.from(one.subarray(cdAt, one.length - 22));
    central.writeUInt32LE(offset, 42);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe("hostile uploads", () => {
  const refused = async (file: Buffer, fileName: string, status: number, message: string | RegExp) => {
    await seed("Keeper");
    const before = await allVenues();
    for (const kind of ["preview", "apply"] as const) {
      const res = await upload(kind, file, fileName, "b".repeat(64));
      expect(res.statusCode, res.body).toBe(status);
      if (typeof message === "string") expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    }
    expect(await allVenues()).toEqual(before);
  };

  it("wrong magic bytes, renamed files and other extensions", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    await refused(png, "venues.xlsx", 400, SYNC_MSG.mismatch(".xlsx"));
    await refused(
      Buffer.from("Name,City,Type\nA,B,restaurant\n"),
      "venues.xlsx",
      400,
      SYNC_MSG.mismatch(".xlsx"),
    );
    await refused(
      await xlsx([row({ name: "Xx", city: "London", type: "restaurant" })]),
      "venues.csv",
      400,
      SYNC_MSG.mismatch(".csv"),
    );
    await refused(Buffer.from("Name,City,Type\n"), "venues.txt", 400, SYNC_MSG.fileType);
    await refused(Buffer.alloc(0), "venues.csv", 400, SYNC_MSG.empty);
    await refused(Buffer.from("PK\u0003\u0004garbage"), "venues.xlsx", 400, SYNC_MSG.damaged);
  });

  it("too big: refused before it is read", async () => {
    const big = Buffer.alloc(VENUE_SYNC.maxBytes + 1, 0x41);
    await refused(big, "venues.csv", 413, SYNC_MSG.tooLarge);
  });

  it("zip bombs: too much declared, a part lying about its size, too many parts", async () => {
    const zeros = Buffer.alloc(VENUE_SYNC.maxUnpackedBytes + 1024);
    await refused(zipOf("xl/worksheets/sheet1.xml", zeros), "venues.xlsx", 400, SYNC_MSG.unpackedTooLarge);
    await refused(
      zipOf("xl/worksheets/sheet1.xml", zeros, 1000),
      "venues.xlsx",
      400,
      SYNC_MSG.unpackedTooLarge,
    );
    await refused(
      zipOf("a.xml", Buffer.from("x"), 1, VENUE_SYNC.maxZipEntries + 1),
      "venues.xlsx",
      400,
      SYNC_MSG.unpackedTooLarge,
    );
    // A well-formed zip that is not a workbook.
    await refused(zipOf("hello.txt", Buffer.from("hello")), "venues.xlsx", 400, SYNC_MSG.mismatch(".xlsx"));
  });

  it("a small file holding too many cells is refused before the workbook is built", async () => {
    // 510,000 tiny cells: highly compressible XML that a workbook library would turn into 510,000 objects.
    const rows = Array.from({ length: 5100 }, (_, r) => {
      const cells = Array.from(
        { length: 100 },
        (_, c) => `<c r="${String.fromCharCode(65 + (c % 26))}${r + 1}"><v>1</v></c>`,
      );
      return `<row r="${r + 1}">${cells.join("")}</row>`;
    });
    const file = zipParts([
      ["xl/workbook.xml", Buffer.from("<workbook/>")],
      [
        "xl/worksheets/sheet2.xml",
        Buffer.from(`<worksheet><sheetData>${rows.join("")}</sheetData></worksheet>`),
      ],
    ]);
    expect(file.length).toBeLessThan(1_000_000);
    await refused(file, "venues.xlsx", 400, SYNC_MSG.tooManyCells);
  });

  it("missing columns, no rows, too many rows, binary junk as csv", async () => {
    await refused(
      csv([["A", "B"]], ["Name", "Address"]),
      "venues.csv",
      400,
      SYNC_MSG.missingColumns(["City", "Type"]),
    );
    await refused(csv([]), "venues.csv", 400, SYNC_MSG.noRows);
    const many = csv(
      Array.from({ length: VENUE_SYNC.maxRows + 1 }, (_, i) => [i, `V${i}`, "", "L", "wellness"]),
      ["ID", "Name", "Address", "City", "Type"],
    );
    await refused(many, "venues.csv", 400, SYNC_MSG.tooManyRows);
    await refused(Buffer.from([0x41, 0x00, 0x42, 0x00]), "venues.csv", 400, SYNC_MSG.mismatch(".csv"));
    await refused(
      Buffer.from('Name,City,Type\n"unterminated,London,restaurant\n'),
      "venues.csv",
      400,
      /^The workbook is damaged/,
    );
  });

  it("wrong content type and over-long file names", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/admin/venues/sync/preview",
      as: admin,
      headers: { "content-type": "application/json" },
      payload: { name: "x" },
    });
    expect(res.statusCode).toBe(415);
    const longName = await upload("preview", csv([]), `${"a".repeat(300)}.csv`);
    expect(longName.statusCode).toBe(400);
  });

  /** A real one-venue workbook with one part rewritten (sheet or workbook XML). */
  async function tampered(part: string, edit: (xml: string) => string): Promise<Buffer> {
    const parts = unpackZip(await xlsx([row({ name: "Only Venue", city: "London", type: "restaurant" })]));
    parts.set(part, Buffer.from(edit(parts.get(part)!.toString("utf8"))));
    return zipParts([...parts]);
  }
  const SHEET = "xl/worksheets/sheet1.xml";
  const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const quick = async (file: Buffer) => {
    const started = Date.now();
    const p = await preview(file);
    expect(Date.now() - started).toBeLessThan(5_000);
    return p;
  };

  it("ranges over the whole sheet (merges, validations, formats, defined names) are not expanded cell by cell", async () => {
    // Before: each of these few-kilobyte files held the server for minutes or ran it out of memory.
    const whole = "A3:XFD1048576";
    const files = [
      await tampered(SHEET, (x) =>
        x.replace(
          "</sheetData>",
          `</sheetData><mergeCells count="1"><mergeCell ref="${whole}"/></mergeCells>`,
        ),
      ),
      await tampered(SHEET, (x) =>
        x.replace(
          "</sheetData>",
          `</sheetData><dataValidations count="1"><dataValidation type="whole" sqref="${whole}"><formula1>1</formula1></dataValidation></dataValidations>`,
        ),
      ),
      await tampered(SHEET, (x) =>
        x.replace(
          "</sheetData>",
          `</sheetData><conditionalFormatting sqref="${whole}"><cfRule type="expression" priority="1"><formula>TRUE</formula></cfRule></conditionalFormatting>`,
        ),
      ),
      await tampered("xl/workbook.xml", (x) =>
        x.replace(
          "</sheets>",
          `</sheets><definedNames><definedName name="_xlnm.Print_Area" localSheetId="0">Venues!$A$1:$XFD$1048576</definedName></definedNames>`,
        ),
      ),
    ];
    for (const file of files) {
      const p = await quick(file);
      expect(p.counts).toMatchObject({ new: 1, problems: 0 });
      expect(p.added[0].name).toBe("Only Venue");
    }
  });

  it("cells far to the right on many rows are refused; worksheets the workbook does not list are not read", async () => {
    const farRight = Array.from(
      { length: 1000 },
      (_, i) => `<row r="${i + 3}"><c r="XFD${i + 3}"><v>1</v></c></row>`,
    );
    await refused(
      await tampered(SHEET, (x) => x.replace("</sheetData>", `${farRight.join("")}</sheetData>`)),
      "venues.xlsx",
      400,
      SYNC_MSG.tooWide,
    );
    // 600,000 cells in a part the library would also have parsed (its name only contains a worksheet path).
    const rows = Array.from({ length: 6000 }, (_, r) => {
      const cells = Array.from(
        { length: 100 },
        (_, c) => `<c r="${String.fromCharCode(65 + (c % 26))}${r + 1}"><v>1</v></c>`,
      );
      return `<row r="${r + 1}">${cells.join("")}</row>`;
    });
    const hidden = Buffer.from(`<worksheet><sheetData>${rows.join("")}</sheetData></worksheet>`);
    for (const name of [
      "junk/xl/worksheets/sheet2.xml",
      "xl/worksheets/sheet2.xml.bak",
      "xl/comments1.xml",
    ]) {
      const parts = unpackZip(await xlsx([row({ name: "Only Venue", city: "London", type: "restaurant" })]));
      parts.set(name, hidden);
      expect([...safeParts(parts).keys()]).not.toContain(name);
      const p = await quick(zipParts([...parts]));
      expect(p.counts).toMatchObject({ new: 1, problems: 0 });
    }
  });

  it("a megabyte shared string in every cell of 20,000 rows is refused row by row, quickly", async () => {
    // Before: a 40 KB upload whose cells all point at one 1 MB shared string took over 20 s to preview
    // (every row's name, address and type lower-cased and compared at full length).
    const big = "A".repeat(1_000_000);
    const parts = unpackZip(await xlsx([row({ name: "x", city: "London", type: "restaurant" })]));
    const header = ["ID", "Name", "Address", "City", "Type"].map((h) => `<si><t>${h}</t></si>`).join("");
    parts.set(
      "xl/sharedStrings.xml",
      Buffer.from(`<sst xmlns="${NS}">${header}<si><t>${big}</t></si>${`<si><t>${big}x</t></si>`}</sst>`),
    );
    const cell = (col: string, r: number, s: number) => `<c r="${col}${r}" t="s"><v>${s}</v></c>`;
    const rows = [`<row r="1">${["A", "B", "C", "D", "E"].map((c, i) => cell(c, 1, i)).join("")}</row>`];
    for (let r = 2; r <= VENUE_SYNC.maxRows + 1; r++)
      rows.push(`<row r="${r}">${["B", "C", "D", "E"].map((c) => cell(c, r, 5)).join("")}</row>`);
    // A header cell of a megabyte as well.
    rows[0] = rows[0].replace("</row>", `${cell("F", 1, 6)}</row>`);
    parts.set(
      "xl/worksheets/sheet1.xml",
      Buffer.from(`<worksheet xmlns="${NS}"><sheetData>${rows.join("")}</sheetData></worksheet>`),
    );
    const file = zipParts([...parts]);
    expect(file.length).toBeLessThan(VENUE_SYNC.maxBytes);
    const started = Date.now();
    const p = await preview(file);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(p.counts).toMatchObject({ new: 0, problems: VENUE_SYNC.maxRows });
    expect(p.problems[0]).toMatch(/^Row 2: .*Name must be at most 120 characters/);
  });
});

describe("removals (venues missing from the file)", () => {
  const withParams = (kind: "preview" | "apply", file: Buffer, params: Record<string, string>) =>
    t.request({
      method: "POST",
      url: `/api/admin/venues/sync/${kind}?${new URLSearchParams({ filename: "venues-template.xlsx", ...params })}`,
      as: admin,
      headers: { "content-type": "application/octet-stream" },
      payload: file,
    });

  async function arrange() {
    const [kept, ideaVenue] = await seed("Alpha", "Bravo");
    await t.db.insert(dateIdeas).values([
      { title: "Pottery", venueId: ideaVenue.id },
      { title: "Glazing", venueId: ideaVenue.id },
    ]);
    const { venue: booked } = await arrangeDate(t.db, member.user.id, {
      at: new Date(t.clock.now().getTime() + hours(72)),
      venueName: "Charlie",
    });
    const template = await t.request({ method: "GET", url: "/api/admin/venues/template", as: admin });
    expect(template.statusCode).toBe(200);
    return { kept, ideaVenue, booked, file: template.rawPayload };
  }

  it("the template has a Read me sheet saying that syncing removes venues missing from the file", async () => {
    const { file } = await arrange();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Venues", "Read me"]);
    const text = wb.worksheets[1].getSheetValues().flat().join("\n");
    expect(text).toContain("syncing REMOVES every venue that is not in the file");
    expect(text).toContain("Remove venues that are not in the file");
  });

  it("the untouched template plans to remove every unbooked venue and counts the date ideas that lose theirs", async () => {
    const { kept, ideaVenue, booked, file } = await arrange();
    const res = await withParams("preview", file, {});
    expect(res.statusCode, res.body).toBe(200);
    const p: VenueSyncPreview = res.json();
    expect(p.removeMissing).toBe(true);
    expect(p.venueCount).toBe(3);
    expect(p.counts).toMatchObject({ new: 1, removed: 2, kept: 0, dateIdeasUnlinked: 2, problems: 1 });
    expect(p.removed).toEqual([
      { id: kept.id, name: "Alpha", city: "London", dateIdeas: 0 },
      { id: ideaVenue.id, name: "Bravo", city: "London", dateIdeas: 2 },
    ]);
    expect(p.problems).toEqual([SYNC_MSG.cannotDelete(booked.name)]);
  });

  it("removeMissing=false keeps venues missing from the file; the choice is part of the plan", async () => {
    const { file } = await arrange();
    const removing: VenueSyncPreview = (await withParams("preview", file, {})).json();
    const res = await withParams("preview", file, { removeMissing: "false" });
    expect(res.statusCode, res.body).toBe(200);
    const keeping: VenueSyncPreview = res.json();
    expect(keeping.removeMissing).toBe(false);
    expect(keeping.counts).toMatchObject({ new: 1, removed: 0, kept: 3, dateIdeasUnlinked: 0, problems: 0 });
    expect(keeping.removed).toEqual([]);
    expect(keeping.planId).not.toBe(removing.planId);

    // A plan made with removals is not applied without them, nor the other way round.
    const mixed1 = await withParams("apply", file, { planId: removing.planId, removeMissing: "false" });
    expect(mixed1.statusCode).toBe(409);
    const mixed2 = await withParams("apply", file, { planId: keeping.planId });
    expect(mixed2.statusCode).toBe(409);
    expect(await allVenues()).toHaveLength(3);

    const applied = await withParams("apply", file, { planId: keeping.planId, removeMissing: "false" });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ created: 1, removed: 0 });
    expect((await allVenues()).map((v) => v.name)).toEqual([
      "Alpha",
      "Bravo",
      "Charlie",
      "The Example Supper Club",
    ]);
    expect(await t.db.select().from(dateIdeas).where(isNotNull(dateIdeas.venueId))).toHaveLength(3);
  });

  it("applying removals unlinks the removed venues' date ideas", async () => {
    const { file, booked } = await arrange();
    const p: VenueSyncPreview = (await withParams("preview", file, { removeMissing: "true" })).json();
    const applied = await withParams("apply", file, { planId: p.planId, removeMissing: "true" });
    expect(applied.json()).toMatchObject({ created: 1, removed: 2 });
    const ideas = await t.db.select().from(dateIdeas).orderBy(asc(dateIdeas.id));
    expect(ideas.map((d) => d.venueId)).toEqual([null, null, booked.id]);
  });

  it.each(["maybe", "1", ""])("refuses removeMissing=%j with its message and changes nothing", async (v) => {
    const { file } = await arrange();
    const res = await withParams("preview", file, { removeMissing: v });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('removeMissing must be "true" or "false"');
    expect(await allVenues()).toHaveLength(3);
  });
});
