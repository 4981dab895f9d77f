/**
 * The venue spreadsheet's booking columns (Booking Email ... Status): template, export and sync, through the
 * venue schema the API uses, so a bad cell is a row problem naming its column and nothing of that row applies.
 */
import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { dateIdeas, dateReservations, venues } from "../../src/server/db/schema.ts";
import { SYNC_README_LINES } from "../../src/server/modules/admin/venues/spreadsheet-columns.ts";
import {
  SYNC_MSG,
  VENUE_SHEET_COLUMNS,
  type VenueSheetColumn,
  type VenueSyncPreview,
} from "../../src/shared/admin/venue-sync.ts";
import { type AdminVenue, VENUE_MSG } from "../../src/shared/admin/venues.ts";
import { DIETARY_OPTIONS } from "../../src/shared/constants.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const admin = await t.admin();

type Cell = string | number | null;
type RowSpec = Partial<Record<VenueSheetColumn, Cell>>;
const HEADER = [...VENUE_SHEET_COLUMNS];
const NEW_COLUMNS = [
  "Booking Email",
  "Booking Phone",
  "Booking Contact",
  "Opening Hours",
  "Capacity",
  "Closures",
  "Opens On Holidays",
  "Status",
];

/** A sheet row in the order of `header` from the cells that matter to a test. */
const row = (spec: RowSpec, header: readonly string[] = HEADER): Cell[] =>
  header.map((h) => spec[h as VenueSheetColumn] ?? "");

