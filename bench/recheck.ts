/**
 * npm run bench:recheck: how long a venue edit takes to re-check its dates still ahead (rulebook/recheck.ts),
 * with 1,000 future dates at the venue. A fresh database (embedded PostgreSQL in a temporary folder, or the
 * server of TEST_DATABASE_URL) holds a generated world (bench/planning.ts's: members with varied needs,
 * partners, venues with hours and capacities); 1,000 of its active members get a date at one venue over the
 * next month. Then the venue's needs list changes (every vegan member's date there now breaks a rule, and a
 * fix is looked for across every venue), and changes back. Target: each re-check under 2 s.
 * BENCH_DATES, BENCH_MEMBERS and BENCH_VENUES change the sizes.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { createDeps } from "../src/app/server/deps-factory.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDb } from "../src/server/db/client.ts";
import { outboxTransport } from "../src/server/modules/email/mailer.ts";
import { recheckVenueDates } from "../src/server/modules/rulebook/recheck.ts";
import { generateWorld } from "../tests/helpers/plan-world.ts";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/test-postgres.ts";

const DATES = Number(process.env.BENCH_DATES ?? 1_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 3_000);
const VENUES = Number(process.env.BENCH_VENUES ?? 2_000);
const TARGET_MS = 2_000;

async function main() {
  console.log(
    `bench:recheck on ${os.cpus().length} cores: ${DATES} dates at one venue, ${MEMBERS} members, ${VENUES} venues`,
  );
  const pg = await startTestPostgres();
  const { url, drop } = await createTestDatabase(pg.baseUrl);
  const db = createDb(url, 4);
  let failed = false;
  try {
    const now = new Date("2026-11-20T09:00:00Z");
    let t = performance.now();
    await generateWorld(db, {
      members: MEMBERS,
      venues: VENUES,
      seed: 2026,
      tag: "recheck",
      month: "2026-12",
    });
    // The busiest venue of the world takes every date: room enough for all of them.
    const venue = (
      await db.$client.query(
        `update venues set capacity = $1, dietary_accommodations = array['Vegan', 'Vegetarian', 'Gluten-free', 'Halal'],
           accessibility_features = array['Wheelchair accessible', 'Step-free access', 'Hearing loop', 'Large print menus']
         where id = (select min(id) from venues where booking_email is not null and opening_hours is not null)
         returning id, name`,
        [DATES],
      )
    ).rows[0] as { id: number; name: string };
    // 1,000 members with a plan, one date each at 19:00 London on the days of December (one date per member).
    const inserted = await db.$client.query(
      `insert into date_reservations (user_id, venue_id, date_idea_id, scheduled_date, status)
       select u.id, $1, (select min(id) from date_ideas where venue_id = $1),
         ((date '2026-12-01' + ((row_number() over (order by u.id) - 1) % 28)::int) + time '19:00')
           at time zone 'Europe/London',
         'scheduled'
       from (select u.id from users u join plan_accounts a on a.user_id = u.id
             where a.subscription_status = 'active' and not u.is_admin order by u.id limit $2) u
       returning id`,
      [venue.id, DATES],
    );
    await db.$client.query("VACUUM ANALYZE");
    console.log(
      `generated in ${Math.round(performance.now() - t)} ms; ${inserted.rowCount} dates at ${venue.name}`,
    );

    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: url });
    const deps = createDeps(config, db, { transport: outboxTransport(null), now: () => now });

    const run = async (label: string, judged = true) => {
      const start = performance.now();
      const flagged = await recheckVenueDates(deps, [venue.id]);
      const ms = Math.round(performance.now() - start);
      const fixes = (
        await db.$client.query(
          "select count(*)::int as n from date_reservations where venue_id = $1 and fix_proposal is not null",
          [venue.id],
        )
      ).rows[0].n;
      console.log(
        `${label}: ${ms} ms, ${flagged} dates break a rule, ${fixes} with a fix (target < ${TARGET_MS} ms)`,
      );
      if (judged && ms >= TARGET_MS) failed = true;
      return ms;
    };
    // The dates as booked, once (warms the process up; not the edit being timed).
    await run("first re-check, as booked (warm-up, not judged)", false);
    t = performance.now();
    await db.$client.query(
      "update venues set dietary_accommodations = '{}', accessibility_features = '{}' where id = $1",
      [venue.id],
    );
    await run("after the venue dropped its needs lists");
    await db.$client.query(
      `update venues set dietary_accommodations = array['Vegan', 'Vegetarian', 'Gluten-free', 'Halal'],
         accessibility_features = array['Wheelchair accessible', 'Step-free access', 'Hearing loop', 'Large print menus']
       where id = $1`,
      [venue.id],
    );
    await run("after it put them back");
    console.log(failed ? "FAIL" : "PASS");
  } finally {
    await db.$client.end();
    await drop();
    await pg.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
