/**
 * bench:api's scenarios: the endpoints under a steady 100-connection load (after a short warm-up), and the
 * sign-in burst with GET /api/auth/user probed beside it.
 */
import { performance } from "node:perf_hooks";
import autocannon, { type Result } from "autocannon";
import { hashPassword } from "../src/server/modules/auth/passwords.ts";
import { SESSION_COOKIE } from "../src/shared/constants.ts";
import { cpuMs, cpuSince } from "./api-proc.ts";
import { errorsOf, failures, type Row } from "./api-report.ts";
import { type ApiWorld, SIGN_IN_PASSWORD } from "./seed-api.ts";

export const DURATION = Number(process.env.BENCH_DURATION ?? 30);
export const CONNECTIONS = 100;
export const P99_TARGET_MS = 50;
/** The sign-in burst: this many sign-ins from this many connections at once. */
export const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 100);
/** At most 50, and never more than the sign-ins: autocannon refuses more connections than requests. */
const SIGN_IN_CONNECTIONS = Math.min(50, SIGN_INS);
/**
 * The auth/user probe beside the burst: a steady load well under the server's capacity (requests per second,
 * connections), so its latency shows interference from the hashing rather than its own queueing.
 */
const PROBE_RATE = 50;
const PROBE_CONNECTIONS = 5;
const PROBE_BASELINE_S = 10;

export interface Endpoint {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Whether an answer is the real one (a 401 page measured fast would prove nothing). */
  ok: (res: Response) => Promise<boolean>;
}

/** The endpoints measured, as a member, an admin and a browser ask for them; auth/user first. */
export function endpoints(base: string, world: ApiWorld): Endpoint[] {
  const member = { cookie: `${SESSION_COOKIE}=${world.memberToken}` };
  const admin = { cookie: `${SESSION_COOKIE}=${world.adminToken}` };
  const browser = { accept: "text/html", "accept-encoding": "br, gzip" };
  return [
    {
      name: "GET /api/auth/user",
      url: `${base}/api/auth/user`,
      headers: member,
      ok: async (r) => (await r.json()).email === world.memberEmail,
    },
    {
      name: "GET /api/dates/user",
      url: `${base}/api/dates/user`,
      headers: member,
      ok: async (r) => (await r.json()).length >= 3,
    },
    {
      name: "GET /api/admin/assignments (50)",
      url: `${base}/api/admin/assignments?limit=50&offset=0`,
      headers: admin,
      ok: async (r) => (await r.json()).length === 50,
    },
    {
      name: "GET / (landing, br)",
      url: `${base}/`,
      headers: browser,
      ok: async (r) => (await r.text()).includes("<html") && !!r.headers.get("content-encoding"),
    },
  ];
}

/** Asks once and checks the answer is the real one. */
export async function check({ url, headers, ok }: Endpoint) {
  const res = await fetch(url, { headers });
  if (res.status !== 200 || !(await ok(res))) throw new Error(`${url}: unexpected answer ${res.status}`);
}

export async function measure(
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
export async function signIn(
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
