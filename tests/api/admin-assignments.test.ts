import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  dateIdeas,
  dateReservations,
  userMonthlyQuotas,
  userVenueExclusions,
  venues,
} from "../../src/server/db/schema.ts";
import { keysMatchSchema } from "../../src/server/modules/admin/assignments/page-json.ts";
import { ASSIGNMENT_MSG, adminAssignmentSchema } from "../../src/shared/admin/assignments.ts";
import { ADMIN_PAGE } from "../../src/shared/admin/back-office.ts";
import { MEMBERS_MSG } from "../../src/shared/admin/members.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { BOOKABLE_VENUE } from "../helpers/bookable-venue.ts";

const t = await createTestApp();
const PLAN = { subscriptionTier: "silver", subscriptionStatus: "active" } as const;
// Mid-month in London, summer time (UTC+1).
t.clock.set("2031-07-10T09:00:00Z");
const admin = await t.admin();
const member = await t.member(PLAN);
/** "2031-07-10T10:00:00" for 09:00 UTC in summer: the London wall clock of an instant, as ISO text. */
const londonWall = (d: Date) =>
  new Date(`${d.toLocaleString("sv-SE", { timeZone: "Europe/London" })}Z`).toISOString();
const later = (h: number) => new Date(t.clock.now().getTime() + hours(h));

let n = 0;
async function venue(name?: string) {
  n++;
  const [v] = await t.db
    .insert(venues)
    .values({ ...BOOKABLE_VENUE, name: name ?? `Assign Venue ${n}`, city: "London", type: "cultural" })
    .returning();
  await t.db.insert(dateIdeas).values({ title: `Assign Idea ${n}`, category: "cultural", venueId: v.id });
  return v;
}

