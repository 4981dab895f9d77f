/**
 * The rulebook knows the venue's evening: opening hours (the whole date inside one session), closures and the
 * holiday closures, capacity at that time (any couple), archived and not-bookable venues, on every booking
 * path: the live check of Assign, Assign itself, Auto Assign. Capacity holds under concurrency.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dateReservations, venues } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { OPEN_ALL_DAY } from "../helpers/bookable-venue.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-12-01T09:00:00Z");
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

async function member() {
  const m = await t.member();
  await givePreferences(t.db, m.user.id);
  return m;
}

async function venue(name: string, set: Partial<typeof venues.$inferInsert> = {}) {
  const { venue: v } = await matchVenue(t.db, { name });
  if (Object.keys(set).length > 0) await t.db.update(venues).set(set).where(eq(venues.id, v.id));
  return v;
}

const check = (userId: number, venueId: number, at: string) =>
  t.request({
    method: "POST",
    url: "/api/admin/assignments/check",
    as: admin,
    payload: { userId, venueId, scheduledDate: at },
  });
const assign = (userId: number, venueId: number, at: string, overrideReason?: string) =>
  t.request({
    method: "POST",
    url: "/api/admin/assignments",
    as: admin,
    payload: { userId, venueId, scheduledDate: at, ...(overrideReason ? { overrideReason } : {}) },
  });

describe("the venue's rules in the rulebook", () => {
  it("a closure, the holiday closure, hours too short for the date, an archived or unbookable venue", async () => {
    const m = await member();
    const closed = await venue("Refit Rooms", {
      closures: [{ from: "2026-12-10", to: "2026-12-12", reason: "Kitchen refit" }],
    });
    // Thursday 10 December, 19:00 London.
    let res = await check(m.user.id, closed.id, "2026-12-10T19:00");
    expect(res.json().broken).toEqual(["Refit Rooms is closed on Thursday 10 December (Kitchen refit)"]);
    // Christmas Eve: closed unless the venue says it opens.
    const xmas = await venue("Holiday Hall", { opensOnHolidays: false });
    res = await check(m.user.id, xmas.id, "2026-12-24T19:00");
    expect(res.json().broken).toEqual([
      "Holiday Hall is closed on Thursday 24 December (Christmas and New Year)",
    ]);
    await t.db.update(venues).set({ opensOnHolidays: true }).where(eq(venues.id, xmas.id));
    expect((await check(m.user.id, xmas.id, "2026-12-24T19:00")).json().broken).toEqual([]);
    // Open 18:00-20:00 only: a two-hour date at 19:00 runs past closing.
    const short = await venue("Short Hours", {
      openingHours: { ...OPEN_ALL_DAY, fri: ["18:00-20:00"] },
    });
    res = await check(m.user.id, short.id, "2026-12-11T19:00");
    expect(res.json().broken).toEqual(["Short Hours is not open for the whole date (open 18:00-20:00)"]);
    const archived = await venue("Old Haunt", { status: "archived" });
    expect((await check(m.user.id, archived.id, "2026-12-11T19:00")).json().broken).toEqual([
      "Old Haunt is archived",
    ]);
    const unbookable = await venue("No Inbox", { bookingEmail: null, openingHours: null });
    expect((await check(m.user.id, unbookable.id, "2026-12-11T19:00")).json().broken).toEqual([
      "No Inbox can't be booked yet: no booking e-mail and no opening hours",
    ]);
    // Refused without a reason, nothing stored; an operator may override with one, on the record.
    const refused = await assign(m.user.id, closed.id, "2026-12-10T19:00");
    expect(refused.statusCode).toBe(422);
    expect(await t.db.select().from(dateReservations).where(eq(dateReservations.userId, m.user.id))).toEqual(
      [],
    );
    const forced = await assign(m.user.id, closed.id, "2026-12-10T19:00", "They open for us");
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json().override.rules).toEqual([
      "Refit Rooms is closed on Thursday 10 December (Kitchen refit)",
    ]);
  });

  it("capacity counts any couple's dates overlapping that time", async () => {
    const a = await member();
    const b = await member();
    const v = await venue("Chef's Table", { capacity: 1 });
    expect((await assign(a.user.id, v.id, "2026-12-11T19:00")).statusCode).toBe(201);
    // 20:00 overlaps the first date (two hours from 19:00); 22:00 does not.
    const full = await check(b.user.id, v.id, "2026-12-11T20:00");
    expect(full.json().broken).toEqual(["Chef's Table already has a couple of ours at that time"]);
    expect((await check(b.user.id, v.id, "2026-12-11T22:00")).json().broken).toEqual([]);
    await t.db.update(venues).set({ capacity: 2 }).where(eq(venues.id, v.id));
    expect((await check(b.user.id, v.id, "2026-12-11T20:00")).json().broken).toEqual([]);
  });

  it("two operators booking the last place at once give exactly one booking", async () => {
    const couples = await Promise.all([member(), member(), member(), member()]);
    const v = await venue("Last Place", { capacity: 1 });
    const answers = await Promise.all(couples.map((c) => assign(c.user.id, v.id, "2026-12-18T19:00")));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422]);
    for (const r of answers.filter((x) => x.statusCode === 422))
      expect(r.json().rules).toEqual(["Last Place already has a couple of ours at that time"]);
    const booked = await t.db.select().from(dateReservations).where(eq(dateReservations.venueId, v.id));
    expect(booked).toHaveLength(1);
  });

  it("Auto Assign never books a closed, full or archived venue", async () => {
    await t.db.update(venues).set({ status: "archived" });
    const m = await member();
    const closedAllWeek = await venue("Never Open", {
      openingHours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    });
    const archived = await venue("Shut For Good", { status: "archived" });
    const res = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${m.user.id}`,
      as: admin,
    });
    expect(res.statusCode).toBe(422);
    const open = await venue("Open Door");
    const ok = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${m.user.id}`,
      as: admin,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().venueId).toBe(open.id);
    expect([closedAllWeek.id, archived.id]).not.toContain(ok.json().venueId);
  });
});

describe("capacity counts who is there at the same moment", () => {
  it("a venue for two takes a 19-21 date beside dates at 18-20 and 20-22", async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const v = await venue("Two Tables", { capacity: 2 });
    expect((await assign(a.user.id, v.id, "2026-12-11T18:00")).statusCode).toBe(201);
    expect((await assign(b.user.id, v.id, "2026-12-11T20:00")).statusCode).toBe(201);
    expect((await check(c.user.id, v.id, "2026-12-11T19:00")).json().broken).toEqual([]);
  });
});

describe("a venue's change re-checks its dates still ahead", () => {
  it("new hours that no longer hold a booked date flag it with the rule; putting them back clears it", async () => {
    const m = await member();
    const v = await venue("Changing Hours");
    const a = (await assign(m.user.id, v.id, "2026-12-11T19:00")).json();
    expect(a.ruleProblems).toEqual([]);
    const put = (body: object) =>
      t.request({ method: "PUT", url: `/api/admin/venues/${v.id}`, as: admin, payload: body });
    expect((await put({ openingHours: "Sat-Sun 12:00-23:00" })).statusCode).toBe(200);
    const flagged = (await t.request({ method: "GET", url: "/api/admin/assignments", as: admin }))
      .json()
      .find((x: { id: number }) => x.id === a.id);
    expect(flagged.ruleProblems).toEqual(["Changing Hours is not open for the whole date (closed on Fris)"]);
    expect((await put({ openingHours: "Daily 00:00-24:00" })).statusCode).toBe(200);
    const cleared = (
      await t.request({ method: "GET", url: "/api/admin/assignments?limit=50&offset=0", as: admin })
    )
      .json()
      .find((x: { id: number }) => x.id === a.id);
    expect(cleared.ruleProblems).toEqual([]);
  });
});
