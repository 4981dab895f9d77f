import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";

/** What a run whose process went away (killed, crashed, the machine restarted) says instead of "running". */
export const ABANDONED_RUN_ERROR = "Stopped before it finished: run it again";

/** A run row not yet claimed by a session this long after it started is taken to be abandoned. */
const UNCLAIMED_MS = 60_000;

/**
 * Records the PostgreSQL session doing the run (the one holding the plan's transaction) on its row, through
 * another connection so that every instance sees it at once. While that session lives the run is its own; a
 * killed process's session ends with it.
 */
export async function claimRun(db: Db, tx: Tx, runId: number): Promise<void> {
  const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const pid = rows[0].pid;
  // backend_start read in the database, to the microsecond (a JavaScript Date would round it).
  await db.execute(sql`
    update planning_runs set owner_pid = ${pid},
      owner_backend_start = (select backend_start from pg_stat_activity where pid = ${pid})
    where id = ${runId}
  `);
}

/**
 * Marks failed every run still "running" whose session is gone, or that no session claimed within a minute of
 * its start. Answers how many were marked.
 */
export async function failAbandonedRuns(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update planning_runs r set status = 'failed', error = ${ABANDONED_RUN_ERROR}, finished_at = ${now}
    where r.status = 'running' and (
      (r.owner_pid is null and r.started_at < ${new Date(now.getTime() - UNCLAIMED_MS)})
      or (r.owner_pid is not null and not exists (
        select 1 from pg_stat_activity a where a.pid = r.owner_pid and a.backend_start = r.owner_backend_start
      ))
    )
  `);
  return result.rowCount ?? 0;
}
