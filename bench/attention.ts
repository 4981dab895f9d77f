/**
 * npm run bench:attention: the operator's queue (GET /api/admin/attention, decision 0071) at size: 20,000
 * members with 40,000 dates ahead at 2,000 venues, a few hundred of each kind of trouble, and 300 members
 * short of this month's date whose preferences the engine must try. A fresh database (embedded PostgreSQL in
 * a temporary folder, or the server of TEST_DATABASE_URL) is filled with INSERT ... SELECT generate_series and
 * analysed; the queue is then read through the real app (inject, signed in as an admin). Target: best of
 * BENCH_RUNS (default 5) under 2 s; the print says the counts per kind, to see the queue was full.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { createDb } from "../src/server/db/client.ts";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/test-postgres.ts";
import { adminApp } from "./admin-app.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 2_000;

const FILL = [
  `insert into venues (name, city, postcode, type, latitude, longitude, booking_email, opening_hours, capacity,
     opens_on_holidays)
   select 'Perf Venue ' || g, 'London', 'SE1 9PX', 'restaurant', 51.50 + (g % 100) / 1000.0,
     -0.09 - (g % 77) / 1000.0, 'v' || g || '@perf.example', null, 50, true
   from generate_series(1, 2000) g`,
  `insert into users (email, first_name, last_name, onboarding_completed)
   select 'perf' || g || '@perf.example', 'First' || g, 'Last' || g, true
   from generate_series(1, 20000) g`,
  // Member g's plan (the number in their address), in their plan account.
  `insert into plan_accounts (user_id, subscription_tier, subscription_status)
   select id, 'silver', (case when g % 100 = 0 then 'past_due' else 'active' end)::subscription_status
   from (select id, substring(email from '^perf([0-9]+)@')::int as g from users where email like 'perf%') m`,
  `insert into date_reservations (user_id, venue_id, scheduled_date, status, venue_status, rule_problems)
   select u.id, (select min(id) from venues) + (u.id % 2000), now() + ((2 + k * 20 + u.id % 15) || ' days')::interval,
     (case when u.id % 97 = 0 then 'reschedule_requested' else 'scheduled' end)::date_status,
     case when u.id % 53 = 0 then 'requested' when u.id % 59 = 0 then 'proposed' else 'confirmed' end,
     case when u.id % 41 = 0 then '["The venue serves nothing vegan"]'::jsonb end
   from users u cross join generate_series(0, 1) k
   where u.email like 'perf%' and u.id % 67 <> 0`,
  `insert into user_preferences (user_id, postcode, travel_radius, date_spend, time_preferences,
     scheduling_preferences)
   select u.id, 'SE1 9PX', 1, '£', '[{"time":"evenings","rank":1}]', '[{"weekOfMonth":4,"dayOfWeek":"monday"}]'
   from users u where u.email like 'perf%' and u.id % 67 = 0`,
  `insert into support_tickets (user_id, from_email, subject, body)
   select id, email, 'Question ' || id, 'Please help' from users where email like 'perf%' and id % 71 = 0`,
];

async function main() {
  const pg = await startTestPostgres();
  const { url, drop } = await createTestDatabase(pg.baseUrl);
  const db = createDb(url, 10);
  try {
    const started = performance.now();
    for (const query of FILL) await db.$client.query(query);
    await db.$client.query("VACUUM ANALYZE");
    console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const { app, cookie } = await adminApp(db, url);
    console.log(`Machine: load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);

    const times: number[] = [];
    let counts: Record<string, number> = {};
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url: "/api/admin/attention", headers: { cookie } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`attention: ${res.statusCode} ${res.body.slice(0, 200)}`);
      counts = res.json().counts;
    }
    times.sort((a, b) => a - b);
    const best = times[0];
    console.log(
      `GET /api/admin/attention: best ${best.toFixed(0)} ms, median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times[times.length - 1].toFixed(0)} ms (${RUNS} calls)`,
    );
    console.log("items per kind:", JSON.stringify(counts));
    const full =
      counts.rule_broken > 100 &&
      counts.support_waiting > 100 &&
      counts.first_date_due + counts.unplaceable > 0;
    if (!full) console.log("The queue was not as full as generated: check the fill.");
    console.log(`Target: under ${TARGET_MS} ms.`);
    await app.close();
    process.exitCode = best < TARGET_MS && full ? 0 : 1;
  } finally {
    await db.$client.end();
    await drop();
    await pg.stop();
  }
}

if (import.meta.main) await main();
