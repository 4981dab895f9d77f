/**
 * One couple, one plan, one allowance: a date booked for either partner takes from the plan
 * holder's monthly allowance, on every path that books (manual Assign, Auto Assign, Plan {Month}, Create
 * Booking, putting a cancelled date back), and a cancelled date gives it back there.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  aiDateSuggestions,
  dateReservations,
  userMonthlyQuotas,
  userPreferences,
  users,
} from "../../src/server/db/schema.ts";
import { ensureMonthlyQuotas } from "../../src/server/jobs/billing/quotas.ts";
import { coupleAllowance, readCouple } from "../../src/server/modules/couples/couple.ts";
import { loadMember } from "../../src/server/modules/matching/load.ts";
import { planMonth } from "../../src/server/modules/matching/plan.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
let admin: SignedIn;

beforeEach(async () => {
  t.clock.set(NOW);
  admin ??= await t.admin();
});

/** A Gold plan holder with preferences near London Bridge, and their covered partner (no plan, own needs). */
async function goldCouple(partnerNeeds: { dietaryRestrictions?: string[]; alcoholOk?: boolean } = {}) {
  const holder = await t.member({ firstName: "Hana", lastName: "Holder" });
  const partner = await t.member({ firstName: "Pip", lastName: "Partner", partnerId: holder.user.id });
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
  await givePreferences(t.db, holder.user.id);
  // The partner's short questionnaire: only their own needs.
  await t.db.update(users).set({ onboardingCompleted: true }).where(eq(users.id, partner.user.id));
  if (Object.keys(partnerNeeds).length > 0) {
    await t.db.insert(userPreferences).values({ userId: partner.user.id, ...partnerNeeds });
  }
  return { holder, partner };
}

/**
 * Manual Assign of a date at a venue of its own: the rulebook refuses a venue the couple has a date
 * at within 6 months, and these tests are about the allowance. `_venueId` is where the tests first booked.
 */
const assign = async (userId: number, scheduledDate: string, _venueId?: number) =>
  t.request({
    method: "POST",
    url: "/api/admin/assignments",
    as: admin,
    payload: { userId, venueId: (await matchVenue(t.db)).venue.id, scheduledDate },
  });
const DECEMBER_USED = "Allowance for December used up (2 of 2)";

const quotaOf = (userId: number) =>
  t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, userId));

const datesOf = (ids: number[]) =>
  t.db.select().from(dateReservations).where(inArray(dateReservations.userId, ids));

