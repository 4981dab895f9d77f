import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { dateIdeas, venues } from "../../src/server/db/schema.ts";
import { VENUE_SHEET_COLUMNS } from "../../src/shared/admin/venue-sync.ts";
import {
  adminDateIdeaSchema,
  adminVenueSchema,
  DATE_IDEA_MSG,
  VENUE_MSG,
  venueDataQuality,
} from "../../src/shared/admin/venues.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const admin = await t.admin();
const member = await t.member();

let n = 0;
const unique = (base: string) => `${base} ${++n}-${Date.now().toString(36)}`;

const validVenue = () => ({
  name: unique("The Candle Room"),
  address: "1 Lantern Lane",
  city: "London",
  type: "restaurant",
  experienceBlurb: "Dinner by candlelight.",
  features: ["Candles", "Quiet corners"],
  accessibilityFeatures: "Step-free access, wheelchair",
  dietaryAccommodations: ["Vegan"],
  contactInfo: { phone: "020 7946 0018", website: "https://candle.example.com" },
  postcode: "se1 9px",
  latitude: "51.5055",
  longitude: -0.091,
});

function call(method: string, url: string, as?: SignedIn, payload?: unknown) {
  return t.request({
    method: method as "GET",
    url,
    as,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createVenue(overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/admin/venues", admin, { ...validVenue(), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const venueCount = async () => (await t.db.select({ id: venues.id }).from(venues)).length;

describe("authorisation", () => {
  const routes: Array<[string, string, unknown?]> = [
    ["GET", "/api/admin/venues"],
    ["POST", "/api/admin/venues", { name: "Xx", city: "London", type: "restaurant" }],
    ["PUT", "/api/admin/venues/1", { city: "Bath" }],
    ["DELETE", "/api/admin/venues/1"],
    ["GET", "/api/admin/venues/template"],
    ["POST", "/api/admin/venues/export"],
    ["POST", "/api/admin/venues/sync/preview?filename=a.csv"],
    ["POST", `/api/admin/venues/sync/apply?filename=a.csv&planId=${"a".repeat(64)}`],
    ["GET", "/api/admin/date-ideas"],
    ["POST", "/api/admin/date-ideas", { title: "Picnic" }],
    ["PUT", "/api/admin/date-ideas/1", { title: "Picnic" }],
    ["DELETE", "/api/admin/date-ideas/1"],
  ];
  it.each(routes)("%s %s refuses visitors (401) and members (403)", async (method, url, payload) => {
    const before = await venueCount();
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    const asMember = await call(method, url, member, payload);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe(MSG.adminOnly);
    expect(await venueCount()).toBe(before);
  });
});

describe("venues CRUD", () => {
  it("creates a venue with normalised values and the form's defaults", async () => {
    const body = validVenue();
    const v = await createVenue(body);
    expect(v).toMatchObject({
      name: body.name,
      type: "restaurant",
      priceLevel: "medium",
      postcode: "SE1 9PX",
      latitude: 51.5055,
      longitude: -0.091,
      features: ["Candles", "Quiet corners"],
      accessibilityFeatures: ["Step-free access", "Wheelchair accessible"],
      dietaryAccommodations: ["Vegan"],
      contactInfo: { phone: "020 7946 0018", website: "https://candle.example.com" },
      reservationCount: 0,
    });
    const list = (await call("GET", "/api/admin/venues", admin)).json();
    expect(list.find((x: { id: number }) => x.id === v.id)).toMatchObject({ name: body.name });
  });

  it("accepts the minimum: name, city and type; Type is case-insensitive", async () => {
    const res = await call("POST", "/api/admin/venues", admin, {
      name: "Ab",
      city: "Bath",
      type: "Wellness",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: "wellness",
      priceLevel: "medium",
      address: null,
      features: [],
      contactInfo: {},
      latitude: null,
    });
    expect(res.json()).toMatchObject({
      bookable: false,
      notBookableReasons: ["No booking e-mail", "No location", "No opening hours"],
      capacity: 1,
      closures: [],
      opensOnHolidays: false,
      status: "active",
      openingHours: null,
    });
    expect(venueDataQuality(res.json())).toEqual({
      complete: false,
      missing: [
        "no booking e-mail",
        "no location",
        "no opening hours",
        "dietary accommodations",
        "accessibility features",
      ],
    });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["short name", { name: "A" }, VENUE_MSG.nameMin],
    ["long name", { name: "x".repeat(121) }, VENUE_MSG.nameMax],
    ["missing name", { name: undefined }, VENUE_MSG.nameMin],
    ["missing city", { city: "  " }, VENUE_MSG.cityRequired],
    ["long city", { city: "c".repeat(101) }, VENUE_MSG.cityMax],
    ["bad type", { type: "bar" }, VENUE_MSG.type],
    ["missing type", { type: undefined }, VENUE_MSG.type],
    ["bad price", { priceLevel: "cheap" }, VENUE_MSG.priceLevel],
    ["bad phone", { contactInfo: { phone: "12345" } }, VENUE_MSG.phone],
    ["foreign phone", { contactInfo: { phone: "+1 212 555 0100" } }, VENUE_MSG.phone],
    ["bad website", { contactInfo: { website: "javascript:alert(1)" } }, VENUE_MSG.website],
    ["website without scheme", { contactInfo: { website: "example.com" } }, VENUE_MSG.website],
    ["latitude out of range", { latitude: 91 }, VENUE_MSG.latitude],
    ["longitude out of range", { longitude: "-181" }, VENUE_MSG.longitude],
    ["latitude not a number", { latitude: "north" }, VENUE_MSG.latitude],
    ["bad postcode", { postcode: "12345" }, VENUE_MSG.postcode],
    ["long blurb", { experienceBlurb: "b".repeat(2001) }, VENUE_MSG.blurbMax],
    [
      "too many features",
      { features: Array.from({ length: 31 }, (_, i) => `f${i}`) },
      "Features may list at most 30 entries",
    ],
    [
      "long feature",
      { features: ["f".repeat(101)] },
      "Each entry of Features must be at most 100 characters",
    ],
    ["features of wrong type", { features: 5 }, "Features must be a list of text"],
    ["name of wrong type", { name: 42 }, VENUE_MSG.nameMin],
  ];
  it.each(invalid)("refuses %s with its message and stores nothing", async (_label, patch, message) => {
    const before = await venueCount();
    const res = await call("POST", "/api/admin/venues", admin, { ...validVenue(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await venueCount()).toBe(before);
  });

  it("refuses malformed JSON and a missing body with 400", async () => {
    const bad = await t.request({
      method: "POST",
      url: "/api/admin/venues",
      as: admin,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.malformedJson);
    const array = await call("POST", "/api/admin/venues", admin, [1, 2]);
    expect(array.statusCode).toBe(400);
  });

  it("updates only the fields given, and answers 404 for an unknown id", async () => {
    const v = await createVenue();
    const res = await call("PUT", `/api/admin/venues/${v.id}`, admin, {
      city: "Brighton",
      priceLevel: "HIGH",
      contactInfo: { phone: "07700 900123" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: v.name,
      city: "Brighton",
      priceLevel: "high",
      features: v.features,
      contactInfo: { phone: "07700 900123" },
    });
    expect((await call("PUT", "/api/admin/venues/999999", admin, { city: "Bath" })).statusCode).toBe(404);
    expect((await call("PUT", "/api/admin/venues/abc", admin, { city: "Bath" })).statusCode).toBe(400);
    expect((await call("PUT", "/api/admin/venues/99999999999", admin, { city: "Bath" })).statusCode).toBe(
      400,
    );
    const bad = await call("PUT", `/api/admin/venues/${v.id}`, admin, { type: "nightclub" });
    expect(bad.json().message).toBe(VENUE_MSG.type);
    const [row] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row.type).toBe("restaurant");
  });

  it("deletes a venue without reservations; refuses one with reservations (409) and unknown ids (404)", async () => {
    const v = await createVenue();
    const del = await call("DELETE", `/api/admin/venues/${v.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(venues).where(eq(venues.id, v.id))).toHaveLength(0);
    expect((await call("DELETE", `/api/admin/venues/${v.id}`, admin)).statusCode).toBe(404);

    const { venue } = await arrangeDate(t.db, member.user.id, {
      at: new Date(t.clock.now().getTime() + hours(200)),
    });
    const refused = await call("DELETE", `/api/admin/venues/${venue.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("existing date reservations");
    expect(await t.db.select().from(venues).where(eq(venues.id, venue.id))).toHaveLength(1);
    const listed = (await call("GET", "/api/admin/venues", admin)).json();
    expect(listed.find((x: { id: number }) => x.id === venue.id).reservationCount).toBe(1);
    // The refusal offers Archive instead.
    expect(refused.json().canArchive).toBe(true);
  });

  it("a venue with booking details is bookable; archived, it is listed apart and can be restored", async () => {
    const v = await createVenue({
      name: "Bookable Bistro",
      bookingEmail: " Bookings@Bistro.Example ",
      bookingPhone: "020 7946 0555",
      bookingContactName: "Priya",
      openingHours: "Tue-Sat 17:00-23:00; Sun 12:00-16:00",
      capacity: "3",
      closures: [{ from: "2026-12-20", to: "2026-12-22", reason: "Staff party" }],
      opensOnHolidays: true,
    });
    expect(v).toMatchObject({
      bookingEmail: "bookings@bistro.example",
      bookingContactName: "Priya",
      openingHours: { mon: [], tue: ["17:00-23:00"], sun: ["12:00-16:00"] },
      capacity: 3,
      closures: [{ from: "2026-12-20", to: "2026-12-22", reason: "Staff party" }],
      opensOnHolidays: true,
      status: "active",
      bookable: true,
      notBookableReasons: [],
    });
    const archived = await call("PUT", `/api/admin/venues/${v.id}`, admin, { status: "archived" });
    expect(archived.json()).toMatchObject({
      status: "archived",
      bookable: false,
      notBookableReasons: ["Archived"],
    });
    const onlyArchived = await call("GET", "/api/admin/venues?status=archived", admin);
    expect(onlyArchived.json().map((x: { id: number }) => x.id)).toEqual([v.id]);
    expect(onlyArchived.headers["x-total-count"]).toBe("1");
    const active = (
      await call("GET", "/api/admin/venues?status=active&search=Bookable%20Bistro", admin)
    ).json();
    expect(active.some((x: { id: number }) => x.id === v.id)).toBe(false);
    expect((await call("GET", "/api/admin/venues?status=gone", admin)).statusCode).toBe(400);
    const restored = await call("PUT", `/api/admin/venues/${v.id}`, admin, { status: "active" });
    expect(restored.json()).toMatchObject({ status: "active", bookable: true });
  });

  const badBooking: Array<[string, Record<string, unknown>, string]> = [
    ["booking e-mail", { bookingEmail: "not-an-address" }, VENUE_MSG.bookingEmail],
    ["booking phone", { bookingPhone: "12" }, VENUE_MSG.bookingPhone],
    ["capacity 0", { capacity: 0 }, VENUE_MSG.capacity],
    ["capacity 1.5", { capacity: 1.5 }, VENUE_MSG.capacity],
    [
      "hours cell",
      { openingHours: "Tue 25:00-26:00" },
      '"25:00-26:00" is not a time range: use HH:MM-HH:MM, e.g. 17:00-23:00',
    ],
    ["hours object", { openingHours: { tue: ["17:00-23:00", "22:00-23:30"] } }, "Tue's sessions overlap"],
    ["closure order", { closures: [{ from: "2026-12-05", to: "2026-12-01" }] }, VENUE_MSG.closureOrder],
    ["closure day", { closures: [{ from: "2026-02-30" }] }, VENUE_MSG.closureDay],
    ["status", { status: "deleted" }, VENUE_MSG.status],
    ["holidays", { opensOnHolidays: "yes" }, VENUE_MSG.opensOnHolidays],
  ];
  it.each(badBooking)(
    "refuses a bad %s with its message, and stores nothing",
    async (_what, body, message) => {
      const before = await venueCount();
      const res = await call("POST", "/api/admin/venues", admin, { ...validVenue(), ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await venueCount()).toBe(before);
    },
  );
});

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

describe("template and export", () => {
  it("the template is an .xlsx with the spreadsheet columns and a dated file name", async () => {
    t.clock.set("2026-03-14T10:00:00Z");
    const res = await call("GET", "/api/admin/venues/template", admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="venues-template-2026-03-14.xlsx"');
    const ws = await workbookOf(res.rawPayload);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...VENUE_SHEET_COLUMNS]);
    expect(ws.getRow(2).getCell(2).value).toBe("The Example Supper Club");
  });

  it("the export lists every venue; formula-like text comes back as text", async () => {
    const hostile = await createVenue({ name: '=HYPERLINK("http://evil.example","x")', city: "+London" });
    const res = await call("POST", "/api/admin/venues/export", admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="venues-export-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const ws = await workbookOf(res.rawPayload);
    let found = false;
    ws.eachRow((row) => {
      if (row.getCell(1).value === hostile.id) {
        found = true;
        expect(row.getCell(2).value).toBe(`'=HYPERLINK("http://evil.example","x")`);
        expect(row.getCell(2).formula).toBeUndefined();
        expect(row.getCell(4).value).toBe("'+London");
        expect(row.getCell(8).value).toBe("Candles, Quiet corners");
      }
    });
    expect(found).toBe(true);
    expect(ws.rowCount - 1).toBe(await venueCount());
    // An empty body is fine however it is labelled, and so is {}; other bodies are refused.
    expect((await call("POST", "/api/admin/venues/export", admin, {})).statusCode).toBe(200);
    const labelled = await t.request({
      method: "POST",
      url: "/api/admin/venues/export",
      as: admin,
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(labelled.statusCode).toBe(200);
    const junk = await t.request({
      method: "POST",
      url: "/api/admin/venues/export",
      as: admin,
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe(MSG.malformedJson);
    expect((await call("POST", "/api/admin/venues/export", admin, [1])).statusCode).toBe(400);
  });
});

describe("date ideas", () => {
  it("creates with the section 2 defaults, lists, updates and deletes", async () => {
    const v = await createVenue();
    const res = await call("POST", "/api/admin/date-ideas", admin, {
      title: "  Candlelit supper  ",
      venueId: v.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const idea = res.json();
    expect(idea).toMatchObject({
      title: "Candlelit supper",
      category: "culinary",
      duration: 2,
      priceLevel: "medium",
      season: "any",
      timeOfDay: "evening",
      isActive: true,
      venueId: v.id,
      venueName: v.name,
      requirements: [],
      tags: [],
      description: null,
      dressCode: null,
    });
    const list = (await call("GET", "/api/admin/date-ideas", admin)).json();
    expect(list.some((d: { id: number }) => d.id === idea.id)).toBe(true);

    const upd = await call("PUT", `/api/admin/date-ideas/${idea.id}`, admin, {
      isActive: false,
      duration: "3",
      category: "live_music",
      tags: "jazz, late",
      venueId: null,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      isActive: false,
      duration: 3,
      category: "live_music",
      tags: ["jazz", "late"],
      venueId: null,
      title: "Candlelit supper",
    });
    expect((await call("DELETE", `/api/admin/date-ideas/${idea.id}`, admin)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/admin/date-ideas/${idea.id}`, admin)).statusCode).toBe(404);
    expect(
      (await call("PUT", `/api/admin/date-ideas/${idea.id}`, admin, { title: "Again" })).statusCode,
    ).toBe(404);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["short title", { title: "A" }, DATE_IDEA_MSG.titleMin],
    ["long title", { title: "t".repeat(161) }, DATE_IDEA_MSG.titleMax],
    ["bad category", { category: "skydiving" }, DATE_IDEA_MSG.category],
    ["zero duration", { duration: 0 }, DATE_IDEA_MSG.duration],
    ["long duration", { duration: 25 }, DATE_IDEA_MSG.duration],
    ["fractional duration", { duration: 1.5 }, DATE_IDEA_MSG.duration],
    ["text duration", { duration: "two" }, DATE_IDEA_MSG.duration],
    ["bad season", { season: "monsoon" }, DATE_IDEA_MSG.season],
    ["bad time of day", { timeOfDay: "midnight" }, DATE_IDEA_MSG.timeOfDay],
    ["bad price", { priceLevel: "free" }, VENUE_MSG.priceLevel],
    ["long dress code", { dressCode: "d".repeat(121) }, DATE_IDEA_MSG.dressCodeMax],
    ["bad venue id", { venueId: -4 }, DATE_IDEA_MSG.venueId],
    ["unknown venue", { venueId: 987654 }, DATE_IDEA_MSG.venueNotFound],
    ["active not boolean", { isActive: "yes" }, DATE_IDEA_MSG.isActive],
  ];
  it.each(invalid)("refuses %s", async (_label, patch, message) => {
    const before = (await t.db.select({ id: dateIdeas.id }).from(dateIdeas)).length;
    const res = await call("POST", "/api/admin/date-ideas", admin, { title: "Picnic", ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select({ id: dateIdeas.id }).from(dateIdeas)).length).toBe(before);
  });

  it("refuses to delete an idea that dates were planned from (409); it can be made inactive", async () => {
    const { idea } = await arrangeDate(t.db, member.user.id, {
      at: new Date(t.clock.now().getTime() + hours(300)),
    });
    const res = await call("DELETE", `/api/admin/date-ideas/${idea.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DATE_IDEA_MSG.inUse);
    expect(await t.db.select().from(dateIdeas).where(eq(dateIdeas.id, idea.id))).toHaveLength(1);
    const off = await call("PUT", `/api/admin/date-ideas/${idea.id}`, admin, { isActive: false });
    expect(off.json().isActive).toBe(false);
  });

  it("an idea saved while its venue is deleted is 400 'The chosen venue does not exist', never a 500", async () => {
    // Before: the venue could go between the check and the insert or update, and its foreign key was a 500.
    const existing = (
      await call("POST", "/api/admin/date-ideas", admin, { title: unique("Moving idea") })
    ).json();
    for (let round = 0; round < 10; round++) {
      const v = await createVenue();
      const [created, updated, removed] = await Promise.all([
        call("POST", "/api/admin/date-ideas", admin, { title: unique("Racing idea"), venueId: v.id }),
        call("PUT", `/api/admin/date-ideas/${existing.id}`, admin, { venueId: v.id }),
        call("DELETE", `/api/admin/venues/${v.id}`, admin),
      ]);
      expect(removed.statusCode).toBe(204);
      for (const res of [created, updated]) {
        expect([200, 201, 400]).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toBe(DATE_IDEA_MSG.venueNotFound);
        // Saved before the delete: the idea stays, without its venue.
        else
          expect(
            (await call("GET", "/api/admin/date-ideas", admin))
              .json()
              .find((d: { id: number }) => d.id === res.json().id)?.venueId,
          ).toBeNull();
      }
    }
  });

  it("answers 400 for bad ids and 404 for unknown ones", async () => {
    expect((await call("DELETE", "/api/admin/date-ideas/0", admin)).statusCode).toBe(400);
    expect((await call("DELETE", "/api/admin/date-ideas/x1", admin)).statusCode).toBe(400);
    expect((await call("DELETE", "/api/admin/date-ideas/424242", admin)).statusCode).toBe(404);
  });
});

describe("response contract", () => {
  const keysOf = (o: object) => Object.keys(o).sort();

  it("a venue and a date idea leave with exactly their schema's fields, nothing more", async () => {
    const v = await createVenue();
    const idea = await call("POST", "/api/admin/date-ideas", admin, { title: "Lantern walk", venueId: v.id });
    expect(idea.statusCode, idea.body).toBe(201);
    expect(keysOf(idea.json())).toEqual(keysOf(adminDateIdeaSchema.shape));
    expect(keysOf(v)).toEqual(keysOf(adminVenueSchema.shape));

    const listed = (await call("GET", "/api/admin/venues", admin)).json();
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) expect(keysOf(row)).toEqual(keysOf(adminVenueSchema.shape));
    const paged = (await call("GET", "/api/admin/venues?limit=5", admin)).json();
    for (const row of paged) expect(keysOf(row)).toEqual(keysOf(adminVenueSchema.shape));
    const ideas = (await call("GET", "/api/admin/date-ideas", admin)).json();
    for (const row of ideas) expect(keysOf(row)).toEqual(keysOf(adminDateIdeaSchema.shape));
  });

  it("the schema the serializer encodes through drops a column it does not list", () => {
    const v = adminVenueSchema.parse({
      id: 1,
      name: "A",
      address: null,
      city: "London",
      postcode: null,
      latitude: null,
      longitude: null,
      type: "restaurant",
      priceLevel: "low",
      experienceBlurb: null,
      features: [],
      accessibilityFeatures: [],
      dietaryAccommodations: [],
      contactInfo: { phone: "020 7946 0018", internalNote: "x" },
      bookingEmail: null,
      bookingPhone: null,
      bookingContactName: null,
      openingHours: null,
      capacity: 1,
      closures: [],
      opensOnHolidays: false,
      status: "active",
      bookable: false,
      notBookableReasons: [],
      createdAt: "2031-01-01T00:00:00.000Z",
      reservationCount: 0,
      dateIdeaCount: 0,
      supplierMargin: 0.3,
    });
    expect(v).not.toHaveProperty("supplierMargin");
    expect(v.contactInfo).toEqual({ phone: "020 7946 0018" });
  });
});
