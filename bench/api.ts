/**
 * npm run bench:api: the API under load, against the real server on a seeded database.
 *
 * The app starts as `npm start` starts it (the client build first if it is missing, then src/server/main.ts,
 * which is what scripts/start.ts runs) in a child process on a temporary DATA_DIR: embedded PostgreSQL,
 * migrations, the demo seed, the pg-boss jobs, NODE_ENV=production (mail to a loopback SMTP server,
 * sandbox payments allowed as on a staging site; BENCH_NODE_ENV=development to compare). 10,000 members are
 * added in bulk (bench/seed-api.ts). Then autocannon, in this process, at 100 connections for BENCH_DURATION
 * seconds (default 30) each: a bare node:http hello-world server (its own process) as the ceiling, then
 * GET /api/auth/user and GET /api/dates/user as a member, GET /api/admin/assignments (a page of 50) as an
 * admin, and the landing page as a browser asks for it (br, gzip). The server's peak memory comes from
 * /proc/<pid>/status; the CPU time per request of the server and of PostgreSQL from /proc/<pid>/stat (a figure
 * that other work on the machine changes much less than requests per second do).
 *
 * Sign-in is measured apart: the cost of one argon2id hash, a burst of BENCH_SIGN_INS (100) sign-ins from 50
 * connections (distinct client addresses through X-Forwarded-For, the server trusting one proxy hop, so the
 * per-address limit does not stop them), and GET /api/auth/user's p99 at a steady 50 req/s during the burst
 * against the same probe without it.
 *
 * Targets: no error, timeout or non-2xx; p99 under 50 ms on every endpoint; GET /api/auth/user at least 35 %
 * of the ceiling; auth/user's p99 during the sign-in burst under 50 ms. A miss sets exit code 1.
 * BENCH_CPU_PROF=<dir> writes a CPU profile of the server into <dir> (on exit).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { SMTPServer } from "smtp-server";
import { createDb } from "../src/server/db/client.ts";
import { hashPassword } from "../src/server/modules/auth/passwords.ts";
import { SESSION_COOKIE } from "../src/shared/constants.ts";
import { freePort } from "../tests/helpers/free-port.ts";
import { type ApiWorld, SIGN_IN_PASSWORD, seedApiWorld } from "./seed-api.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
/** While developing: only the endpoints whose name contains one of these (comma-separated; "sign-in" too). */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const wanted = (name: string) => !ONLY || ONLY.some((w) => name.includes(w));
const NODE_ENV = process.env.BENCH_NODE_ENV === "development" ? "development" : "production";
const CONNECTIONS = 100;
const P99_TARGET_MS = 50;
const RATIO_TARGET = 0.35;
/** The sign-in burst: this many sign-ins from this many connections at once. */
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 100);
const SIGN_IN_CONNECTIONS = 50;
/**
 * The auth/user probe beside the burst: a steady load well under the server's capacity (requests per second,
 * connections), so its latency shows interference from the hashing rather than its own queueing.
 */
const PROBE_RATE = 50;
const PROBE_CONNECTIONS = 5;
const PROBE_BASELINE_S = 10;

const failures: string[] = [];
const logTail: string[] = [];

function keepLog(child: ChildProcess, name: string) {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) logTail.push(`[${name}] ${line}`);
      if (logTail.length > 200) logTail.splice(0, logTail.length - 200);
    });
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Peak resident memory of a process: VmRSS polled, and the kernel's own high-water mark (VmHWM). */
function watchMemory(pid: number) {
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
    } catch {
      return { rss: 0, hwm: 0 };
    }
  };
  let peakRss = 0;
  let hwm = 0;
  const poll = () => {
    const m = read();
    peakRss = Math.max(peakRss, m.rss);
    hwm = Math.max(hwm, m.hwm);
  };
  const timer = setInterval(poll, 200);
  return {
    /** Resets the polled peak (VmHWM keeps start-up's peak). */
    reset: () => {
      peakRss = 0;
    },
    peak: () => {
      poll();
      return { rssMb: peakRss / 1024, hwmMb: hwm / 1024 };
    },
    stop: () => clearInterval(timer),
  };
}

