/**
 * npm run bench:analytics: the analytics endpoints on 100,000 members and 1,000,000 dates.
 * A fresh database (embedded PostgreSQL in a temporary folder, or the server of TEST_DATABASE_URL) is filled
 * with INSERT ... SELECT generate_series, vacuumed and analysed; then each endpoint is called through the
 * real app (inject, signed in as an admin) several times and p50 / max are printed. Target: each JSON
 * endpoint under 300 ms. BENCH_RUNS (default 7) sets the calls per endpoint; BENCH_MEMBERS and
 * BENCH_RESERVATIONS change the sizes.
 */
import { performance } from "node:perf_hooks";
import { createDb, type Db } from "../src/server/db/client.ts";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/test-postgres.ts";
import { adminApp, printMachine } from "./admin-app.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DATE_COUNT = Number(process.env.BENCH_RESERVATIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 300;

const ENDPOINTS = [
  "/api/admin/analytics/subscriptions",
  "/api/admin/analytics/churn",
  "/api/admin/analytics/operational",
  "/api/admin/analytics/subscription/export",
  "/api/admin/analytics/operational/export",
];

/**
 * The generated business: members joined over the last two years; 85 % took a plan (60 % still active,
 * the rest past due, paused or cancelled), each with its subscription_events (created, some tier changes,
 * pauses, past-due and cancellations); 10 % of active members on an offer; dates over the last 18 months
 * and the next two; e-mail logs and AI suggestions.
 */
/** The members with their subscription (plan_accounts), under the name the statements below read. */
const members = `(SELECT u.id, u.created_at, a.subscription_tier, a.subscription_status
  FROM users u JOIN plan_accounts a ON a.user_id = u.id) AS users`;

export const FILL = [
  `INSERT INTO users (email, first_name, last_name, created_at)
   SELECT 'bench' || i || '@example.com', 'Member', 'No ' || i,
     now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute'
   FROM generate_series(1, $1::int) AS i`,
  // The plan of member i (the number in their address), in their plan account.
  `INSERT INTO plan_accounts (user_id, subscription_tier, subscription_status)
   SELECT id,
     (CASE WHEN i % 20 < 17 THEN (ARRAY['silver','gold','gold','platinum'])[1 + i % 4] END)::tier,
     (CASE WHEN i % 20 < 12 THEN 'active' WHEN i % 20 = 12 THEN 'past_due' WHEN i % 20 = 13 THEN 'paused'
          WHEN i % 20 < 17 THEN 'cancelled' END)::subscription_status
   FROM (SELECT id, substring(email FROM '^bench([0-9]+)@')::int AS i FROM users) m
   WHERE i % 20 < 17`,
  // Every member with a plan started it a day after joining.
  `INSERT INTO subscription_events (user_id, event_type, from_tier, to_tier, from_status, to_status, monthly_amount, occurred_at)
   SELECT id, 'created', NULL, subscription_tier, NULL, 'active',
     CASE subscription_tier WHEN 'silver' THEN 1500 WHEN 'gold' THEN 2000 ELSE 3000 END,
     least(created_at + interval '1 day', now())
   FROM ${members} WHERE subscription_tier IS NOT NULL`,
  // A tenth of the gold members moved up from silver (scheduled, then changed a month later).
  `INSERT INTO subscription_events (user_id, event_type, from_tier, to_tier, from_status, to_status, monthly_amount, occurred_at)
   SELECT id, t.type, 'silver', 'gold', 'active', 'active', t.amount, least(created_at + t.after, now())
   FROM ${members} CROSS JOIN (VALUES ('tier_change_scheduled', 2000, interval '20 days'),
                                 ('tier_changed', NULL::int, interval '40 days')) AS t(type, amount, after)
   WHERE subscription_tier = 'gold' AND id % 10 = 0`,
  // Those no longer active left at a time between joining and now.
  `INSERT INTO subscription_events (user_id, event_type, from_tier, to_tier, from_status, to_status, monthly_amount, occurred_at)
   SELECT id,
     CASE subscription_status WHEN 'cancelled' THEN (ARRAY['cancelled','ended','lapsed'])[1 + id % 3]
          ELSE subscription_status::text END,
     subscription_tier, subscription_tier, 'active', subscription_status,
     CASE subscription_status WHEN 'cancelled' THEN 0 END,
     created_at + (now() - created_at) * (0.3 + (id % 7) / 10.0)
   FROM ${members} WHERE subscription_status IN ('past_due', 'paused', 'cancelled')`,
  `INSERT INTO offer_codes (code, discount_type, discount_value, applicable_tiers)
   VALUES ('BENCH10', 'percentage', 10, NULL), ('BENCH5', 'fixed_amount', 5, ARRAY['platinum']),
          ('BENCH50', 'percentage', 50, NULL)`,
  `INSERT INTO offer_code_usage (offer_code_id, user_id, subscription_tier, original_amount, discount_amount,
     final_amount, discount_end_date, status, used_at)
   SELECT (SELECT min(id) FROM offer_codes) + id % 3, id, subscription_tier, 2000, 200, 1800,
     CASE WHEN id % 3 = 2 THEN created_at + interval '3 months' END, 'active', created_at
   FROM ${members} WHERE subscription_status = 'active' AND id % 10 = 3`,
  `INSERT INTO venues (name, city, type) SELECT 'Bench venue ' || i, 'London',
     (ARRAY['restaurant','activity','cultural','adventure','wellness'])[1 + i % 5]
   FROM generate_series(1, 500) AS i`,
  `INSERT INTO date_reservations (user_id, venue_id, scheduled_date, status, created_at)
   SELECT u.id, v.id, r.at,
     (CASE WHEN r.at < now() THEN (ARRAY['completed','completed','completed','completed','completed','completed',
                                        'completed','cancelled','scheduled','confirmed'])[1 + r.i % 10]
          ELSE (ARRAY['scheduled','scheduled','revealed','confirmed','cancelled'])[1 + r.i % 5] END)::date_status,
     r.at - interval '14 days'
   FROM (SELECT i, now() - interval '540 days' + (i % 600) * interval '1 day' + (i % 97) * interval '7 minutes' AS at,
                (SELECT min(id) FROM users) + (i::bigint * 7919) % $1::int AS uid,
                (SELECT min(id) FROM venues) + i % 500 AS vid
         FROM generate_series(1, $2::int) AS i) AS r
   JOIN users u ON u.id = r.uid JOIN venues v ON v.id = r.vid`,
  `INSERT INTO email_logs (recipient_email, subject, email_type, status, sent_at, user_id)
   SELECT 'bench' || i || '@example.com', 'Your date', 'reveal', CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'sent' END,
     now() - (i % 365) * interval '1 day', NULL
   FROM generate_series(1, 300000) AS i`,
  `INSERT INTO ai_date_suggestions (user_id, suggestion, suggested_venues, status)
   SELECT (SELECT min(id) FROM users) + i % $1::int, 'A suggestion', '[]',
     (ARRAY['pending','approved','booked','rejected'])[1 + i % 4]
   FROM generate_series(1, 50000) AS i`,
];

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))];
}

