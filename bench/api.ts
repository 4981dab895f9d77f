/**
 * npm run bench:api: the API under load, against the real server on a seeded database.
 *
 * The app starts as `npm start` starts it (the client build first if it is missing, then src/app/server/main.ts,
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
 * Targets: no error, timeout or non-2xx; p99 under 50 ms on every endpoint; of the ceiling's requests per
 * second, GET /api/auth/user at least 0.40, GET /api/dates/user 0.20 and the assignments page 0.25; the
 * server's peak RSS over the loads and the sign-in burst under 500 MB; auth/user's p99 during the sign-in
 * burst under 50 ms. Each of the share and memory targets is printed with pass or FAIL; a miss sets exit code 1.
 * BENCH_NODE_FLAGS adds flags to the server's Node (e.g. --heapsnapshot-signal=SIGUSR2).
 * BENCH_CPU_PROF=<dir> writes a CPU profile of the server into <dir> (on exit).
 *
 * This file runs the steps; bench/api-setup.ts starts and seeds the world, bench/api-scenarios.ts holds the
 * loads, bench/api-proc.ts reads memory and CPU from /proc, and bench/api-report.ts prints the figures.
 */
import { performance } from "node:perf_hooks";
import { postgresPids, watchMemory } from "./api-proc.ts";
import {
  errorsOf,
  failures,
  load,
  printTable,
  printTargets,
  type Row,
  target,
  verdict,
} from "./api-report.ts";
import {
  CONNECTIONS,
  check,
  DURATION,
  endpoints,
  measure,
  P99_TARGET_MS,
  SIGN_INS,
  signIn,
} from "./api-scenarios.ts";
import { logTail, startBenchWorld } from "./api-setup.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
/** While developing: only the endpoints whose name contains one of these (comma-separated; "sign-in" too). */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const wanted = (name: string) => !ONLY || ONLY.some((w) => name.includes(w));
const NODE_ENV = process.env.BENCH_NODE_ENV === "development" ? "development" : "production";
/** Each endpoint's requests per second as a share of the ceiling's, at least (measured side by side). */
const RATIO_TARGETS: Record<string, number> = {
  "GET /api/auth/user": 0.4,
  "GET /api/dates/user": 0.2,
  "GET /api/admin/assignments (50)": 0.25,
};
/** The server's peak RSS over every load, the sign-in burst included, under this (MB). */
const RSS_TARGET_MB = 500;

async function main() {
  const benchStarted = performance.now();
  console.log(`bench:api: ${MEMBERS} members, ${CONNECTIONS} connections, ${DURATION} s per endpoint`);
  console.log(`machine at start: ${load()}`);
  const bench = await startBenchWorld({
    nodeEnv: NODE_ENV,
    members: MEMBERS,
    signIns: SIGN_INS,
    profDir: process.env.BENCH_CPU_PROF,
  });
  const memory = watchMemory(bench.serverPid);

  try {
    const measured = endpoints(bench.base, bench.world);
    for (const e of measured) await check(e);

    memory.reset();
    const pids = { server: [bench.serverPid], db: () => postgresPids(bench.dataDir) };
    const rows: Row[] = [
      await measure(
        "ceiling: node:http hello world",
        bench.hello.url,
        {},
        {
          server: [bench.hello.pid],
          db: () => [],
        },
      ),
    ];
    for (const e of measured) {
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
    for (const [name, limit] of Object.entries(RATIO_TARGETS)) {
      const row = rows.find((r) => r.name === name);
      if (row) target(`${name}, share of the ceiling`, row.result.requests.average / ceiling, ">=", limit);
    }
    const authUser = measured[0];

    if (wanted("sign-in")) await signIn(bench.base, bench.world, authUser);
    const end = memory.peak();
    console.log(
      `server memory after the burst: peak RSS ${end.rssMb.toFixed(0)} MB, VmHWM ${end.hwmMb.toFixed(0)} MB`,
    );
    target("server peak RSS under load, sign-in burst included", end.rssMb, "<", RSS_TARGET_MB, " MB");
    printTargets();
  } catch (e) {
    console.error(logTail.join("\n"));
    throw e;
  } finally {
    memory.stop();
    await bench.stop();
  }

  console.log(
    `\nmachine at the end: ${load()}; whole bench ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`,
  );
  verdict();
}

await main();
