/**
 * npm run bench:admin-lists: the back office's paged and searched lists at scale, through the real app
 * (inject, signed in as an admin): the users list at 100,000 members and the venues list at 10,000 venues,
 * first page, a deep page, searches by name, e-mail and a broad word, a search that finds nothing, and
 * searches made of SQL wildcards (literal: they match nobody and must stay fast). A fresh database (embedded
 * PostgreSQL in a temporary folder, or the server of TEST_DATABASE_URL) is filled with INSERT ... SELECT
 * generate_series and analysed. Target: every list under 200 ms (p50). BENCH_RUNS (default 7) sets the calls
 * per address; BENCH_MEMBERS and BENCH_VENUES change the sizes.
 *
 * The API tests check what these lists answer, and that the search uses its trigram index
 * (tests/api/admin-members-search.test.ts, admin-venues-list.test.ts); the time is measured here, not in a test.
 */
import { performance } from "node:perf_hooks";
import { createDb } from "../src/server/db/client.ts";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/test-postgres.ts";
import { adminApp, printMachine } from "./admin-app.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const VENUES = Number(process.env.BENCH_VENUES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 200;

const FILL = [
  // Each member with a plan (in their plan account, plan_accounts).
  `WITH m AS (
     INSERT INTO users (email, first_name, last_name, created_at)
     SELECT 'member' || g || '@perf.example', 'First' || g, 'Last' || (g % 977), now() - (g || ' minutes')::interval
     FROM generate_series(1, $1::int) g
     RETURNING id, substring(email FROM '^member([0-9]+)@')::int AS g)
   INSERT INTO plan_accounts (user_id, subscription_tier, subscription_status)
   SELECT id, ((ARRAY['silver','gold','platinum'])[1 + g % 3])::tier, 'active' FROM m`,
  `INSERT INTO venues (name, city, type, address)
   SELECT 'Bulk Venue ' || i, CASE WHEN i % 7 = 0 THEN 'Brighton' ELSE 'London' END, 'restaurant', i || ' Long Road'
   FROM generate_series(0, $1::int - 1) AS i`,
];

const q = (text: string) => encodeURIComponent(text);
const LISTS: Array<[string, string]> = [
  ["users: first page", "/api/admin/users"],
  ["users: a deep page", `/api/admin/users?offset=${Math.max(0, MEMBERS - 10_000)}`],
  ["users: search by name", "/api/admin/users?search=first4242"],
  ["users: search by e-mail", `/api/admin/users?search=${q(`member${MEMBERS - 1}@perf`)}`],
  ["users: search a common word", "/api/admin/users?search=last97"],
  ["users: search finding nobody", "/api/admin/users?search=zzzzzz"],
  ["users: search of 100 %", `/api/admin/users?search=${q("%".repeat(100))}`],
  ["users: search of 100 _", `/api/admin/users?search=${q("_".repeat(100))}`],
  ["users: search of %_\\ x33", `/api/admin/users?search=${q("%_\\".repeat(33))}`],
  ["assignments: search of 100 %", `/api/admin/assignments?search=${q("%".repeat(100))}`],
  ["venues: first page", "/api/admin/venues?limit=25&offset=0"],
  ["venues: search", `/api/admin/venues?search=${q("bulk venue 1")}&limit=8`],
  ["venues: the last page", `/api/admin/venues?limit=25&offset=${Math.max(0, VENUES - 25)}`],
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function main() {
  const pg = await startTestPostgres();
  const { url, drop } = await createTestDatabase(pg.baseUrl);
  const db = createDb(url, 10);
  try {
    const started = performance.now();
    await db.$client.query(FILL[0], [MEMBERS]);
    await db.$client.query(FILL[1], [VENUES]);
    await db.$client.query("ANALYZE");
    console.log(
      `Generated ${MEMBERS} members and ${VENUES} venues in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const { app, cookie } = await adminApp(db, url);
    await printMachine(db);

    let failed = false;
    console.log(
      `\n${"list".padEnd(32)} ${"total".padStart(7)} ${"p50 ms".padStart(8)} ${"max ms".padStart(8)}`,
    );
    for (const [name, address] of LISTS) {
      const times: number[] = [];
      let total = "";
      // One call first, not counted: the first call of a route compiles its answer's serialiser.
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url: address, headers: { cookie } });
        if (i > 0) times.push(performance.now() - t0);
        if (res.statusCode !== 200)
          throw new Error(`${address}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        total = String(res.headers["x-total-count"] ?? "");
      }
      times.sort((a, b) => a - b);
      const over = pct(times, 0.5) >= TARGET_MS;
      failed ||= over;
      console.log(
        `${name.padEnd(32)} ${total.padStart(7)} ${pct(times, 0.5).toFixed(1).padStart(8)} ${times[times.length - 1].toFixed(1).padStart(8)}${over ? "  over target" : ""}`,
      );
    }
    console.log(`\nTarget: every list under ${TARGET_MS} ms (p50 of ${RUNS} calls).`);
    await app.close();
    process.exitCode = failed ? 1 : 0;
  } finally {
    await db.$client.end();
    await drop();
    await pg.stop();
  }
}

if (import.meta.main) await main();
