import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb } from "../../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { freePort } from "./free-port.ts";

export const TEMPLATE_DB = "unveil_test_template";

/**
 * A PostgreSQL server for a test run: the one named by TEST_DATABASE_URL, or an embedded one in a temporary
 * directory (never the app's .data/). A migrated template database is made once; each test file copies it.
 * Returns the server's base URL (ending in /postgres) and a stop function.
 */
export async function startTestPostgres(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  let baseUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!baseUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "unveil-test-pg-"));
    // The postgres system user (PostgreSQL refuses to run as root) must be able to enter it.
    await chmod(dir, 0o755);
    const handle = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      database: "postgres",
      ephemeral: true,
    });
    baseUrl = handle.url;
    stop = async () => {
      await handle.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const db = createDb(withDatabase(baseUrl, TEMPLATE_DB), 2);
  await runMigrations(db);
  await db.$client.end();
  return { baseUrl, stop };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh database copied from the migrated template; dropped by the returned function. */
export async function createTestDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // FILE_COPY copies the template's files (about 10 MB) instead of writing every page through the WAL
  // (PostgreSQL 15+'s default): less work on the server, and the copy drops faster too (fsync is off here, so
  // its checkpoints cost little).
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB} STRATEGY FILE_COPY`);
  await admin.end();
  return {
    url: withDatabase(baseUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
