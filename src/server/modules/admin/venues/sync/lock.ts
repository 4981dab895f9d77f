import { SYNC_MSG } from "../../../../../shared/admin/venue-sync.ts";
import type { Db } from "../../../../db/client.ts";
import { conflict } from "../../../../http-error.ts";

/** pg_try_advisory_lock key of the venue sync ("vsyn" in ASCII). */
const SYNC_LOCK_KEY = 0x7673796e;

/**
 * Runs a sync step (preview or apply) while holding the site-wide sync lock, a PostgreSQL advisory lock held
 * by a connection of its own, so it spans app instances. A second sync meanwhile gets 409 at once rather than
 * queueing behind a heavy file. The lock goes with the connection if this process dies.
 */
export async function withSyncLock<T>(db: Pick<Db, "$client">, fn: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  let healthy = true;
  try {
    const res = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [SYNC_LOCK_KEY]);
    if (!res.rows[0]?.ok) throw conflict(SYNC_MSG.busy);
    try {
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SYNC_LOCK_KEY]).catch(() => {
        // A connection that could not unlock must not go back to the pool still holding the lock.
        healthy = false;
      });
    }
  } finally {
    client.release(!healthy);
  }
}
