/**
 * The re-check sweep (job "recheck-dates"): a date ahead not asked of the rulebook for a day, or never, is asked
 * again, soonest first, so a change whose re-check never ran (a process stopped after its commit, a direct data
 * fix) is still flagged; a date asked recently is left alone.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { recheckDatesJob } from "../../src/app/server/jobs.ts";
import { dateReservations, userPreferences } from "../../src/server/db/schema.ts";
import { RECHECK_SWEEP, recheckStaleDates } from "../../src/server/modules/rulebook/recheck.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-12-01T09:00:00Z");
const HOUR = 3_600_000;
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

async function book(userId: number, venueId: number, at: string): Promise<number> {
  const res = await t.request({
    method: "POST",
    url: "/api/admin/assignments",
    as: admin,
    payload: { userId, venueId, scheduledDate: at },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const row = async (id: number) =>
  (await t.db.select().from(dateReservations).where(eq(dateReservations.id, id)))[0];

describe("the re-check sweep", () => {
  it("flags a date whose change announced nothing, once a day, soonest first", async () => {
    const m = await t.member({ firstName: "Sweep", lastName: "Member" });
    await givePreferences(t.db, m.user.id);
    const smoke = await matchVenue(t.db, { name: "Sweep Smokehouse" });
    const grill = await matchVenue(t.db, { name: "Sweep Grill" });
    const green = await matchVenue(t.db, { name: "Sweep Greens", dietary: ["Vegan"] });
    const soon = await book(m.user.id, smoke.venue.id, "2026-12-11T19:00");
    const later = await book(m.user.id, grill.venue.id, "2026-12-18T19:00");
    // A need written straight to the database (no route, so no re-check), and both dates last asked two days ago.
    await t.db
      .update(userPreferences)
      .set({ dietaryRestrictions: ["Vegan"] })
      .where(eq(userPreferences.userId, m.user.id));
    await t.db
      .update(dateReservations)
      .set({ rulesCheckedAt: new Date(NOW.getTime() - 48 * HOUR), ruleProblems: null })
      .where(eq(dateReservations.userId, m.user.id));

    // One date a run: the sooner one first.
    expect(await recheckStaleDates(t.deps, 1)).toBe(1);
    expect((await row(soon)).ruleProblems).toEqual([
      "Sweep Member needs Vegan food: Sweep Smokehouse does not offer it",
    ]);
    expect((await row(soon)).fixProposal).toMatchObject({
      venueId: green.venue.id,
      venueName: "Sweep Greens",
    });
    expect((await row(later)).ruleProblems).toBeNull();

    // The job asks the rest; asked just now, nothing is asked again until a day has passed.
    expect(await recheckDatesJob.run(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await row(later)).ruleProblems).toHaveLength(1);
    expect(await recheckStaleDates(t.deps)).toBe(0);
    t.clock.set(new Date(NOW.getTime() + (RECHECK_SWEEP.everyHours + 1) * HOUR));
    expect(await recheckStaleDates(t.deps)).toBeGreaterThanOrEqual(2);
    t.clock.set(NOW);
  });

  it("leaves cancelled and past dates alone", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    const v = await matchVenue(t.db, { name: "Sweep Past" });
    const id = await book(m.user.id, v.venue.id, "2026-12-12T19:00");
    await t.db
      .update(dateReservations)
      .set({ status: "cancelled", rulesCheckedAt: null })
      .where(eq(dateReservations.id, id));
    await recheckStaleDates(t.deps);
    expect((await row(id)).rulesCheckedAt).toBeNull();
  });
});
