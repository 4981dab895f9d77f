/** Auto Assign Date: POST /api/admin/assignments/auto/:userId books the matching engine's best date. */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dateReservations, userMonthlyQuotas } from "../../src/server/db/schema.ts";
import { ASSIGNMENT_MSG } from "../../src/shared/admin/assignments.ts";
import { MEMBERS_MSG } from "../../src/shared/admin/members.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
const HOUR = 3_600_000;
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

const auto = (userId: number | string, as: SignedIn | null = admin, payload?: object) =>
  t.request({ method: "POST", url: `/api/admin/assignments/auto/${userId}`, as: as ?? undefined, payload });

const datesOf = (userId: number) =>
  t.db.select().from(dateReservations).where(eq(dateReservations.userId, userId));

describe("POST /api/admin/assignments/auto/:userId", () => {
  it("books the engine's best date with its reasons, in the next 30 days and at least 72 hours ahead", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    const { venue, idea } = await matchVenue(t.db, { name: "Borough Supper Club" });
    const res = await auto(m.user.id);
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a.userId).toBe(m.user.id);
    expect(a.status).toBe("scheduled");
    expect(a.venue).toMatchObject({ id: venue.id, name: "Borough Supper Club" });
    expect(a.dateIdeaId).toBe(idea!.id);
    expect(a.matchReasons.length).toBeGreaterThanOrEqual(2);
    expect(a.matchReasons.join(" ")).toMatch(/miles from SE1/);
    const at = new Date(a.scheduledDate).getTime();
    expect(at).toBeGreaterThanOrEqual(NOW.getTime() + 72 * HOUR);
    expect(at).toBeLessThanOrEqual(NOW.getTime() + 30 * 24 * HOUR);
    // Stored with the date, shown in the admin list, never in the member's own view.
    const [row] = await datesOf(m.user.id);
    expect(row.matchReasons).toEqual(a.matchReasons);
    const list = await t.request({ method: "GET", url: "/api/admin/assignments", as: admin });
    expect(list.json().find((x: { id: number }) => x.id === a.id).matchReasons).toEqual(a.matchReasons);
    // Confirmed by the venue and revealed: the member sees the venue, still not the reasons.
    await t.db
      .update(dateReservations)
      .set({ venueStatus: "confirmed" })
      .where(eq(dateReservations.id, a.id));
    t.clock.set(new Date(at - 24 * HOUR));
    const mine = await t.request({ method: "GET", url: "/api/dates/user", as: m });
    t.clock.set(NOW);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain("Borough Supper Club");
    expect(mine.body).not.toMatch(/matchReasons|match_reasons|miles from SE1/);
    const one = await t.request({ method: "GET", url: `/api/dates/${a.id}`, as: m });
    expect(one.body).not.toMatch(/matchReasons|miles from SE1/);
  });

  it("a member without preferences gets the spec's text (422) and nothing is stored", async () => {
    const m = await t.member();
    const res = await auto(m.user.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: ASSIGNMENT_MSG.autoFailed });
    expect(res.json().message).toBe(
      "Could not create automated assignment. Member may need to complete their preferences.",
    );
    // Preferences without days or times to plan with count as missing too.
    const n = await t.member();
    await givePreferences(t.db, n.user.id, { schedulingPreferences: [] });
    expect((await auto(n.user.id)).json()).toEqual({ message: ASSIGNMENT_MSG.autoFailed });
    expect(await datesOf(m.user.id)).toHaveLength(0);
    expect(await datesOf(n.user.id)).toHaveLength(0);
  });

  it("when nothing fits, answers 422 with the rule that ruled everything out", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id, { dietaryRestrictions: ["Halal"] });
    const res = await auto(m.user.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(
      /^Could not create automated assignment\. No venue within 10 miles .*Halal\.$/,
    );
    expect(await datesOf(m.user.id)).toHaveLength(0);

    const lapsed = await t.member();
    await givePreferences(t.db, lapsed.user.id, {}, { subscriptionStatus: "cancelled" });
    const off = await auto(lapsed.user.id);
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toMatch(/^Could not create automated assignment\. Subscription is cancelled/);
  });

  it("looks up to 60 days ahead when the next 30 days have no room", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    await matchVenue(t.db);
    // November and December's allowances are used up: the first date that fits is in January.
    for (const month of [11, 12]) {
      await t.db.insert(userMonthlyQuotas).values({
        userId: m.user.id,
        year: 2026,
        month,
        subscriptionTier: "gold",
        quotaAllowed: 2,
        quotaUsed: 2,
        quotaRemaining: 0,
      });
    }
    const res = await auto(m.user.id);
    expect(res.statusCode).toBe(201);
    const at = new Date(res.json().scheduledDate);
    expect(at.toISOString() >= "2027-01-01").toBe(true);
    expect(at.getTime()).toBeLessThanOrEqual(NOW.getTime() + 60 * 24 * HOUR);
  });

  it("two clicks at once book two different, non-clashing dates (or refuse the second cleanly)", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id, {}, { subscriptionTier: "platinum" });
    await matchVenue(t.db);
    const both = await Promise.all([auto(m.user.id), auto(m.user.id)]);
    for (const r of both) expect([201, 422]).toContain(r.statusCode);
    const rows = await datesOf(m.user.id);
    expect(rows.length).toBe(both.filter((r) => r.statusCode === 201).length);
    if (rows.length === 2) {
      expect(Math.abs(rows[0].scheduledDate.getTime() - rows[1].scheduledDate.getTime())).toBeGreaterThan(
        4 * HOUR,
      );
    }
  });

  it("visitors 401, members 403, unknown members 404, malformed ids 400; nothing stored", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    expect((await auto(m.user.id, null)).statusCode).toBe(401);
    expect((await auto(m.user.id, m)).statusCode).toBe(403);
    const unknown = await auto(999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MEMBERS_MSG.notFound);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999", "1;drop"]) {
      expect((await auto(bad)).statusCode, bad).toBe(400);
    }
    expect(await datesOf(m.user.id)).toHaveLength(0);
    const count = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from date_reservations`);
    expect(count.rows[0].n).toBeGreaterThan(0); // the earlier tests' dates only
  });
});
