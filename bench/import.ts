/**
 * npm run bench:import: the venue spreadsheet sync on a 10,000-row .xlsx, previewed and applied through the
 * real app (in-process HTTP) on a fresh PostgreSQL database (TEST_DATABASE_URL, or an embedded server in a
 * temporary folder, started like the API tests start theirs). Target: preview + apply under 5 s.
 * Two runs: 10,000 new venues into an empty table, then a mixed file (updates, removals, additions).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { buildApp } from "../src/app/server/app.ts";
import { createDeps } from "../src/app/server/deps-factory.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDb } from "../src/server/db/client.ts";
import { users } from "../src/server/db/schema.ts";
import { createSession } from "../src/server/modules/auth/sessions.ts";
import { outboxTransport } from "../src/server/modules/email/mailer.ts";
import {
  VENUE_SHEET_COLUMNS,
  type VenueSyncPreview,
  type VenueSyncResult,
} from "../src/shared/admin/venue-sync.ts";
import { SESSION_COOKIE } from "../src/shared/constants.ts";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/test-postgres.ts";

const ROWS = Number(process.env.ROWS ?? 10_000);
/** HOSTILE_ONLY=1 runs only the hostile uploads (the machine is shared; the 10,000-row runs take a while). */
const HOSTILE_ONLY = process.env.HOSTILE_ONLY === "1";
/** What the issue asks of /api/health while hostile uploads are refused. */
const HEALTH_P99_TARGET_MS = 100;
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
  i % 7 === 0 ? "" : "Step-free access, Wheelchair accessible",
  "Vegetarian, Vegan, Gluten-free",
  "020 7946 0000",
  `https://venue-${i}.example.com`,
  `bookings-${i}@venue.example`,
  "020 7946 0001",
  "Sam Taylor",
  i % 2 === 0 ? "Tue-Thu 18:00-23:00; Fri-Sat 18:00-00:30; Sun 12:00-16:00" : "Daily 12:00-23:00",
  1 + (i % 20),
  i % 5 === 0 ? "2027-01-04 to 2027-01-10 Winter refit; 2027-02-14 Private hire" : "",
  i % 3 === 0 ? "Yes" : "No",
  "Active",
];

/** A zip of one deflated part whose directory claims `declared` bytes (a lying zip bomb when small). */
function zipOf(name: string, content: Buffer, declared: number): Buffer {
  const data = deflateRawSync(content);
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = async () => {
  if (gc) for (let i = 0; i < 3; i++) gc();
  await sleep(200);
  return process.memoryUsage().rss / 1024 / 1024;
};

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
    const cpuBefore = process.cpuUsage();
    const res = await app.inject({
      method: "POST",
      url: `/api/admin/venues/sync/${kind}?filename=bench.xlsx${planId ? `&planId=${planId}` : ""}`,
      headers: { cookie, "content-type": "application/octet-stream" },
      payload: file,
    });
    const ms = performance.now() - started;
    // CPU time of this process (every thread, the reading one included; PostgreSQL's own is not counted):
    // steadier than wall-clock time on a shared machine.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (res.statusCode !== 200)
      throw new Error(`${kind} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms, cpuMs, body: res.json() as T };
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
    console.log(`  app CPU  preview ${p.cpuMs.toFixed(0)} ms + apply ${a.cpuMs.toFixed(0)} ms`);
    return total;
  }

  /**
   * Hostile uploads, each refused, while /api/health is asked every 10 ms: the health latency shows whether
   * the event loop stays free (the files are read in a capped worker thread), RSS whether memory comes back.
   */
  async function hostile() {
    const lines = ["Name,City,Type"];
    for (let i = 1; i <= 200_000; i++) lines.push(`V${i},L,x`);
    const files: Array<[string, string, Buffer]> = [
      ["200,000-row .csv", "rows.csv", Buffer.from(lines.join("\n"))],
      ["50 MB file", "big.csv", Buffer.alloc(50 * 1024 * 1024, 0x61)],
      [
        "zip bomb .xlsx (200 MB part claiming 1 KB)",
        "bomb.xlsx",
        zipOf("xl/worksheets/sheet1.xml", Buffer.alloc(200 * 1024 * 1024, 0x20), 1_000),
      ],
    ];
    // One small good file first, so the baseline is the steady state (modules loaded, one idle reading thread).
    await app.inject({ method: "GET", url: "/api/health" });
    await app.inject({
      method: "POST",
      url: "/api/admin/venues/sync/preview?filename=warm.csv",
      headers: { cookie, "content-type": "application/octet-stream" },
      payload: Buffer.from("Name,City,Type\nWarm Venue,London,restaurant\n"),
    });
    const before = await rssMb();
    const latencies: number[] = [];
    let stop = false;
    const pinger = (async () => {
      while (!stop) {
        const t0 = performance.now();
        await app.inject({ method: "GET", url: "/api/health" });
        latencies.push(performance.now() - t0);
        await sleep(10);
      }
    })();
    let peak = process.memoryUsage().rss;
    for (let round = 0; round < 3; round++) {
      for (const [label, name, file] of files) {
        const t0 = performance.now();
        const res = await app.inject({
          method: "POST",
          url: `/api/admin/venues/sync/preview?filename=${name}`,
          headers: { cookie, "content-type": "application/octet-stream" },
          payload: file,
        });
        peak = Math.max(peak, process.memoryUsage().rss);
        if (round === 0)
          console.log(
            `  ${label}: ${res.statusCode} in ${(performance.now() - t0).toFixed(0)} ms, ${res.json().message}`,
          );
      }
    }
    stop = true;
    await pinger;
    // The bench still holds the files (as it did for "before"), so the two figures compare like with like.
    const after = await rssMb();
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(
      `  /api/health during hostile uploads: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms ` +
        `(target p99 < ${HEALTH_P99_TARGET_MS} ms: ${p99 < HEALTH_P99_TARGET_MS ? "met" : "MISSED"})`,
    );
    const growth = (after - before) / before;
    console.log(
      `  RSS before ${before.toFixed(0)} MB, peak ${(peak / 1024 / 1024).toFixed(0)} MB, after ${after.toFixed(0)} MB ` +
        `(${gc ? "after GC" : "no --expose-gc"}; target within 20 %: ${growth <= 0.2 ? "met" : "MISSED"}, ${(growth * 100).toFixed(0)} %)`,
    );
    if (p99 >= HEALTH_P99_TARGET_MS || growth > 0.2) process.exitCode = 1;
  }
  console.log("Hostile uploads (refused), three rounds:");
  await hostile();
  if (!HOSTILE_ONLY) {
    // 1. A fresh database: every row is a new venue.
    const fresh = await workbook(Array.from({ length: ROWS }, (_, i) => venueRow(i)));
    const first = await run(`Run 1, ${ROWS.toLocaleString("en-GB")} new venues`, fresh);

    // 2. The same venues by ID: a third moved city, a twentieth dropped (removed), a twentieth more added.
    const ids = (await db.execute<{ id: number }>("select id from venues order by id")).rows.map((r) => r.id);
    const mixed = await workbook([
      ...ids.flatMap((id, i) =>
        i % 20 === 19 ? [] : [venueRow(i, id, i % 3 === 0 ? "Brighton" : "London")],
      ),
      ...Array.from({ length: Math.floor(ROWS / 20) }, (_, i) => venueRow(ROWS + i)),
    ]);
    const second = await run("Run 2, mixed changes by ID", mixed);
    if (Math.max(first, second) >= TARGET_MS) process.exitCode = 1;
  }
} finally {
  await app.close();
  await db.$client.end();
  await drop();
  await pg.stop();
}
