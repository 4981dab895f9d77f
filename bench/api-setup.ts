/**
 * bench:api's world: the client build if it is missing, the real server (src/app/server/main.ts, as `npm start`
 * runs it) on a temporary DATA_DIR with embedded PostgreSQL, a loopback SMTP server for its mail, a bare
 * node:http hello-world server as the ceiling, and the seeded members (bench/seed-api.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { createDb } from "../src/server/db/client.ts";
import { freePort } from "../tests/helpers/free-port.ts";
import { type ApiWorld, seedApiWorld } from "./seed-api.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The last 200 lines the children logged, shown when the bench fails. */
export const logTail: string[] = [];

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

function buildClientIfMissing() {
  if (existsSync(path.join(ROOT, "dist/client/index.html"))) return;
  console.log("building the client (dist/client/index.html is missing)...");
  const res = spawnSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) throw new Error("the client build failed");
}

export interface BenchWorld {
  /** The server's address, e.g. http://127.0.0.1:PORT. */
  base: string;
  serverPid: number;
  dataDir: string;
  hello: { url: string; pid: number };
  world: ApiWorld;
  /** Stops every process and removes the data folder. */
  stop(): Promise<void>;
}

/** Starts the server and the ceiling, and seeds the members; on a failure stops what it started. */
export async function startBenchWorld(opts: {
  nodeEnv: "production" | "development";
  members: number;
  signIns: number;
  /** Writes a CPU profile of the server into this folder (on exit). */
  profDir?: string;
}): Promise<BenchWorld> {
  buildClientIfMissing();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "unveil-bench-api-"));
  const [port, pgPort, helloPort] = [await freePort(), await freePort(), await freePort()];
  const smtp = await startSmtp();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: opts.nodeEnv,
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
  const prof = opts.profDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(opts.profDir)] : [];
  // BENCH_NODE_FLAGS: more flags for the server's Node, e.g. "--heapsnapshot-signal=SIGUSR2" to see what holds memory.
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...prof, ...flags, "src/app/server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepLog(server, "server");
  const hello = spawn(process.execPath, ["-e", HELLO], {
    env: { PATH: process.env.PATH, PORT: String(helloPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepLog(hello, "hello");
  const stop = async () => {
    await stopChild(server, 30_000);
    await stopChild(hello, 5_000);
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    let t = performance.now();
    await waitForHttp(`${base}/api/health`, server, 120_000);
    console.log(
      `server up (NODE_ENV=${opts.nodeEnv}, embedded PostgreSQL, jobs on) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await waitForHttp(`http://127.0.0.1:${helloPort}/`, hello, 10_000);

    t = performance.now();
    const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
    const db = createDb(`postgres://unveil:${password}@127.0.0.1:${pgPort}/unveil`, 4);
    let world: ApiWorld;
    try {
      world = await seedApiWorld(db, { members: opts.members, signIns: opts.signIns });
    } finally {
      await db.$client.end();
    }
    console.log(`seeded ${world.members} members in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return {
      base,
      serverPid: server.pid ?? 0,
      dataDir,
      hello: { url: `http://127.0.0.1:${helloPort}/`, pid: hello.pid ?? 0 },
      world,
      stop,
    };
  } catch (e) {
    console.error(logTail.join("\n"));
    await stop();
    throw e;
  }
}