/** Fills an empty migrated database with the generated business, then vacuums and analyses it. */
export async function fillBenchData(db: Db, members = MEMBERS, dateCount = DATE_COUNT): Promise<void> {
  for (const query of FILL) {
    // $1 is the number of members, $2 the number of dates: each statement gets those it uses.
    const used = Math.max(0, ...[...query.matchAll(/\$(\d)/g)].map((m) => Number(m[1])));
    await db.$client.query(query, [members, dateCount].slice(0, used));
  }
  await db.$client.query("VACUUM ANALYZE");
}

async function main() {
  const pg = await startTestPostgres();
  const { url, drop } = await createTestDatabase(pg.baseUrl);
  const db = createDb(url, 10);
  try {
    const started = performance.now();
    await fillBenchData(db);
    const counts = await db.$client.query(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM subscription_events) AS events,
              (SELECT count(*) FROM date_reservations) AS reservations, (SELECT count(*) FROM email_logs) AS emails,
              (SELECT count(*) FROM ai_date_suggestions) AS suggestions`,
    );
    console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counts.rows[0]);

    const { app, cookie } = await adminApp(db, url);
    await printMachine(db);

    let failed = false;
    console.log(
      `\n${"endpoint".padEnd(44)} ${"p50 ms".padStart(8)} ${"max ms".padStart(8)}  (${RUNS} calls)`,
    );
    for (const endpoint of ENDPOINTS) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url: endpoint, headers: { cookie } });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200)
          throw new Error(`${endpoint}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      times.sort((a, b) => a - b);
      const json = !endpoint.endsWith("/export");
      const over = json && pct(times, 0.5) >= TARGET_MS;
      failed ||= over;
      console.log(
        `${endpoint.padEnd(44)} ${pct(times, 0.5).toFixed(0).padStart(8)} ${times[times.length - 1].toFixed(0).padStart(8)}${over ? "  over target" : ""}`,
      );
    }
    console.log(`\nTarget: each analytics endpoint under ${TARGET_MS} ms (p50).`);
    await app.close();
    process.exitCode = failed ? 1 : 0;
  } finally {
    await db.$client.end();
    await drop();
    await pg.stop();
  }
}

if (import.meta.main) await main();