async function xlsx(rows: RowSpec[], header: readonly string[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Venues");
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(row(r, header));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

function upload(kind: "preview" | "apply", file: Buffer, fileName: string, planId?: string) {
  const q = new URLSearchParams({
    filename: fileName,
    removeMissing: "false",
    ...(planId ? { planId } : {}),
  });
  return t.request({
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
const venueById = async (id: number) => (await t.db.select().from(venues).where(eq(venues.id, id)))[0];

async function createVenue(body: Record<string, unknown>): Promise<AdminVenue> {
  const res = await t.request({ method: "POST", url: "/api/admin/venues", as: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function download(kind: "template" | "export") {
  const res = await t.request({
    method: kind === "template" ? "GET" : "POST",
    url: `/api/admin/venues/${kind}`,
    as: admin,
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { file: res.rawPayload, wb };
}

/** A worksheet's rows as text keyed by header. */
function sheetObjects(ws: ExcelJS.Worksheet): Array<Record<string, unknown>> {
  const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const out: Array<Record<string, unknown>> = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const values = (r.values as unknown[]).slice(1);
    out.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ""])));
  });
  return out;
}

const SEEDED: Omit<typeof venues.$inferInsert, "name"> = {
  address: "1 Old Road",
  city: "London",
  type: "restaurant",
  priceLevel: "medium",
  bookingEmail: "old@venue.example",
  bookingPhone: "020 7946 0100",
  bookingContactName: "Old Contact",
  openingHours: {
    mon: [],
    tue: ["17:00-23:00"],
    wed: ["17:00-23:00"],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  capacity: 6,
  closures: [{ from: "2027-03-01", to: "2027-03-02", reason: "Old closure" }],
  opensOnHolidays: true,
  status: "active",
};

async function seed(...names: string[]) {
  return t.db
    .insert(venues)
    .values(names.map((name, i) => ({ ...SEEDED, name, address: `${i + 1} Old Road` })))
    .returning();
}

/** The sheet cells of a seeded venue, all twenty columns, as the export writes them. */
const seededRow = (v: typeof venues.$inferSelect): RowSpec => ({
  ID: v.id,
  Name: v.name,
  Address: v.address,
  City: v.city,
  Type: v.type,
  "Price Level": v.priceLevel,
  "Booking Email": v.bookingEmail,
  "Booking Phone": v.bookingPhone,
  "Booking Contact": v.bookingContactName,
  "Opening Hours": "Tue-Wed 17:00-23:00",
  Capacity: v.capacity,
  Closures: "2027-03-01 to 2027-03-02 Old closure",
  "Opens On Holidays": "Yes",
  Status: "Active",
});

beforeEach(async () => {
  await t.db.delete(dateReservations);
  await t.db.delete(dateIdeas);
  await t.db.delete(venues);
});

describe("template", () => {
  it("appends the booking columns after the original twelve, and its Read me explains each", async () => {
    const { wb } = await download("template");
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(HEADER);
    expect(headers.slice(0, 12)).toEqual([
      "ID",
      "Name",
      "Address",
      "City",
      "Type",
      "Price Level",
      "Experience Description",
      "Features",
      "Accessibility Features",
      "Dietary Accommodations",
      "Phone",
      "Website",
    ]);
    expect(headers.slice(12)).toEqual(NEW_COLUMNS);
    const readme = wb.worksheets[1].getSheetValues().flat().join("\n");
    for (const column of NEW_COLUMNS) expect(readme, column).toContain(`${column}:`);
    expect(readme).toContain("Opens On Holidays: Yes or No");
    expect(readme).toContain("Status: Active or Archived");
    expect(readme).toContain(DIETARY_OPTIONS.join(", "));
    expect(SYNC_README_LINES.join("\n")).toContain("2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit");
  });

  it("its example row is valid by the venue schema and becomes a bookable venue", async () => {
    const { file, wb } = await download("template");
    const [example] = sheetObjects(wb.worksheets[0]);
    expect(example).toMatchObject({
      "Accessibility Features": "Step-free access, Wheelchair accessible",
      "Booking Email": "bookings@example.com",
      "Opening Hours": "Tue-Thu 18:00-23:00; Fri-Sat 18:00-00:30; Sun 12:00-16:00",
      Capacity: 4,
      Closures: "2027-01-04 to 2027-01-10 Winter refit; 2027-02-14 Private hire",
      "Opens On Holidays": "No",
      Status: "Active",
    });
    const { preview: p } = await previewThenApply(file);
    expect(p.problems).toEqual([]);
    expect(p.counts).toMatchObject({ new: 1, problems: 0 });
    const list: AdminVenue[] = (
      await t.request({ method: "GET", url: "/api/admin/venues", as: admin })
    ).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: "The Example Supper Club",
      postcode: "W1D 4HS",
      accessibilityFeatures: ["Step-free access", "Wheelchair accessible"],
      bookingEmail: "bookings@example.com",
      bookingPhone: "020 7946 0001",
      bookingContactName: "Sam Taylor",
      openingHours: {
        mon: [],
        tue: ["18:00-23:00"],
        wed: ["18:00-23:00"],
        thu: ["18:00-23:00"],
        fri: ["18:00-00:30"],
        sat: ["18:00-00:30"],
        sun: ["12:00-16:00"],
      },
      capacity: 4,
      closures: [
        { from: "2027-01-04", to: "2027-01-10", reason: "Winter refit" },
        { from: "2027-02-14", to: "2027-02-14", reason: "Private hire" },
      ],
      opensOnHolidays: false,
      status: "active",
      bookable: true,
      notBookableReasons: [],
    });
    // The example synced back is unchanged.
    expect((await preview(file)).counts).toMatchObject({ new: 0, unchanged: 1, updated: 0, problems: 0 });
  });
});

describe("export and re-import", () => {
  async function arrange() {
    const full = await createVenue({
      name: "Full House",
      address: "10 Greek Street, London W1D 4DH",
      city: "London",
      type: "restaurant",
      accessibilityFeatures: "wheelchair, step free",
      dietaryAccommodations: "GF, veggie, Halal",
      bookingEmail: "Bookings@FullHouse.example",
      bookingPhone: "+44 20 7946 0002",
      bookingContactName: "Ana Ruiz",
      openingHours: "Mon-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-01:30; Sun closed",
      capacity: 12,
      closures: [
        { from: "2027-01-05", reason: "Refit; phase 2" },
        { from: "2026-12-24", to: "2026-12-26", reason: "Christmas" },
      ],
      opensOnHolidays: true,
    });
    const closed = await createVenue({
      name: "Closed For Now",
      city: "London",
      type: "cultural",
      openingHours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      status: "archived",
    });
    const bare = await createVenue({ name: "Bare Minimum", city: "London", type: "wellness" });
    const daily = await createVenue({
      name: "Every Day",
      city: "London",
      type: "activity",
      openingHours: "Daily 09:00-17:00",
      capacity: 500,
    });
    return { full, closed, bare, daily };
  }

  it("writes each new field as one readable cell", async () => {
    await arrange();
    const { wb } = await download("export");
    const byName = new Map(sheetObjects(wb.worksheets[0]).map((r) => [r.Name, r]));
    expect(byName.get("Full House")).toMatchObject({
      "Accessibility Features": "Wheelchair accessible, Step-free access",
      "Dietary Accommodations": "Gluten-free, Vegetarian, Halal",
      "Booking Email": "bookings@fullhouse.example",
      // Formula-like text is written behind an apostrophe.
      "Booking Phone": "'+44 20 7946 0002",
      "Booking Contact": "Ana Ruiz",
      "Opening Hours": "Mon-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-01:30",
      Capacity: 12,
      Closures: "2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit; phase 2",
      "Opens On Holidays": "Yes",
      Status: "Active",
    });
    expect(byName.get("Closed For Now")).toMatchObject({
      "Opening Hours": "Closed",
      Capacity: 1,
      Closures: "",
      "Opens On Holidays": "No",
      Status: "Archived",
    });
    expect(byName.get("Bare Minimum")).toMatchObject({
      "Booking Email": "",
      "Opening Hours": "",
      Capacity: 1,
      Status: "Active",
    });
    expect(byName.get("Every Day")).toMatchObject({ "Opening Hours": "Daily 09:00-17:00", Capacity: 500 });
  });

  it("the exported file syncs back with nothing changed, as .xlsx and as .csv", async () => {
    await arrange();
    const before = await allVenues();
    const { file, wb } = await download("export");
    const p = await preview(file);
    expect(p.problems).toEqual([]);
    expect(p.counts).toMatchObject({ new: 0, updated: 0, removed: 0, unchanged: 4, problems: 0 });
    const { result } = await previewThenApply(file);
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: 4, skipped: 0 });
    expect(await allVenues()).toEqual(before);

    // The same sheet saved as .csv (cells with ";" and "," quoted), comma- and semicolon-separated.
    const lines: string[][] = [];
    wb.worksheets[0].eachRow((r) => {
      lines.push(((r.values as unknown[]).slice(1) as unknown[]).map(csvCell));
    });
    for (const sep of [",", ";"]) {
      const csv = Buffer.from(lines.map((l) => l.join(sep)).join("\r\n"));
      const c = await preview(csv, "venues.csv");
      expect(c.problems, sep).toEqual([]);
      expect(c.counts, sep).toMatchObject({ new: 0, updated: 0, unchanged: 4 });
    }
  });
});

describe("sync of the booking columns", () => {
  it("updates and adds venues with the new fields, needs mapped onto the members' words", async () => {
    const [a] = await seed("Alpha");
    const { preview: p, result } = await previewThenApply(
      await xlsx([
        {
          ...seededRow(a),
          "Booking Email": " New@Alpha.example ",
          "Booking Phone": 2079460555,
          "Booking Contact": "",
          "Opening Hours": "Tue-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-23:30",
          Capacity: 12,
          Closures: "2027-01-05 Refit; 2026-12-24 to 2026-12-26 Christmas",
          "Opens On Holidays": "no",
          Status: "archived",
        },
        {
          Name: "Newcomer",
          Address: "4 New Road, London E1 6QL",
          City: "London",
          Type: "activity",
          "Accessibility Features": "wheelchair, Hearing Loop",
          "Dietary Accommodations": "GF, vegan, gf",
          "Booking Email": "hello@newcomer.example",
          "Opening Hours": "Daily 12:00-23:00; Sun closed",
          Capacity: "3",
          Closures: "5/1/2027 to 7/1/2027",
          "Opens On Holidays": "TRUE",
          Status: "",
        },
      ]),
    );
    expect(p.problems).toEqual([]);
    expect(p.updated).toEqual([
      {
        row: 2,
        id: a.id,
        name: "Alpha",
        city: "London",
        changes: [
          "Booking Email",
          "Booking Phone",
          "Booking Contact",
          "Opening Hours",
          "Capacity",
          "Closures",
          "Opens On Holidays",
          "Status",
        ],
      },
    ]);
    expect(result).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    const [alpha, newcomer] = await allVenues();
    expect(alpha).toMatchObject({
      bookingEmail: "new@alpha.example",
      bookingPhone: "02079460555",
      bookingContactName: null,
      openingHours: {
        mon: [],
        tue: ["17:00-23:00"],
        wed: ["17:00-23:00"],
        thu: ["17:00-23:00"],
        fri: ["17:00-23:00"],
        sat: ["12:00-15:00", "17:00-23:30"],
        sun: [],
      },
      capacity: 12,
      closures: [
        { from: "2026-12-24", to: "2026-12-26", reason: "Christmas" },
        { from: "2027-01-05", to: "2027-01-05", reason: "Refit" },
      ],
      opensOnHolidays: false,
      status: "archived",
    });
    expect(newcomer).toMatchObject({
      accessibilityFeatures: ["Wheelchair accessible", "Hearing loop"],
      dietaryAccommodations: ["Gluten-free", "Vegan"],
      bookingEmail: "hello@newcomer.example",
      openingHours: {
        mon: ["12:00-23:00"],
        tue: ["12:00-23:00"],
        wed: ["12:00-23:00"],
        thu: ["12:00-23:00"],
        fri: ["12:00-23:00"],
        sat: ["12:00-23:00"],
        sun: [],
      },
      capacity: 3,
      closures: [{ from: "2027-01-05", to: "2027-01-07", reason: "" }],
      opensOnHolidays: true,
      status: "active",
    });
  });

  it("empty cells clear the optional fields and give Capacity, Opens On Holidays and Status their defaults", async () => {
    const [a] = await seed("Alpha");
    const { result } = await previewThenApply(
      await xlsx([
        {
          ...seededRow(a),
          "Booking Email": "",
          "Booking Phone": "",
          "Booking Contact": "",
          "Opening Hours": "",
          Capacity: "",
          Closures: "",
          "Opens On Holidays": "",
          Status: "",
        },
      ]),
    );
    expect(result).toMatchObject({ updated: 1, skipped: 0 });
    expect(await venueById(a.id)).toMatchObject({
      bookingEmail: null,
      bookingPhone: null,
      bookingContactName: null,
      openingHours: null,
      capacity: 1,
      closures: [],
      opensOnHolidays: false,
      status: "active",
    });
  });
});

describe("bad cells", () => {
  it("are listed with their row and column, and nothing of such a row is applied", async () => {
    const [a, b, c] = await seed("Alpha", "Bravo", "Charlie");
    const before = await allVenues();
    const base = { City: "London", Type: "restaurant" };
    const file = await xlsx([
      // Each row also changes the city: a flagged row must not apply even that.
      { ...seededRow(a), City: "Leeds", "Opening Hours": "Tue-Fri 17:00-25:00" },
      { ...seededRow(b), City: "Leeds", Closures: "2026-12-26 to 2026-12-24 Christmas" },
      { ...seededRow(c), City: "Leeds", Capacity: 0 },
      { ...base, Name: "Paleo Place", "Dietary Accommodations": "Vegan, Paleo" },
      { ...base, Name: "Old Words", "Accessibility Features": "Accessible toilet" },
      { ...base, Name: "Funday", "Opening Hours": "Funday 10:00-12:00" },
      { ...base, Name: "No Day", Closures: "next week" },
      { ...base, Name: "Many", Capacity: "many", "Opens On Holidays": "Maybe", Status: "Closed" },
      { ...base, Name: "Bad Booking", "Booking Email": "not-an-email", "Booking Phone": "555-1234" },
      { ...base, Name: "Fine", Capacity: 500, "Opening Hours": "Closed" },
    ]);
    const p = await preview(file);
    const needs = (label: string, item: string, known: readonly string[]) =>
      VENUE_MSG.unknownNeed(label, item, known);
    expect(p.problems).toEqual([
      'Row 2: Opening Hours: "17:00-25:00" is not a time range: use HH:MM-HH:MM, e.g. 17:00-23:00',
      `Row 3: Closures: ${VENUE_MSG.closureOrder} (found "2026-12-26 to 2026-12-24 Christmas")`,
      `Row 4: ${VENUE_MSG.capacity} (found "0")`,
      `Row 5: ${needs("Dietary accommodations", "Paleo", DIETARY_OPTIONS)}`,
      expect.stringMatching(/^Row 6: Accessibility features: "Accessible toilet" is not one of the needs/),
      'Row 7: Opening Hours: "funday" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun',
      'Row 8: Closures: "next week" is not a closure: write it like 2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit',
      `Row 9: ${VENUE_MSG.capacity} (found "many"); Opens On Holidays must be Yes or No (found "Maybe"); Status must be Active or Archived (found "Closed")`,
      `Row 10: Booking Email: ${VENUE_MSG.bookingEmail}; Booking Phone: ${VENUE_MSG.bookingPhone}`,
    ]);
    expect(p.counts).toMatchObject({ new: 1, updated: 0, problems: 9, removed: 0 });
    const { result } = await previewThenApply(file);
    expect(result).toMatchObject({ created: 1, updated: 0, skipped: 9 });
    const after = await allVenues();
    expect(after.slice(0, 3)).toEqual(before);
    expect(after.slice(3).map((v) => [v.name, v.capacity, v.openingHours])).toEqual([
      ["Fine", 500, { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }],
    ]);
  });

  it("an invalid closure day names the closure; a .csv row is checked the same way", async () => {
    await seed("Alpha");
    const header = ["Name", "City", "Type", "Closures", "Capacity"];
    const csv = Buffer.from(
      [
        header.join(","),
        'Leap Day,London,restaurant,"2027-02-29 Leap; 2027-03-01 to 2027-03-02",2',
        "Zero,London,restaurant,,0",
      ].join("\r\n"),
    );
    const p = await preview(csv, "venues.csv");
    expect(p.problems).toEqual([
      `Row 2: Closures: ${VENUE_MSG.closureDay} (found "2027-02-29 Leap")`,
      `Row 3: ${VENUE_MSG.capacity} (found "0")`,
    ]);
    expect(p.counts).toMatchObject({ new: 0, problems: 2 });
  });
});

describe("a spreadsheet without the new columns", () => {
  const OLD_HEADER = HEADER.slice(0, 12);

  it("still syncs: existing venues keep their booking fields, new venues get the defaults", async () => {
    const [a] = await seed("Alpha");
    const file = await xlsx(
      [
        { ...seededRow(a), City: "Leeds", "Accessibility Features": "Step-free access" },
        { Name: "Plain New", City: "London", Type: "wellness" },
      ],
      OLD_HEADER,
    );
    const { preview: p, result } = await previewThenApply(file);
    expect(p.problems).toEqual([]);
    expect(p.updated.map((u) => u.changes)).toEqual([["City", "Accessibility Features"]]);
    expect(result).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    const [alpha, plain] = await allVenues();
    expect(alpha).toMatchObject({ ...SEEDED, address: "1 Old Road", city: "Leeds" });
    expect(plain).toMatchObject({
      bookingEmail: null,
      bookingPhone: null,
      bookingContactName: null,
      openingHours: null,
      capacity: 1,
      closures: [],
      opensOnHolidays: false,
      status: "active",
    });
    // Unchanged rows of an old file are unchanged.
    expect((await preview(file)).counts).toMatchObject({ updated: 0, unchanged: 2, problems: 0 });
  });

  it("a file with only some of the new columns changes only those (headers by their other names too)", async () => {
    const [a] = await seed("Alpha");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Venues");
    ws.addRow(["Venue ID", "Venue Name", "City", "Type", "capacity", "Hours"]);
    ws.addRow([a.id, "Alpha", "London", "restaurant", 20, "Fri 18:00-02:00"]);
    const { preview: p } = await previewThenApply(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(p.problems).toEqual([]);
    expect(p.updated[0].changes).toEqual(["Opening Hours", "Capacity"]);
    expect(await venueById(a.id)).toMatchObject({
      ...SEEDED,
      address: "1 Old Road",
      capacity: 20,
      openingHours: { mon: [], tue: [], wed: [], thu: [], fri: ["18:00-02:00"], sat: [], sun: [] },
    });
  });
});

describe("a changed postcode", () => {
  it("places the venue again from the new postcode; an unchanged postcode keeps its coordinates", async () => {
    const [moved, samePostcode, noPostcode, filled] = await t.db
      .insert(venues)
      .values([
        {
          ...SEEDED,
          name: "Mover",
          address: "1 Whitehall, London SW1A 2AA",
          postcode: "SW1A 2AA",
          latitude: "51.5030000",
          longitude: "-0.1270000",
        },
        {
          ...SEEDED,
          name: "Same Postcode",
          address: "2 Whitehall, London SW1A 2AA",
          postcode: "SW1A 2AA",
          latitude: "51.5031000",
          longitude: "-0.1271000",
        },
        {
          ...SEEDED,
          name: "No Postcode",
          address: "3 Somewhere Lane",
          postcode: null,
          latitude: "51.5032000",
          longitude: "-0.1272000",
        },
        {
          ...SEEDED,
          name: "Filled",
          address: "4 Whitehall, London SW1A 2AA",
          postcode: null,
          latitude: "51.5033000",
          longitude: "-0.1273000",
        },
      ])
      .returning();
    const rowOf = (v: typeof moved, address: string, capacity = 9): RowSpec => ({
      ...seededRow(v),
      Address: address,
      Capacity: capacity,
    });
    const { result } = await previewThenApply(
      await xlsx([
        rowOf(moved, "9 Brick Lane, London E1 6QL"),
        rowOf(samePostcode, "2 Whitehall (first floor), London SW1A 2AA"),
        rowOf(noPostcode, "5 Brick Lane, London E1 6QL"),
        // Only another column changes: the postcode in its address fills the missing one, the coordinates stay.
        rowOf(filled, "4 Whitehall, London SW1A 2AA"),
      ]),
    );
    expect(result).toMatchObject({ updated: 4, skipped: 0 });
    const mover = await venueById(moved.id);
    expect(mover.postcode).toBe("E1 6QL");
    expect(Number(mover.latitude)).toBeCloseTo(51.52, 1);
    expect(Number(mover.longitude)).toBeGreaterThan(-0.09); // east of the City, no longer at Whitehall
    expect(mover.capacity).toBe(9);
    expect(await venueById(samePostcode.id)).toMatchObject({
      postcode: "SW1A 2AA",
      latitude: "51.5031000",
      longitude: "-0.1271000",
    });
    const placed = await venueById(noPostcode.id);
    expect(placed.postcode).toBe("E1 6QL");
    expect(Number(placed.longitude)).toBeGreaterThan(-0.09);
    expect(await venueById(filled.id)).toMatchObject({
      postcode: "SW1A 2AA",
      latitude: "51.5033000",
      longitude: "-0.1273000",
      capacity: 9,
    });
  });

  it("a row with a problem moves nothing", async () => {
    const [v] = await t.db
      .insert(venues)
      .values({
        ...SEEDED,
        name: "Stays",
        address: "1 Whitehall, London SW1A 2AA",
        postcode: "SW1A 2AA",
        latitude: "51.5030000",
        longitude: "-0.1270000",
      })
      .returning();
    const file = await xlsx([{ ...seededRow(v), Address: "9 Brick Lane, London E1 6QL", Closures: "soon" }]);
    const { result } = await previewThenApply(file);
    expect(result).toMatchObject({ updated: 0, skipped: 1 });
    expect(result.problems).toEqual([
      SYNC_MSG.rowInvalid(
        2,
        'Closures: "soon" is not a closure: write it like 2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit',
      ),
    ]);
    expect(await venueById(v.id)).toEqual(v);
  });
});
