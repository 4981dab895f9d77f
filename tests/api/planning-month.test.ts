/** The monthly planner on real PostgreSQL: a small generated world, checked by the independent checker. */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMember, loadVenues } from "../../src/server/modules/matching/load.ts";
import { planMonth } from "../../src/server/modules/matching/plan.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { checkPlan } from "../helpers/plan-checker.ts";
import { generateWorld, type World } from "../helpers/plan-world.ts";

let t: TestApp;
let world: World;
const NOW = new Date("2026-11-20T09:00:00Z");

async function count(q: ReturnType<typeof sql>): Promise<number> {
  return (await t.db.execute<{ n: number }>(q)).rows[0].n;
}
const reservations = () => count(sql`select count(*)::int as n from date_reservations`);
const quotaRows = () => count(sql`select count(*)::int as n from user_monthly_quotas`);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  world = await generateWorld(t.db, {
    members: 90,
    venues: 60,
    seed: 6,
    tag: "plan",
    pastDate: new Date("2026-09-12T18:00:00Z"),
    plannedDate: new Date("2026-12-05T19:00:00Z"),
  });
});

describe("planMonth", () => {
  it("a dry run plans without writing anything but its run row", async () => {
    const before = [await reservations(), await quotaRows()];
    const dry = await planMonth(t.deps, { month: "2026-12", dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.datesPlanned).toBeGreaterThan(20);
    expect(dry.planned.length).toBe(dry.datesPlanned);
    expect([await reservations(), await quotaRows()]).toEqual(before);
    const run = (
      await t.db.execute<{ dry_run: boolean; status: string; dates_planned: number }>(
        sql`select dry_run, status, dates_planned from planning_runs where id = ${dry.runId}`,
      )
    ).rows[0];
    expect(run).toEqual({ dry_run: true, status: "done", dates_planned: dry.datesPlanned });
  });

  it("plans the month with no broken rule, respects quotas, plans each couple once", async () => {
    const before = await reservations();
    const res = await planMonth(t.deps, { month: "2026-12", dryRun: false, triggeredBy: null });
    expect(res.datesPlanned).toBeGreaterThan(20);
    expect(await reservations()).toBe(before + res.datesPlanned);
    expect(res.unplaced.length).toBe(res.membersUnplaced);
    const run = (
      await t.db.execute<{
        status: string;
        summary: { unplaced: unknown[]; timings: Record<string, number> };
      }>(sql`select status, summary from planning_runs where id = ${res.runId}`)
    ).rows[0];
    expect(run.status).toBe("done");
    expect(run.summary.unplaced).toEqual(res.unplaced);
    expect(run.summary.timings.elapsedMs).toBeGreaterThanOrEqual(0);
    for (const u of res.unplaced) expect(u.reason.length).toBeGreaterThan(5);
    // Every planned date carries 2-5 reasons.
    const reasons = await t.db.execute<{ n: number }>(
      sql`select jsonb_array_length(match_reasons)::int as n from date_reservations where match_reasons is not null`,
    );
    expect(reasons.rows.length).toBe(res.datesPlanned);
    for (const r of reasons.rows) expect(r.n).toBeGreaterThanOrEqual(2);

    expect(await checkPlan(t.db, { now: NOW, month: "2026-12" })).toEqual([]);

    // Quotas: the month's row of every planned member matches its dates and never exceeds the allowance.
    const quotas = await t.db.execute<{
      user_id: number;
      allowed: number;
      used: number;
      remaining: number;
      n: number;
    }>(sql`
      select q.user_id, q.quota_allowed as allowed, q.quota_used as used, q.quota_remaining as remaining,
        (select count(*)::int from date_reservations r where r.user_id = q.user_id and r.status <> 'cancelled'
          and r.scheduled_date >= '2026-12-01T00:00:00Z' and r.scheduled_date < '2027-01-01T00:00:00Z') as n
      from user_monthly_quotas q where q.year = 2026 and q.month = 12
    `);
    expect(quotas.rows.length).toBeGreaterThan(0);
    for (const q of quotas.rows) {
      expect(q.used).toBe(q.n);
      expect(q.used + q.remaining).toBe(q.allowed);
    }
    // A couple is planned once: the two partners' December dates together stay within one allowance.
    const couples = await t.db.execute<{ a: number; b: number; na: number; nb: number; allowed: number }>(sql`
      select a.id as a, b.id as b,
        (select count(*)::int from date_reservations r where r.user_id = a.id and r.match_reasons is not null) as na,
        (select count(*)::int from date_reservations r where r.user_id = b.id and r.match_reasons is not null) as nb,
        greatest(case pa.subscription_tier when 'gold' then 2 when 'platinum' then 4 else 1 end,
                 case pb.subscription_tier when 'gold' then 2 when 'platinum' then 4 else 1 end) as allowed
      from users a join users b on b.id = a.partner_id and b.partner_id = a.id and a.id < b.id
      left join plan_accounts pa on pa.user_id = a.id
      left join plan_accounts pb on pb.user_id = b.id
    `);
    expect(couples.rows.length).toBeGreaterThan(3);
    for (const c of couples.rows) {
      expect(c.na === 0 || c.nb === 0).toBe(true);
      expect(c.na + c.nb).toBeLessThanOrEqual(c.allowed);
    }
    // Capacity: no venue holds more couples at one time than it takes (the checker also counts overlaps).
    const crowded = await count(sql`
      select count(*)::int as n from (select r.venue_id, r.scheduled_date from date_reservations r
        join venues v on v.id = r.venue_id where r.match_reasons is not null
        group by 1, 2 having count(*) > max(v.capacity)) x
    `);
    expect(crowded).toBe(0);
  });

  it("running again adds nothing; two runs at once plan a month once", async () => {
    const before = await reservations();
    const again = await planMonth(t.deps, { month: "2026-12", dryRun: false });
    expect(again.datesPlanned).toBe(0);
    expect(await reservations()).toBe(before);

    const [a, b] = await Promise.all([
      planMonth(t.deps, { month: "2027-01", dryRun: false }),
      planMonth(t.deps, { month: "2027-01", dryRun: false }),
    ]);
    expect(Math.min(a.datesPlanned, b.datesPlanned)).toBe(0);
    expect(Math.max(a.datesPlanned, b.datesPlanned)).toBeGreaterThan(20);
    expect(await checkPlan(t.db, { now: NOW, month: "2027-01" })).toEqual([]);
  });

  it("the checker notices broken rules", async () => {
    const [a, b] = (
      await t.db.execute<{ id: number; user_id: number; venue_id: number }>(sql`
        select id, user_id, venue_id from date_reservations where match_reasons is not null
          and scheduled_date >= '2027-01-01T00:00:00Z' order by id limit 2
      `)
    ).rows;
    await t.db.execute(
      sql`update date_reservations set scheduled_date = scheduled_date + interval '1 hour' where id = ${a.id}`,
    );
    await t.db.execute(
      sql`insert into user_venue_exclusions (user_id, venue_id) values (${b.user_id}, ${b.venue_id})`,
    );
    const found = await checkPlan(t.db, { now: NOW, reservationIds: [a.id, b.id] });
    expect(found.some((v) => v.startsWith(`reservation ${a.id} `) && v.includes("not a slot time"))).toBe(
      true,
    );
    expect(found.some((v) => v.startsWith(`reservation ${b.id} `) && v.includes("excluded"))).toBe(true);
  });

  it("a member whose month is used up, or who is paused, gets nothing", async () => {
    const before = await reservations();
    const [m1, m2] = world.memberIds.slice(-2);
    await t.db.execute(
      sql`update users set partner_id = null where id in (${m1}, ${m2}) or partner_id in (${m1}, ${m2})`,
    );
    await t.db.execute(sql`
      insert into user_monthly_quotas (user_id, year, month, subscription_tier, quota_allowed, quota_used, quota_remaining)
      values (${m1}, 2027, 2, 'gold', 2, 2, 0)
    `);
    await t.db.execute(sql`
      insert into plan_accounts (user_id, paused_until) values (${m2}, '2027-03-01T00:00:00Z')
      on conflict (user_id) do update set paused_until = excluded.paused_until
    `);
    const res = await planMonth(t.deps, { month: "2027-02", dryRun: false });
    expect(res.planned.filter((p) => p.userId === m1 || p.userId === m2)).toEqual([]);
    expect(res.unplaced.find((u) => u.userId === m2)?.reason).toBe("Subscription is paused until 1 March");
    expect(await reservations()).toBe(before + res.datesPlanned);
    expect(await checkPlan(t.db, { now: NOW, month: "2027-02" })).toEqual([]);
  });

  it("the checker notices broken venue rules: hours, closures, holidays, capacity, bookable, season", async () => {
    // Six planned January dates at six different venues (each with an idea), one rule broken for each.
    const rows = (
      await t.db.execute<{
        id: number;
        user_id: number;
        venue_id: number;
        date_idea_id: number;
        at: string;
      }>(sql`
        select distinct on (venue_id) id, user_id, venue_id, date_idea_id, scheduled_date::text as at
        from date_reservations where match_reasons is not null and date_idea_id is not null
          and scheduled_date >= '2027-01-01T00:00:00Z' and scheduled_date < '2027-02-01T00:00:00Z'
        order by venue_id, id limit 6
      `)
    ).rows;
    expect(rows.length).toBe(6);
    const [hours, closed, holiday, full, archived, season] = rows;
    expect(await checkPlan(t.db, { now: NOW, reservationIds: rows.map((r) => r.id) })).toEqual([]);
    // Open only in the morning.
    await t.db.execute(sql`
      update venues set opening_hours = ${JSON.stringify({ mon: ["09:00-10:00"], tue: ["09:00-10:00"], wed: ["09:00-10:00"], thu: ["09:00-10:00"], fri: ["09:00-10:00"], sat: ["09:00-10:00"], sun: ["09:00-10:00"] })}::jsonb
      where id = ${hours.venue_id}
    `);
    // Closed for the date's London day.
    await t.db.execute(sql`
      update venues set closures = jsonb_build_array(jsonb_build_object(
        'from', to_char(${closed.at}::timestamptz at time zone 'Europe/London', 'YYYY-MM-DD'),
        'to', to_char(${closed.at}::timestamptz at time zone 'Europe/London', 'YYYY-MM-DD'), 'reason', 'Flooded'))
      where id = ${closed.venue_id}
    `);
    // Moved to Good Friday 2027 (26 March) at 19:00 London, at a venue closed on holidays.
    await t.db.execute(sql`
      update venues set opens_on_holidays = false, opening_hours = null where id = ${holiday.venue_id}
    `);
    await t.db.execute(sql`
      update date_reservations set scheduled_date = '2027-03-26T19:00:00Z' where id = ${holiday.id}
    `);
    // Another couple's date at the same time, at a venue taking one couple at once.
    const other = world.memberIds.find((id) => id !== full.user_id) as number;
    await t.db.execute(sql`update venues set capacity = 1 where id = ${full.venue_id}`);
    await t.db.execute(sql`
      insert into date_reservations (user_id, venue_id, scheduled_date, status)
      values (${other}, ${full.venue_id}, ${full.at}::timestamptz + interval '30 minutes', 'scheduled')
    `);
    // Archived, and without a booking e-mail.
    await t.db.execute(
      sql`update venues set status = 'archived', booking_email = null where id = ${archived.venue_id}`,
    );
    // The idea is for summer only.
    await t.db.execute(sql`update date_ideas set season = 'summer' where id = ${season.date_idea_id}`);

    const found = await checkPlan(t.db, { now: NOW, reservationIds: rows.map((r) => r.id) });
    const has = (r: { id: number }, text: string) =>
      found.some((v) => v.startsWith(`reservation ${r.id} `) && v.includes(text));
    expect(has(hours, "outside opening hours")).toBe(true);
    expect(has(closed, "(Flooded)")).toBe(true);
    expect(has(holiday, "(Good Friday)")).toBe(true);
    expect(has(holiday, "no opening hours")).toBe(true);
    expect(has(full, "over capacity: 2 dates at once, capacity 1")).toBe(true);
    expect(has(archived, "venue archived")).toBe(true);
    expect(has(archived, "no booking e-mail")).toBe(true);
    expect(has(season, "idea season summer in month 1")).toBe(true);
  });

  it("loadMember answers null without preferences, the profile otherwise", async () => {
    const bare = await t.member({ subscriptionStatus: "active", subscriptionTier: "gold" });
    expect(await loadMember(t.deps, bare.user.id)).toBeNull();
    expect(await loadMember(t.deps, 999_999)).toBeNull();
    const m = await loadMember(t.deps, world.memberIds[0]);
    expect(m?.userId).toBe(world.memberIds[0]);
    expect(m?.scheduling.length).toBeGreaterThan(0);
    const venues = await loadVenues(t.deps);
    expect(venues.length).toBe(world.venueIds.length);
  });
});