/** `as`: admin unless given; null for a visitor. */
function call(method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, as: SignedIn | null = admin) {
  return t.request({
    method,
    url,
    as: as ?? undefined,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
// The arranged members have a plan but no preferences, so their dates break the rulebook's rules:
// they are booked with an operator's reason. tests/api/admin-assignments-rules.test.ts covers the rules.
const OVERRIDE = { overrideReason: "Arranged by the test" };
const create = (payload: unknown) =>
  call(
    "POST",
    "/api/admin/assignments",
    payload && typeof payload === "object" && !Array.isArray(payload) ? { ...OVERRIDE, ...payload } : payload,
  );
/** Without an override: the rulebook's refusal. */
const createStrict = (payload: unknown) => call("POST", "/api/admin/assignments", payload);
const setStatus = (id: number | string, payload: unknown) =>
  call("PATCH", `/api/admin/assignments/${id}/status`, payload);

async function quota(userId: number) {
  return t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, userId));
}
async function reservationCount(userId: number) {
  return (await t.db.select().from(dateReservations).where(eq(dateReservations.userId, userId))).length;
}

describe("who may call", () => {
  it.each([
    ["GET", "/api/admin/assignments"],
    ["GET", "/api/admin/assignments/export"],
    ["POST", "/api/admin/assignments"],
    ["PATCH", "/api/admin/assignments/1/status"],
    ["POST", `/api/admin/assignments/auto/${member.user.id}`],
  ])("%s %s: visitor 401, member 403", async (method, url) => {
    expect((await call(method as "GET", url, {}, null)).statusCode).toBe(401);
    expect((await call(method as "GET", url, {}, member)).statusCode).toBe(403);
  });
});

describe("POST /api/admin/assignments", () => {
  it("creates a scheduled date (201) with the embedded member, venue and idea; a London wall time is read as London", async () => {
    const m = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const v = await venue();
    const res = await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-20T19:30" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: m.user.id,
      venueId: v.id,
      status: "scheduled",
      scheduledDate: "2031-07-20T18:30:00.000Z",
      user: { id: m.user.id, email: m.user.email },
      venue: { id: v.id, name: v.name, city: "London", type: "cultural" },
      dateIdea: { category: "cultural", duration: 2, timeOfDay: "evening" },
      rating: null,
      feedback: null,
    });
    expect(await quota(m.user.id)).toMatchObject([{ year: 2031, month: 7, quotaUsed: 1, quotaRemaining: 1 }]);
  });

  it("accepts an ISO instant with its zone", async () => {
    const m = await t.member(PLAN);
    const v = await venue();
    const res = await create({ userId: m.user.id, venueId: v.id, scheduledDate: later(30).toISOString() });
    expect(res.statusCode).toBe(201);
    expect(res.json().scheduledDate).toBe(later(30).toISOString());
  });

  it.each([
    [{}, ASSIGNMENT_MSG.memberRequired],
    [{ venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.venueRequired],
    [{ userId: 1, venueId: 1 }, ASSIGNMENT_MSG.dateRequired],
    [{ userId: 1, venueId: 1, scheduledDate: "" }, ASSIGNMENT_MSG.dateRequired],
    [{ userId: 1, venueId: 1, scheduledDate: "tomorrow" }, ASSIGNMENT_MSG.dateInvalid],
    [{ userId: 1, venueId: 1, scheduledDate: "2031-02-30T19:00" }, ASSIGNMENT_MSG.dateInvalid],
    [{ userId: 1, venueId: 1, scheduledDate: 12345 }, ASSIGNMENT_MSG.dateRequired],
    // The year 10000 once the zone applies, and the year 0: the database cannot store them (was a 500).
    [{ userId: 1, venueId: 1, scheduledDate: "9999-12-31T23:59-05:00" }, ASSIGNMENT_MSG.dateInvalid],
    [{ userId: 1, venueId: 1, scheduledDate: "0000-01-01T00:00:00Z" }, ASSIGNMENT_MSG.dateInvalid],
    [{ userId: "abc", venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: 1.5, venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: -3, venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: 1, venueId: 1e12, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.venueRequired],
    // Arrays, booleans and other spellings of numbers are not ids (z.coerce read true as 1 and [2] as 2).
    [{ userId: true, venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: [2], venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: "0x10", venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: "1e3", venueId: 1, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.memberRequired],
    [{ userId: 1, venueId: [1], scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.venueRequired],
    [{ userId: 1, venueId: { id: 1 }, scheduledDate: "2031-08-01T19:00" }, ASSIGNMENT_MSG.venueRequired],
  ])("400 for %j", async (payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it("400 for malformed JSON and a non-object body", async () => {
    const bad = await t.request({
      method: "POST",
      url: "/api/admin/assignments",
      as: admin,
      headers: { "content-type": "application/json" },
      payload: '{"userId": 1,',
    });
    expect(bad.statusCode).toBe(400);
    expect((await create([1, 2])).statusCode).toBe(400);
  });

  it("404 for unknown members and venues, 400 for a past date; nothing is stored", async () => {
    const m = await t.member(PLAN);
    const v = await venue();
    const unknownUser = await create({
      userId: 999999,
      venueId: v.id,
      scheduledDate: later(24).toISOString(),
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().message).toBe(ASSIGNMENT_MSG.memberNotFound);
    const unknownVenue = await create({
      userId: m.user.id,
      venueId: 999999,
      scheduledDate: later(24).toISOString(),
    });
    expect(unknownVenue.statusCode).toBe(404);
    expect(unknownVenue.json().message).toBe(ASSIGNMENT_MSG.venueNotFound);
    const past = await create({ userId: m.user.id, venueId: v.id, scheduledDate: later(-2).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(ASSIGNMENT_MSG.dateInPast);
    expect(await reservationCount(m.user.id)).toBe(0);
    expect(await quota(m.user.id)).toHaveLength(0);
  });

  it("without an override, refuses a second date at the same time and a date once the month is used up (422)", async () => {
    const m = await t.member({ ...PLAN, firstName: "Tess", lastName: "Trial" });
    const v = await venue();
    expect(
      (await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-25T19:00" })).statusCode,
    ).toBe(201);
    const clash = await createStrict({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-25T20:00" });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().rules).toContain("Clashes with their date on Friday 25 July at 19:00");
    const full = await createStrict({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-28T19:00" });
    expect(full.statusCode).toBe(422);
    expect(full.json().rules).toContain("Allowance for July used up (1 of 1)");
    // Next month is a new allowance.
    expect(
      (await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-08-02T19:00" })).statusCode,
    ).toBe(201);
    expect(await reservationCount(m.user.id)).toBe(2);
  });
});

describe("PATCH /api/admin/assignments/:id/status", () => {
  it("sets revealedAt and confirmedAt once; cancelling returns the quota (the venue is not excluded); un-cancelling takes it again", async () => {
    const m = await t.member(PLAN);
    const v = await venue();
    const a = (await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-22T19:00" })).json();
    const start = t.clock.now();
    try {
      // Revealed and confirmed only inside the 48 hours before the date (the status machine).
      t.clock.set("2031-07-21T09:00:00Z");
      const revealed = await setStatus(a.id, { status: "revealed" });
      expect(revealed.statusCode).toBe(200);
      expect(revealed.json()).toMatchObject({ status: "revealed", revealedAt: t.clock.now().toISOString() });
      t.clock.advance(hours(1));
      const confirmed = (await setStatus(a.id, { status: "confirmed" })).json();
      expect(confirmed.confirmedAt).toBe(t.clock.now().toISOString());
      expect(confirmed.revealedAt).toBe(revealed.json().revealedAt);

      expect((await setStatus(a.id, { status: "cancelled" })).json().status).toBe("cancelled");
      expect(await quota(m.user.id)).toMatchObject([{ quotaUsed: 0, quotaRemaining: 1 }]);
      const excl = await t.db
        .select()
        .from(userVenueExclusions)
        .where(eq(userVenueExclusions.userId, m.user.id));
      // A cancellation says nothing about the venue: exclusions are only the members' own choices.
      expect(excl).toEqual([]);
      // Cancelling twice gives nothing more back.
      await setStatus(a.id, { status: "cancelled" });
      expect(await quota(m.user.id)).toMatchObject([{ quotaUsed: 0, quotaRemaining: 1 }]);

      // Putting it back asks the rulebook again: less than 72 hours ahead now, so only with a written reason.
      const refused = await setStatus(a.id, { status: "scheduled" });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().rules).toContain("Less than 72 hours ahead");
      const back = await setStatus(a.id, { status: "scheduled", overrideReason: "Venue confirmed by phone" });
      expect(back.statusCode, back.body).toBe(200);
      expect(await quota(m.user.id)).toMatchObject([{ quotaUsed: 1, quotaRemaining: 0 }]);
      expect(
        await t.db.select().from(userVenueExclusions).where(eq(userVenueExclusions.userId, m.user.id)),
      ).toHaveLength(0);
    } finally {
      t.clock.set(start);
    }
  });

  it("refuses un-cancelling when the month has been used up meanwhile, and changes nothing", async () => {
    const m = await t.member(PLAN);
    const v = await venue();
    const a = (await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-22T19:00" })).json();
    await setStatus(a.id, { status: "cancelled" });
    expect(
      (await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-26T19:00" })).statusCode,
    ).toBe(201);
    const res = await setStatus(a.id, { status: "scheduled" });
    expect(res.statusCode).toBe(422);
    expect(res.json().rules).toContainEqual(expect.stringMatching(/^Allowance for July used up \(1 of 1\)/));
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, a.id));
    expect(row.status).toBe("cancelled");
    expect(await quota(m.user.id)).toMatchObject([{ quotaUsed: 1, quotaRemaining: 0 }]);
  });

  it("completes a past date, which is then final (the moves: admin-assignment-status.test.ts)", async () => {
    const m = await t.member(PLAN);
    const { reservation } = await arrangeDate(t.db, m.user.id, { at: later(-30) });
    const res = await setStatus(reservation.id, { status: "completed" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("completed");
    const again = await setStatus(reservation.id, { status: "scheduled" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ASSIGNMENT_MSG.completedFinal("scheduled"));
  });

  it.each([
    [{}, 400],
    [{ status: "done" }, 400],
    [{ status: "reschedule_requested" }, 400],
    [{ status: 3 }, 400],
  ])("400 for %j", async (payload, code) => {
    const m = await t.member(PLAN);
    const { reservation } = await arrangeDate(t.db, m.user.id, { at: later(50) });
    const res = await setStatus(reservation.id, payload);
    expect(res.statusCode).toBe(code);
    if (code === 400 && "status" in payload)
      expect(res.json().message).toContain(ASSIGNMENT_MSG.statusInvalid);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, reservation.id));
    expect(row.status).toBe("scheduled");
  });

  it("404 for an unknown assignment, 400 for a bad id", async () => {
    const res = await setStatus(999999, { status: "completed" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ASSIGNMENT_MSG.assignmentNotFound);
    expect((await setStatus("abc", { status: "completed" })).statusCode).toBe(400);
  });
});

describe("GET /api/admin/assignments", () => {
  it("answers an array, newest first, paged, searched by member name/e-mail or venue name", async () => {
    const m = await t.member({ ...PLAN, firstName: "Wilhelmina", lastName: "Searchable" });
    const v = await venue("The Obscure Observatory");
    const other = await t.member(PLAN);
    const a1 = (
      await create({ userId: m.user.id, venueId: (await venue()).id, scheduledDate: "2031-07-21T19:00" })
    ).json();
    const a2 = (
      await create({ userId: other.user.id, venueId: v.id, scheduledDate: "2031-07-23T19:00" })
    ).json();
    const ids = async (q: string) =>
      (await call("GET", `/api/admin/assignments?search=${encodeURIComponent(q)}`))
        .json()
        .map((a: { id: number }) => a.id);
    expect(await ids("wilhelmina")).toEqual([a1.id]);
    expect(await ids(m.user.email.toUpperCase())).toEqual([a1.id]);
    expect(await ids("obscure observ")).toEqual([a2.id]);

    const all = await call("GET", "/api/admin/assignments?limit=200");
    expect(all.statusCode).toBe(200);
    const rows = all.json();
    expect(Number(all.headers["x-total-count"])).toBe(rows.length);
    expect(rows[0].id).toBe(a2.id);
    const page = await call("GET", "/api/admin/assignments?limit=1&offset=1");
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].id).toBe(rows[1].id);
    expect(page.headers["x-total-count"]).toBe(String(rows.length));
    expect((await call("GET", "/api/admin/assignments?offset=x")).statusCode).toBe(400);
  });
});

describe("GET /api/admin/assignments/export", () => {
  it("sends every assignment as a dated .xlsx with London wall-clock date cells and formulas as text", async () => {
    const m = await t.member({ ...PLAN, firstName: "=cmd", lastName: "@evil" });
    const v = await venue('=HYPERLINK("http://x")');
    const a = (await create({ userId: m.user.id, venueId: v.id, scheduledDate: "2031-07-29T19:30" })).json();
    const res = await call("GET", "/api/admin/assignments/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="date-assignments-2031-07-10.xlsx"',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const [{ n }] = (await t.db.$client.query("select count(*)::int as n from date_reservations")).rows;
    expect(ws.actualRowCount).toBe(n + 1);
    let seen = false;
    ws.eachRow((row) => {
      if (row.getCell(1).value !== a.id) return;
      seen = true;
      expect(row.getCell(2).value).toBe("'=cmd @evil");
      expect(row.getCell(4).value).toBe('\'=HYPERLINK("http://x")');
      // Real date cells holding London's wall clock: 19:30 in summer time is written as 19:30, not 18:30 UTC.
      expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(7).value).toEqual(new Date("2031-07-29T19:30:00Z"));
      expect(row.getCell(7).numFmt).toBe("dd/mm/yyyy hh:mm");
      expect(row.getCell(8).value).toBe("scheduled");
      expect(row.getCell(13).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(13).numFmt).toBe("dd/mm/yyyy hh:mm");
      // Created at the clock's 09:00 UTC, 10:00 in London (to the second).
      expect((row.getCell(13).value as Date).toISOString().slice(0, 16)).toBe(
        londonWall(new Date(a.createdAt)).slice(0, 16),
      );
    });
    expect(seen).toBe(true);
    // The headers say which clock the cells hold.
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header[6]).toBe("Scheduled Date (London)");
    expect(header[12]).toBe("Date Created (London)");
  });
});

describe("POST /api/admin/assignments/auto/:userId", () => {
  it("answers the spec's text (422) for a member without preferences; 404 for unknown members; nothing stored", async () => {
    const m = await t.member(PLAN);
    const res = await call("POST", `/api/admin/assignments/auto/${m.user.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: ASSIGNMENT_MSG.autoFailed });
    expect((await call("POST", `/api/admin/assignments/auto/${m.user.id}`, {})).statusCode).toBe(422);
    const unknown = await call("POST", "/api/admin/assignments/auto/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MEMBERS_MSG.notFound);
    expect((await call("POST", "/api/admin/assignments/auto/abc")).statusCode).toBe(400);
    expect(
      await t.db
        .select()
        .from(dateReservations)
        .where(and(eq(dateReservations.userId, m.user.id))),
    ).toHaveLength(0);
  });
});

describe("response contract", () => {
  const keysOf = (o: object) => Object.keys(o).sort();
  const want = keysOf(adminAssignmentSchema.shape);

  it("the list, searched or not, and a new date leave with exactly the schema's fields", async () => {
    const v = await venue("Contract Venue");
    const created = await call("POST", "/api/admin/assignments", {
      userId: member.user.id,
      venueId: v.id,
      scheduledDate: later(24 * 9).toISOString(),
      overrideReason: "Booked by phone",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(keysOf(created.json())).toEqual(want);
    expect(keysOf(created.json().override)).toEqual(
      keysOf(adminAssignmentSchema.shape.override.unwrap().shape),
    );

    const page = (await call("GET", `/api/admin/assignments?limit=${ADMIN_PAGE.maxLimit}`)).json();
    const searched = (await call("GET", "/api/admin/assignments?search=Contract%20Venue")).json();
    expect(searched).toHaveLength(1);
    for (const row of [...page, ...searched]) {
      expect(keysOf(row)).toEqual(want);
      if (row.user) expect(keysOf(row.user)).toEqual(keysOf(adminAssignmentSchema.shape.user.unwrap().shape));
      if (row.venue)
        expect(keysOf(row.venue)).toEqual(keysOf(adminAssignmentSchema.shape.venue.unwrap().shape));
    }
  });

  it("the page PostgreSQL writes names exactly the schema's keys, object by object", () => {
    expect(keysMatchSchema()).toBe(true);
  });
});
