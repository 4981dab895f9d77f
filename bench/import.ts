/**
 * npm run bench:import: the venue spreadsheet sync on a 10,000-row .xlsx, previewed and applied through the
 * real app (in-process HTTP) on a fresh PostgreSQL database (TEST_DATABASE_URL, or an embedded server in a
 * temporary folder, started like the API tests start theirs). Target: preview + apply under 5 s.
 * Two runs: 10,000 new venues into an empty table, then a mixed file (updates, removals, additions).
 */
import ExcelJS from "exceljs";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDb } from "../src/server/db/client.ts";
import { users } from "../src/server/db/schema.ts";
import { createDeps } from "../src/server/deps-factory.ts";
import { createSession } from "../src/server/modules/auth/sessions.ts";
import { outboxTransport } from "../src/server/modules/email/mailer.ts";
import {
  VENUE_SHEET_COLUMNS,
  type VenueSyncPreview,
  type VenueSyncResult,
} from "../src/shared/admin/venues.ts";
import { SESSION_COOKIE } from "../src/shared/constants.ts";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/test-postgres.ts";

const ROWS = Number(process.env.ROWS ?? 10_000);
const TARGET_MS = 5_000;
const TYPES = ["restaurant", "activity", "cultural", "adventure", "wellness"];

async function workbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Venues");
  ws.addRow([...VENUE_SHEET_COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const venueRow = (i: number, id: number | "" = "", city = "London") => [
  id,
  `Bench Venue ${i}`,
  `${i} Bench Street`,
  city,
  TYPES[i % TYPES.length],
  ["low", "medium", "high"][i % 3],
  `An evening to remember, number ${i}: candles, a view of the river and a menu that changes weekly.`,
  "Outdoor seating, Live music, Cocktails",
  i % 7 === 0 ? "" : "Step-free access, Accessible toilet",
  "Vegetarian, Vegan, Gluten-free",
  "020 7946 0000",
  `https://venue-${i}.example.com`,
];

const pg = await startTestPostgres();
const { url, drop } = await createTestDatabase(pg.baseUrl);
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  APP_URL: "http://localhost:5000",
  DATABASE_URL: url,
});
const db = createDb(url, 5);
const app = await buildApp(createDeps(config, db, { transport: outboxTransport(null) }), {
  serveClient: false,
});
await app.ready();

try {
  const [admin] = await db
    .insert(users)
    .values({ email: "bench-admin@example.com", password: "x", emailVerified: true, isAdmin: true })
    .returning();
  const cookie = `${SESSION_COOKIE}=${await createSession(db, admin.id, new Date())}`;

  async function timed<T>(kind: "preview" | "apply", file: Buffer, planId?: string) {
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: `/api/admin/venues/sync/${kind}?filename=bench.xlsx${planId ? `&planId=${planId}` : ""}`,
      headers: { cookie, "content-type": "application/octet-stream" },
      payload: file,
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`${kind} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms, body: res.json() as T };
  }

  async function run(label: string, file: Buffer) {
    const p = await timed<VenueSyncPreview>("preview", file);
    const a = await timed<VenueSyncResult>("apply", file, p.body.planId);
    const total = p.ms + a.ms;
    console.log(`${label}: ${(file.length / 1024).toFixed(0)} KB .xlsx, ${p.body.rows} rows`);
    console.log(`  counts   ${JSON.stringify(p.body.counts)}`);
    console.log(`  applied  ${JSON.stringify({ ...a.body, problems: a.body.problems.length })}`);
    console.log(
      `  preview ${p.ms.toFixed(0)} ms + apply ${a.ms.toFixed(0)} ms = ${total.toFixed(0)} ms ` +
        `(target < ${TARGET_MS} ms: ${total < TARGET_MS ? "met" : "MISSED"})`,
    );
    return total;
  }

  // 1. A fresh database: every row is a new venue.
  const fresh = await workbook(Array.from({ length: ROWS }, (_, i) => venueRow(i)));
  const first = await run(`Run 1, ${ROWS.toLocaleString("en-GB")} new venues`, fresh);

  // 2. The same venues by ID: a third moved city, a twentieth dropped (removed), a twentieth more added.
  const ids = (await db.execute<{ id: number }>("select id from venues order by id")).rows.map((r) => r.id);
  const mixed = await workbook([
    ...ids.flatMap((id, i) => (i % 20 === 19 ? [] : [venueRow(i, id, i % 3 === 0 ? "Brighton" : "London")])),
    ...Array.from({ length: Math.floor(ROWS / 20) }, (_, i) => venueRow(ROWS + i)),
  ]);
  const second = await run("Run 2, mixed changes by ID", mixed);
  if (Math.max(first, second) >= TARGET_MS) process.exitCode = 1;
} finally {
  await app.close();
  await db.$client.end();
  await drop();
  await pg.stop();
}
