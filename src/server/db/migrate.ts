import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations", import.meta.url));

/** Applies the committed SQL migrations; safe to run on every start and from several instances. */
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    // One instance migrates at a time; the others wait and then find nothing to do.
    await client.query("SELECT pg_advisory_lock(727274)");
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}
