/**
 * Plan {Month} asks the rulebook at write time: the month is matched from one read and written
 * later; a planned date that breaks a rule by then (an operator booked a clash, the couple excluded the
 * venue) is not written, and the run's report says why.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userVenueExclusions } from "../../src/server/db/schema.ts";
import { loadProfiles, loadVenues } from "../../src/server/modules/matching/load.ts";
import { monthWindow, planMonth, recheckAndWrite } from "../../src/server/modules/matching/plan.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { generateWorld } from "../helpers/plan-world.ts";

let t: TestApp;
const NOW = new Date("2026-11-20T09:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await generateWorld(t.db, { members: 30, venues: 30, seed: 17, tag: "rb" });
});

describe("Plan {Month} and the rulebook", () => {
  it("does not write a planned date that breaks a rule by write time, and reports why", async () => {
    const dry = await planMonth(t.deps, { month: "2026-12", dryRun: true });
    const byUser = new Map<number, typeof dry.planned>();
    for (const p of dry.planned) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p]);
    const [clashUser, exclUser] = [...byUser.keys()];
    expect(exclUser).toBeDefined();
    const clashed = byUser.get(clashUser)![0];
    const excluded = byUser.get(exclUser)![0];

    // The month as the planner read it, before anyone else acts.
    const members = await loadProfiles(
      t.deps,
      sql`ua.subscription_status = 'active' and u.onboarding_completed and ua.subscription_tier is not null`,
    );
    const venues = await loadVenues(t.deps);

    // Meanwhile an operator books the first couple a date an hour after the planned one, and the second
    // couple asks never to go to their planned venue.
    const at = new Date(clashed.scheduledDate);
    await arrangeDate(t.db, clashUser, {
      at: new Date(at.getTime() + hours(1)),
      venueName: "Operator's Pick",
    });
    await t.db
      .insert(userVenueExclusions)
      .values({ userId: exclUser, venueId: excluded.venueId, reason: "manual" });

    const planned = dry.planned.map((p) => ({
      ...p,
      category: "culinary",
      scheduledDate: new Date(p.scheduledDate),
    }));
    const { keep, skipped } = await t.db.transaction((tx) =>
      recheckAndWrite(t.deps, tx, members, venues, planned, monthWindow("2026-12"), "2026-12", NOW),
    );

    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: clashUser,
          scheduledDate: clashed.scheduledDate,
          rules: [expect.stringMatching(/^Clashes with their date on /)],
        }),
        expect.objectContaining({
          userId: exclUser,
          scheduledDate: excluded.scheduledDate,
          rules: [expect.stringMatching(/^They asked not to go to /)],
        }),
      ]),
    );
    expect(keep.length + skipped.length).toBe(planned.length);
    const written = (
      await t.db.execute<{ user_id: number; venue_id: number; at: string }>(sql`
        select user_id, venue_id, to_char(scheduled_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from date_reservations where match_reasons is not null
      `)
    ).rows.map((r) => `${r.user_id}/${r.venue_id}/${r.at}`);
    const key = (p: { userId: number; venueId: number; scheduledDate: string }) =>
      `${p.userId}/${p.venueId}/${p.scheduledDate}`;
    expect(written).not.toContain(key(clashed));
    expect(written).not.toContain(key(excluded));
    expect(written.sort()).toEqual(
      keep.map((p) => key({ ...p, scheduledDate: p.scheduledDate.toISOString() })).sort(),
    );
  });

  it("an ordinary run writes every date it plans: the rulebook refuses none of the engine's dates", async () => {
    // Everything planned above is in place: a fresh run plans the rest, and nothing it plans breaks a rule.
    const run = await planMonth(t.deps, { month: "2026-12", dryRun: false });
    const row = (
      await t.db.execute<{ summary: { skipped: unknown[]; timings: Record<string, number> } }>(
        sql`select summary from planning_runs where id = ${run.runId}`,
      )
    ).rows[0];
    expect(row.summary.skipped).toEqual([]);
    expect(row.summary.timings.droppedOnRecheck).toBeUndefined();
  });
});