describe("the couple's one allowance", () => {
  it("manual Assign counts dates booked for either partner against the plan holder's allowance", async () => {
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db);
    expect((await assign(partner.user.id, "2026-12-04T19:30:00Z", venue.id)).statusCode).toBe(201);
    expect((await assign(holder.user.id, "2026-12-11T19:30:00Z", venue.id)).statusCode).toBe(201);
    // Gold is two dates a month for the couple: a third, for either of them, is refused and nothing is stored.
    for (const who of [partner, holder]) {
      const third = await assign(who.user.id, "2026-12-18T19:30:00Z", venue.id);
      expect(third.statusCode).toBe(422);
      expect(third.json().rules).toEqual([DECEMBER_USED]);
    }
    expect(await datesOf([holder.user.id, partner.user.id])).toHaveLength(2);
    // One row, the plan holder's, counts both; the covered partner has none of their own.
    expect(await quotaOf(holder.user.id)).toMatchObject([
      { year: 2026, month: 12, subscriptionTier: "gold", quotaAllowed: 2, quotaUsed: 2, quotaRemaining: 0 },
    ]);
    expect(await quotaOf(partner.user.id)).toEqual([]);
    // January is a new month.
    expect((await assign(partner.user.id, "2027-01-08T19:30:00Z", venue.id)).statusCode).toBe(201);
  });

  it("cancelling a partner's date gives the couple's date back; putting it back takes it again", async () => {
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db);
    const a = (await assign(partner.user.id, "2026-12-04T19:30:00Z", venue.id)).json();
    await assign(holder.user.id, "2026-12-11T19:30:00Z", venue.id);
    const cancel = await t.request({
      method: "PATCH",
      url: `/api/admin/assignments/${a.id}/status`,
      as: admin,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await quotaOf(holder.user.id)).toMatchObject([{ quotaUsed: 1, quotaRemaining: 1 }]);
    // The freed date is the couple's: the holder takes it.
    const b = (await assign(holder.user.id, "2026-12-18T19:30:00Z", venue.id)).json();
    expect(b.id).toBeGreaterThan(0);
    const back = await t.request({
      method: "PATCH",
      url: `/api/admin/assignments/${a.id}/status`,
      as: admin,
      payload: { status: "scheduled" },
    });
    // Putting it back asks the rulebook again: the couple's December is full.
    expect(back.statusCode).toBe(422);
    expect(back.json().rules).toContain(DECEMBER_USED);
  });

  it("a couple whose allowance row was made before the partner's dates counted starts from their dates", async () => {
    // Dates booked for the partner before this rule (no quota row taken): the first booking counts them.
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db);
    await t.db.insert(dateReservations).values([
      { userId: partner.user.id, venueId: venue.id, scheduledDate: new Date("2026-12-02T19:30:00Z") },
      { userId: partner.user.id, venueId: venue.id, scheduledDate: new Date("2026-12-09T19:30:00Z") },
    ]);
    const res = await assign(holder.user.id, "2026-12-16T19:30:00Z", venue.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().rules).toEqual([DECEMBER_USED]);
  });

  it("a month's row made by the daily job counts the partner's dates, and a booking checks the dates too", async () => {
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db);
    // Two December dates for the partner, booked before any row existed (as before this rule).
    await t.db.insert(dateReservations).values([
      { userId: partner.user.id, venueId: venue.id, scheduledDate: new Date("2026-12-02T19:30:00Z") },
      { userId: partner.user.id, venueId: venue.id, scheduledDate: new Date("2026-12-09T19:30:00Z") },
    ]);
    t.clock.set(new Date("2026-11-26T09:00:00Z")); // from the 25th the job makes December's rows too
    await ensureMonthlyQuotas(t.deps);
    expect((await quotaOf(holder.user.id)).find((q) => q.month === 12)).toMatchObject({
      quotaUsed: 2,
      quotaRemaining: 0,
    });
    expect((await assign(holder.user.id, "2026-12-16T19:30:00Z", venue.id)).statusCode).toBe(422);
    // A row that undercounts (made before the partner linked) is checked against the dates themselves.
    await t.db
      .update(userMonthlyQuotas)
      .set({ quotaUsed: 0, quotaRemaining: 2 })
      .where(eq(userMonthlyQuotas.userId, holder.user.id));
    expect((await assign(holder.user.id, "2026-12-16T19:30:00Z", venue.id)).statusCode).toBe(422);
    const couple = await readCouple(t.db, partner.user.id);
    expect(await coupleAllowance(t.db, couple!, new Date("2026-12-05T12:00:00Z"))).toMatchObject({
      tier: "gold",
      allowed: 2,
      used: 2,
      remaining: 0,
    });
    expect(await datesOf([holder.user.id, partner.user.id])).toHaveLength(2);
  });

  it("Auto Assign for a covered partner plans with the couple's shared answers, both partners' needs and the one allowance", async () => {
    const { holder, partner } = await goldCouple({ alcoholOk: false });
    await matchVenue(t.db, { type: "activity", category: "bars", name: "Gin Palace" });
    const { venue } = await matchVenue(t.db, { name: "Quiet Kitchen" });
    // December's two dates are already the couple's (one each).
    await assign(holder.user.id, "2026-12-04T19:30:00Z", venue.id);
    await assign(partner.user.id, "2026-12-11T19:30:00Z", venue.id);
    // November's single slot left (from +72 h) is fine; then nothing in December.
    const first = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${partner.user.id}`,
      as: admin,
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstAt = first.json().scheduledDate as string;
    expect(first.json().venue.name).not.toBe("Gin Palace"); // the partner does not drink: no bar
    expect(firstAt < "2026-12-01" || firstAt >= "2027-01-01").toBe(true);
    const second = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${partner.user.id}`,
      as: admin,
    });
    if (second.statusCode === 201) {
      const at = second.json().scheduledDate as string;
      expect(at < "2026-12-01" || at >= "2027-01-01").toBe(true);
    }
    const december = (await datesOf([holder.user.id, partner.user.id])).filter((d) =>
      d.scheduledDate.toISOString().startsWith("2026-12"),
    );
    expect(december).toHaveLength(2);
  });

  it("the engine sees one couple from either partner: shared answers, both partners' needs merged, one allowance", async () => {
    const { holder, partner } = await goldCouple({ dietaryRestrictions: ["Vegan"], alcoholOk: false });
    await t.db
      .update(userPreferences)
      .set({ dietaryRestrictions: ["Halal"] })
      .where(eq(userPreferences.userId, holder.user.id));
    const { venue } = await matchVenue(t.db, { dietary: ["Halal", "Vegan"] });
    const booked = await t.request({
      method: "POST",
      url: "/api/admin/assignments",
      as: admin,
      payload: { userId: partner.user.id, venueId: venue.id, scheduledDate: "2026-12-04T19:30:00Z" },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const seen = await Promise.all([loadMember(t.deps, holder.user.id), loadMember(t.deps, partner.user.id)]);
    for (const p of seen) {
      expect(p).not.toBeNull();
      expect(p).toMatchObject({
        postcode: "SE1 9PX",
        travelRadiusMiles: 10,
        dateSpend: "££",
        alcoholOk: false,
      });
      expect(p?.dietary.sort()).toEqual(["Halal", "Vegan"]);
      expect(p?.quotaRemaining("2026-12")).toBe(1);
      expect(p?.tier).toBe("gold");
    }
  });

  it("Create Booking for a partner is refused once the couple's month is used, and the suggestion stays approved", async () => {
    const { holder, partner } = await goldCouple();
    await assign(holder.user.id, "2026-12-04T19:30:00Z");
    await assign(holder.user.id, "2026-12-11T19:30:00Z");
    const { venue } = await matchVenue(t.db);
    const [s] = await t.db
      .insert(aiDateSuggestions)
      .values({
        userId: partner.user.id,
        suggestion: "A quiet supper",
        suggestedVenues: [{ id: venue.id, name: venue.name, suggestedDate: "2026-12-18T19:30:00.000Z" }],
        status: "approved",
      })
      .returning();
    const res = await t.request({ method: "POST", url: `/api/admin/ai-suggestions/${s.id}/book`, as: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().rules).toEqual([DECEMBER_USED]);
    const [after] = await t.db.select().from(aiDateSuggestions).where(eq(aiDateSuggestions.id, s.id));
    expect(after.status).toBe("approved");
  });

  it("Plan {Month} gives a couple only what is left of their one allowance, counting the partner's dates", async () => {
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db, { name: "Planner's Pick" });
    await assign(partner.user.id, "2026-12-04T19:30:00Z", venue.id);
    const run = await planMonth(t.deps, { month: "2026-12", dryRun: false });
    const mine = run.planned.filter((p) => p.userId === holder.user.id || p.userId === partner.user.id);
    expect(mine).toHaveLength(1);
    expect(await quotaOf(holder.user.id)).toMatchObject([{ month: 12, quotaUsed: 2, quotaRemaining: 0 }]);
    // Running again plans nothing more for them.
    const again = await planMonth(t.deps, { month: "2026-12", dryRun: false });
    expect(again.planned.filter((p) => p.userId === holder.user.id || p.userId === partner.user.id)).toEqual(
      [],
    );
  });

  it("needing-dates counts the partner's dates for the plan holder and never lists the covered partner", async () => {
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db);
    await assign(partner.user.id, "2026-11-28T19:30:00Z", venue.id);
    const res = await t.request({
      method: "GET",
      url: "/api/admin/members-needing-dates?limit=200",
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ user: { id: number }; scheduled: number; needed: number }>;
    expect(rows.find((r) => r.user.id === holder.user.id)).toMatchObject({ scheduled: 1, needed: 1 });
    expect(rows.find((r) => r.user.id === partner.user.id)).toBeUndefined();
  });

  it("the 24-hour sweep gives an unconfirmed partner's date back to the plan holder's allowance", async () => {
    const { holder, partner } = await goldCouple();
    const { venue } = await matchVenue(t.db);
    const a = (await assign(partner.user.id, "2026-12-04T19:30:00Z", venue.id)).json();
    expect(await quotaOf(holder.user.id)).toMatchObject([{ quotaUsed: 1 }]);
    // The venue confirmed (a date held for its venue is never cancelled at the couple's deadline).
    await t.db
      .update(dateReservations)
      .set({ venueStatus: "confirmed" })
      .where(eq(dateReservations.id, a.id));
    const { cancelUnconfirmedDates } = await import("../../src/server/jobs/dates.ts");
    t.clock.set(new Date("2026-12-03T20:00:00Z"));
    await cancelUnconfirmedDates(t.deps);
    const [row] = await t.db
      .select()
      .from(dateReservations)
      .where(and(eq(dateReservations.id, a.id)));
    expect(row.status).toBe("cancelled");
    expect(await quotaOf(holder.user.id)).toMatchObject([{ quotaUsed: 0, quotaRemaining: 2 }]);
  });
});
