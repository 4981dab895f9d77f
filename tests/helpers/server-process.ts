import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { freePort } from "./free-port.ts";

/**
 * The real server (src/app/server/main.ts under Node 24, node_modules/.bin/node) as a child process, for tests
 * that need what an in-process app cannot give: a SIGKILL mid-request, a restart, several instances on one
 * database.
 *
 *   const { url: dbUrl } = await createTestDatabase(inject("pgBaseUrl"));   // a fresh migrated database
 *   const server = await startServer({ databaseUrl: dbUrl, env: { JOBS_ENABLED: "true" } });
 *   await fetch(`${server.url}/api/health`);
 *   await server.kill("SIGKILL");        // resolves when the process has exited
 *   const again = await startServer({ databaseUrl: dbUrl });   // a restart on the same data
 *
 * Defaults (each overridable in `env`): NODE_ENV=test, HOST=127.0.0.1, a free PORT, APP_URL=the server's
 * address, LOG_LEVEL=warn, JOBS_ENABLED=false (pass "true" for the pg-boss jobs), OUTBOX_DIR and DATA_DIR
 * in a temporary folder, PAYMENTS_WEBHOOK_SECRET random (returned as `webhookSecret`, to sign webhooks).
 * Resolves once GET /api/health answers 200; rejects (with the output) if the process exits first or is not
 * healthy within `timeoutMs` (default 60 s, for a loaded machine). Every server started from a test file is stopped in that file's afterAll, even
 * when a test fails, and SIGKILLed if the test process itself exits.
 */
export interface ServerProcess {
  /** Base address, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  pid: number;
  /** The environment the server was started with (after defaults). */
  env: Record<string, string>;
  webhookSecret: string;
  /** The temporary folder holding OUTBOX_DIR (…/outbox) and DATA_DIR (…/data), unless overridden. */
  dir: string;
  /** stdout and stderr lines so far (pino JSON lines and anything else). */
  logs: string[];
  /** Whether the process has exited. */
  exited(): boolean;
  /** Sends a signal (default SIGKILL) and resolves when the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Graceful stop: SIGTERM, then SIGKILL after 10 s. Safe to call twice. */
  stop(): Promise<void>;
}

const NODE = path.resolve("node_modules/.bin/node");
const MAIN = path.resolve("src/app/server/main.ts");
const live = new Set<ServerProcess>();

// Registered when a test file imports this helper (collection time), so it belongs to that file.
afterAll(async () => {
  await Promise.all([...live].map((s) => s.stop()));
});
process.on("exit", () => {
  for (const s of live) if (!s.exited()) process.kill(s.pid, "SIGKILL");
});

export async function startServer(opts: {
  databaseUrl: string | null;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = opts.env?.PORT ? Number(opts.env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), "unveil-server-"));
  const env: Record<string, string> = {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: url,
    LOG_LEVEL: "warn",
    JOBS_ENABLED: "false",
    OUTBOX_DIR: path.join(dir, "outbox"),
    DATA_DIR: path.join(dir, "data"),
    PAYMENTS_WEBHOOK_SECRET: randomBytes(24).toString("hex"),
    ...opts.env,
    // null: no DATABASE_URL, so the server starts embedded PostgreSQL in its DATA_DIR itself.
    ...(opts.databaseUrl === null ? {} : { DATABASE_URL: opts.databaseUrl }),
  };
  const child: ChildProcess = spawn(NODE, [MAIN], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) logs.push(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitedP = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      live.delete(server);
      resolve(exit);
    });
  });
  if (child.pid === undefined) throw new Error(`could not start ${NODE} ${MAIN}`);

  let stopping: Promise<void> | null = null;
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid,
    env,
    webhookSecret: env.PAYMENTS_WEBHOOK_SECRET,
    dir,
    logs,
    exited: () => exit !== null,
    kill: (signal = "SIGKILL") => {
      if (!exit) child.kill(signal);
      return exitedP;
    },
    stop: () => {
      stopping ??= (async () => {
        if (!exit) {
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exitedP;
          clearTimeout(timer);
        }
        await rm(dir, { recursive: true, force: true }).catch(() => {});
      })();
      return stopping;
    },
  };
  live.add(server);

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (exit) {
      throw new Error(
        `the server exited (${JSON.stringify(exit)}) before it was healthy:\n${logs.join("\n")}`,
      );
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.kill("SIGKILL");
      throw new Error(
        `the server was not healthy within ${opts.timeoutMs ?? 60_000} ms:\n${logs.join("\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