/** CPU time (ms) used so far by each process: utime + stime from /proc/<pid>/stat (USER_HZ is 100). */
function cpuMs(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {}
  }
  return times;
}

/** CPU time used between two readings by the processes present at both (one that ended is left out). */
function cpuSince(before: Map<number, number>, pids: number[]): number {
  let total = 0;
  for (const [pid, ms] of cpuMs(pids)) if (before.has(pid)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The embedded PostgreSQL server and its backends (the postmaster's pid is the first line of its pid file). */
function postgresPids(dataDir: string): number[] {
  try {
    const postmaster = Number(
      readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0],
    );
    const children = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  } catch {
    return [];
  }
}

async function startSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, cb) {
      stream.resume();
      stream.on("end", () => cb());
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HELLO = `require("node:http").createServer((req, res) => res.end("hello world")).listen(Number(process.env.PORT), "127.0.0.1")`;

interface Row {
  name: string;
  result: Result;
  /** CPU time per request, in microseconds: the server measured, PostgreSQL, and autocannon (this process). */
  cpu: { server: number; db: number; client: number };
}

function printTable(rows: Row[], ceiling: number) {
  const head = ["", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "timeouts", "of ceiling", "CPU µs/req"];
  const widths = [34, 9, 8, 8, 8, 7, 9, 11, 20];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" ");
  console.log(`\n${line(head)}`);
  for (const { name, result: r, cpu } of rows) {
    console.log(
      line([
        name,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        String(r.non2xx),
        String(r.errors),
        String(r.timeouts),
        `${((100 * r.requests.average) / ceiling).toFixed(1)} %`,
        `${cpu.server.toFixed(0)} + ${cpu.db.toFixed(0)} db`,
      ]),
    );
  }
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  processes: { server: number[]; db: () => number[] },
): Promise<Row> {
  // A short warm-up (JIT, connection pools, caches) first, not counted.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: Math.min(3, DURATION) });
  // The database's processes after the warm-up, so every pooled connection's backend is counted.
  const pids = { server: processes.server, db: processes.db() };
  const before = { server: cpuMs(pids.server), db: cpuMs(pids.db), client: process.cpuUsage() };
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
  });
  const n = Math.max(1, result.requests.total);
  const client = process.cpuUsage(before.client);
  return {
    name,
    result,
    cpu: {
      server: (cpuSince(before.server, pids.server) * 1000) / n,
      db: (cpuSince(before.db, pids.db) * 1000) / n,
      client: (client.user + client.system) / n,
    },
  };
}

/** Asks once and checks the answer is the real one (a 401 page measured fast would prove nothing). */
async function check(url: string, headers: Record<string, string>, ok: (res: Response) => Promise<boolean>) {
  const res = await fetch(url, { headers });
  if (res.status !== 200 || !(await ok(res))) throw new Error(`${url}: unexpected answer ${res.status}`);
}

