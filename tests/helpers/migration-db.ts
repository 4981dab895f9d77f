/**
 * For migration tests: an empty database of the file's own (dropped after its tests), and the database as an
 * earlier release left it (the migrations up to one tag applied).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDb, type Db } from "../../src/server/db/client.ts";
import { MIGRATIONS_DIR } from "../../src/server/db/migrate.ts";
import { withDatabase } from "./test-postgres.ts";

/** A new, empty database for this file, dropped after its tests. */
export async function emptyDatabase(prefix: string): Promise<Db> {
  const base = inject("pgBaseUrl");
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = createDb(withDatabase(base, name), 2);
  afterAll(async () => {
    await db.$client.end();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return db;
}

/** Applies the migrations up to and including `last` (e.g. "0016"), as the release before the next one left it. */
export async function migrateUpTo(db: Db, last: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "unveil-migrations-"));
  try {
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8"));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag.slice(0, 4) <= last);
    await writeFile(journalPath, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Listens on the session caches' channel (auth_cache): whether a change naming a user has been announced. */
export async function listenAuthCache(db: Db): Promise<{ heardFor(id: number): boolean; stop(): void }> {
  const listener = await db.$client.connect();
  const heard: string[] = [];
  listener.on("notification", (n) => heard.push(n.payload ?? ""));
  await listener.query("LISTEN auth_cache");
  return {
    heardFor: (id) => heard.some((p) => p.split(",").includes(String(id))),
    stop: () => listener.release(),
  };
}
