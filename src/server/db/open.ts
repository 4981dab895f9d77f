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
 * already running on that directory, whichever port it listens on). Migrations are applied either way.
 *
 * `restartEmbedded` (the app): an embedded server this process started is started again if it dies.
 *
 * `leaveRunningIfInUse` (the CLI): a server this process started is not stopped on close while other processes
 * use it (the app was started beside the command and found it); it is left running for them.
 */
export async function openDatabase(
  config: Config,
  log: (m: string) => void = () => {},
  options: { leaveRunningIfInUse?: boolean; restartEmbedded?: boolean } = {},
): Promise<OpenDatabase> {
  let stopServer = async () => {};
  let url = config.databaseUrl;
  let startedServer = false;
  if (!url) {
    const handle = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: (line) => {
        if (/PANIC|FATAL/.test(line) && !/administrator command|shutdown|is starting up/.test(line))
          log(`postgres: ${line}`);
      },
      note: log,
      restartOnExit: options.restartEmbedded,
    });
    url = handle.url;
    startedServer = handle.owned;
    stopServer = async () => {
      if (handle.owned && options.leaveRunningIfInUse) {
        const others = await handle.otherSessions();
        if (others > 0) {
          log(
            `embedded PostgreSQL left running: ${others} connection${others === 1 ? "" : "s"} from other processes use it`,
          );
          return;
        }
      }
      await handle.stop();
    };
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