async function signInBurst(base: string, world: ApiWorld): Promise<{ result: Result; seconds: number }> {
  let n = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${base}/api/login`,
    method: "POST",
    connections: SIGN_IN_CONNECTIONS,
    amount: SIGN_INS,
    timeout: 60,
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            // A different client each time, as a crowd signing in at once would be.
            headers: { ...req.headers, "x-forwarded-for": `10.77.${(i >> 8) & 255}.${i & 255}` },
            body: JSON.stringify({
              email: world.signInEmails[i % world.signInEmails.length],
              password: SIGN_IN_PASSWORD,
            }),
          };
        },
      },
    ],
  });
  return { result, seconds: (performance.now() - started) / 1000 };
}

function probe(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({
    url,
    headers,
    connections: PROBE_CONNECTIONS,
    overallRate: PROBE_RATE,
    duration: seconds,
    timeout: 10,
  });
}

/** The cost of a hash, a burst of sign-ins, and auth/user's p99 beside the burst against without it. */
async function signIn(
  base: string,
  world: ApiWorld,
  authUser: { url: string; headers: Record<string, string> },
) {
  const hashes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const h0 = performance.now();
    await hashPassword("a password to time");
    hashes.push(performance.now() - h0);
  }
  hashes.sort((a, b) => a - b);
  console.log(
    `\nsign-in: one argon2id hash (m=19 MiB, t=2, p=1) costs ${hashes[2].toFixed(0)} ms (median of 5, this process)`,
  );
  const baseline = await probe(authUser.url, authUser.headers, PROBE_BASELINE_S);
  errorsOf("auth/user probe without the burst", baseline);
  const during = probe(authUser.url, authUser.headers, 300);
  const burst = await signInBurst(base, world);
  during.stop();
  const duringBurst = await during;
  errorsOf("auth/user probe during the burst", duringBurst);
  errorsOf("sign-in burst", burst.result);
  console.log(
    `burst: ${SIGN_INS} sign-ins from ${SIGN_IN_CONNECTIONS} connections in ${burst.seconds.toFixed(1)} s = ` +
      `${(SIGN_INS / burst.seconds).toFixed(1)} sign-ins/s; sign-in p50 ${burst.result.latency.p50} ms, ` +
      `p99 ${burst.result.latency.p99} ms; non-2xx ${burst.result.non2xx}, errors ${burst.result.errors}`,
  );
  console.log(
    `GET /api/auth/user at ${PROBE_RATE} req/s from ${PROBE_CONNECTIONS} connections: ` +
      `p50 ${baseline.latency.p50} / p99 ${baseline.latency.p99} ms without the burst, ` +
      `p50 ${duringBurst.latency.p50} / p99 ${duringBurst.latency.p99} ms during it ` +
      `(${duringBurst.requests.total} requests; p99 during / without ${(duringBurst.latency.p99 / Math.max(1, baseline.latency.p99)).toFixed(2)})`,
  );
  if (duringBurst.latency.p99 >= P99_TARGET_MS)
    failures.push(
      `auth/user p99 during the sign-in burst: ${duringBurst.latency.p99} ms (target < ${P99_TARGET_MS} ms)`,
    );
}

function errorsOf(name: string, r: Result) {
  if (r.non2xx || r.errors || r.timeouts) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, s]) => `${code}: ${s.count}`)
      .join(", ");
    failures.push(
      `${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (status codes ${codes})`,
    );
  }
}

function load(): string {
  const [a, b, c] = os.loadavg();
  return `load average ${a.toFixed(2)} ${b.toFixed(2)} ${c.toFixed(2)} on ${os.availableParallelism()} cores`;
}

async function main() {
  const benchStarted = performance.now();
  console.log(`bench:api: ${MEMBERS} members, ${CONNECTIONS} connections, ${DURATION} s per endpoint`);
  console.log(`machine at start: ${load()}`);
  if (!existsSync(path.join(ROOT, "dist/client/index.html"))) {
    console.log("building the client (dist/client/index.html is missing)...");
    const res = spawnSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
    if (res.status !== 0) throw new Error("the client build failed");
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "unveil-bench-api-"));
  const [port, pgPort, helloPort] = [await freePort(), await freePort(), await freePort()];
  const smtp = await startSmtp();
  const base = `http://127.0.0.1:${port}`;
  const profDir = process.env.BENCH_CPU_PROF;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    ALLOW_SANDBOX_PAYMENTS: "true",
    // One proxy hop trusted, so the sign-in burst can come from many client addresses.
    TRUST_PROXY: "1",
  };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  const server = spawn(
    process.execPath,
    [...(profDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(profDir)] : []), "src/server/main.ts"],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  keepLog(server, "server");
  const hello = spawn(process.execPath, ["-e", HELLO], {
    env: { PATH: process.env.PATH, PORT: String(helloPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepLog(hello, "hello");
  const memory = watchMemory(server.pid ?? 0);

  try {
    let t = performance.now();
    await waitForHttp(`${base}/api/health`, server, 120_000);
    console.log(
      `server up (NODE_ENV=${NODE_ENV}, embedded PostgreSQL, jobs on) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await waitForHttp(`http://127.0.0.1:${helloPort}/`, hello, 10_000);

    t = performance.now();
    const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
    const db = createDb(`postgres://unveil:${password}@127.0.0.1:${pgPort}/unveil`, 4);
    let world: ApiWorld;
    try {
      world = await seedApiWorld(db, { members: MEMBERS, signIns: SIGN_INS });
    } finally {
      await db.$client.end();
    }
    console.log(`seeded ${world.members} members in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const member = { cookie: `${SESSION_COOKIE}=${world.memberToken}` };
    const admin = { cookie: `${SESSION_COOKIE}=${world.adminToken}` };
    const browser = { accept: "text/html", "accept-encoding": "br, gzip" };
    const endpoints = [
      {
        name: "GET /api/auth/user",
        url: `${base}/api/auth/user`,
        headers: member,
        ok: async (r: Response) => (await r.json()).email === world.memberEmail,
      },
      {
        name: "GET /api/dates/user",
        url: `${base}/api/dates/user`,
        headers: member,
        ok: async (r: Response) => (await r.json()).length >= 3,
      },
      {
        name: "GET /api/admin/assignments (50)",
        url: `${base}/api/admin/assignments?limit=50&offset=0`,
        headers: admin,
        ok: async (r: Response) => (await r.json()).length === 50,
      },
      {
        name: "GET / (landing, br)",
        url: `${base}/`,
        headers: browser,
        ok: async (r: Response) => (await r.text()).includes("<html") && !!r.headers.get("content-encoding"),
      },
    ];
    for (const e of endpoints) await check(e.url, e.headers, e.ok);

    memory.reset();
    const pids = { server: [server.pid ?? 0], db: () => postgresPids(dataDir) };
    const rows: Row[] = [
      await measure(
        "ceiling: node:http hello world",
        `http://127.0.0.1:${helloPort}/`,
        {},
        { server: [hello.pid ?? 0], db: () => [] },
      ),
    ];
    for (const e of endpoints) {
      if (!wanted(e.name)) continue;
      rows.push(await measure(e.name, e.url, e.headers, pids));
      errorsOf(e.name, rows[rows.length - 1].result);
    }
    const ceiling = rows[0].result.requests.average;
    printTable(rows, ceiling);
    console.log(
      "CPU µs/req: the measured server's own CPU time + PostgreSQL's, per request (independent of other load);" +
        ` autocannon itself used ${rows.map((r) => r.cpu.client.toFixed(0)).join(" / ")} µs per request`,
    );
    const underLoad = memory.peak();
    console.log(
      `server memory: peak RSS under load ${underLoad.rssMb.toFixed(0)} MB (VmHWM since start ${underLoad.hwmMb.toFixed(0)} MB; PostgreSQL not included)`,
    );
    console.log(`machine after the runs: ${load()}`);
    for (const { name, result } of rows.slice(1)) {
      if (result.latency.p99 >= P99_TARGET_MS)
        failures.push(`${name}: p99 ${result.latency.p99} ms (target < ${P99_TARGET_MS} ms)`);
    }
    const ratio = (rows.find((r) => r.name === endpoints[0].name)?.result.requests.average ?? 0) / ceiling;
    if (wanted(endpoints[0].name) && ratio < RATIO_TARGET)
      failures.push(
        `GET /api/auth/user: ${(100 * ratio).toFixed(1)} % of the ceiling (target >= ${100 * RATIO_TARGET} %)`,
      );

    if (wanted("sign-in")) await signIn(base, world, endpoints[0]);
    const end = memory.peak();
    console.log(`server memory after the burst: VmHWM ${end.hwmMb.toFixed(0)} MB`);
  } catch (e) {
    console.error(logTail.join("\n"));
    throw e;
  } finally {
    memory.stop();
    await stopChild(server, 30_000);
    await stopChild(hello, 5_000);
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nmachine at the end: ${load()}; whole bench ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`,
  );
  if (failures.length) {
    console.log("\nFAIL:");
    for (const f of failures) console.log(`  ${f}`);
    process.exitCode = 1;
  } else {
    console.log("\nPASS: every target met");
  }
}

await main();
