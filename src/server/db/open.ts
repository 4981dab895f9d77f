import type { Config } from "../config.ts";
import { createDb, type Db } from "./client.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";

export interface OpenDatabase {
  db: Db;
  embedded: boolean;
  /** True when this process started embedded PostgreSQL (so the database may be brand new). */
  startedServer: boolean;
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise embedded PostgreSQL with its data in DATA_DIR (started here, or the one
 * the running app already started). Migrations are applied either way.
 */
export async function openDatabase(
  config: Config,
  log: (m: string) => void = () => {},
): Promise<OpenDatabase> {
  let stopServer = async () => {};
  let url = config.databaseUrl;
  let startedServer = false;
  if (!url) {
    const handle = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: (line) => {
        if (/PANIC|FATAL/.test(line) && !/administrator command|shutdown/.test(line))
          log(`postgres: ${line}`);
      },
    });
    url = handle.url;
    startedServer = handle.owned;
    stopServer = handle.stop;
  }
  const db = createDb(url);
  try {
    await runMigrations(db);
  } catch (e) {
    await db.$client.end().catch(() => {});
    await stopServer();
    throw e;
  }
  return {
    db,
    embedded: !config.databaseUrl,
    startedServer,
    async close() {
      await db.$client.end().catch(() => {});
      await stopServer();
    },
  };
}
