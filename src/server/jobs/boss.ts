/**
 * pg-boss 12 on the app's own database (schema "pgboss"): each job gets a queue, a cron schedule (Europe/London)
 * and a worker. pg-boss creates one job per cron tick however many instances run, and the queues are
 * "stately" (at most one waiting and one running), so a sweep never runs twice at once and never piles up.
 * Each run is recorded in job_runs.
 *
 * A running sweep sends a heartbeat; when its instance dies (SIGKILL, a lost machine) the heartbeat stops and
 * pg-boss fails the run after JOB_HEARTBEAT_SECONDS, so the queue is free again for the other instances (a
 * stately queue runs nothing new while a run is "active": without the heartbeat a dead worker would hold every
 * instance's sweep back for the whole expiry, 15 minutes). The sweeps are idempotent, so a run failed this way
 * and retried changes nothing twice.
 */
import { and, eq, lt } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { jobRuns } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { JobDefinition } from "./types.ts";

export const BOSS_SCHEMA = "pgboss";
export const JOB_TZ = "Europe/London";
/** job_runs older than this are deleted by the purge job. */
export const JOB_RUN_RETENTION_DAYS = 14;
/** A run whose worker has not sent a heartbeat for this long is failed (and retried by any instance). */
export const JOB_HEARTBEAT_SECONDS = 60;

/**
 * How often pg-boss looks for due cron ticks, queued runs and dead workers. Production: its defaults (cron every
 * 30 s, supervision every 60 s). Test only (NODE_ENV=test and JOBS_TEST_FAST=1, e.g. for real servers started
 * by tests/reliability): every second, with the shortest heartbeat pg-boss allows, so a test sees a cron tick
 * run within a couple of seconds of the minute and a killed worker's run failed within about ten seconds.
 */
function bossTiming(deps: Deps) {
  const fast = deps.config.env === "test" && process.env.JOBS_TEST_FAST === "1";
  return fast
    ? {
        boss: {
          cronMonitorIntervalSeconds: 1,
          cronWorkerIntervalSeconds: 1,
          superviseIntervalSeconds: 1,
          monitorIntervalSeconds: 1,
        },
        heartbeatSeconds: 10,
        pollingIntervalSeconds: 1,
      }
    : { boss: {}, heartbeatSeconds: JOB_HEARTBEAT_SECONDS, pollingIntervalSeconds: 2 };
}

export interface RunningJobs {
  /** Queues a run of a job now (besides its cron); false when one is already waiting. */
  trigger(name: string): Promise<boolean>;
  /** Stops the workers (a running sweep may finish) and closes pg-boss's pool. */
  stop(): Promise<void>;
}

/** What a run still "running" after its worker died is marked with. */
const STOPPED = "the worker stopped before the run finished";

/**
 * Runs a job once and records the run (running, then ok or failed) in job_runs. Rethrows a failure.
 *
 * An earlier run of the same job still "running" that started over two heartbeats ago is marked failed
 * first: the queue is stately, so pg-boss starts a new run only once the last one finished or its worker
 * stopped sending heartbeats (killed), and the back office should say so now rather than at the hourly purge.
 * Should that run be alive after all (a slow sweep started by hand with `cli run-jobs`), its own ending
 * writes ok or failed over this.
 */
export async function runRecorded(deps: Deps, job: JobDefinition): Promise<number> {
  const now = deps.now();
  await deps.db
    .update(jobRuns)
    .set({ status: "failed", error: STOPPED, finishedAt: now })
    .where(
      and(
        eq(jobRuns.name, job.name),
        eq(jobRuns.status, "running"),
        lt(jobRuns.startedAt, new Date(now.getTime() - 2 * JOB_HEARTBEAT_SECONDS * 1000)),
      ),
    );
  const [run] = await deps.db
    .insert(jobRuns)
    .values({ name: job.name, startedAt: now, status: "running" })
    .returning({ id: jobRuns.id });
  try {
    const processed = await job.run(deps);
    await deps.db
      .update(jobRuns)
      .set({ status: "ok", processed, finishedAt: deps.now() })
      .where(eqId(run.id));
    return processed;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    await deps.db
      .update(jobRuns)
      .set({ status: "failed", error: message.slice(0, 2000), finishedAt: deps.now() })
      .where(eqId(run.id))
      .catch(() => {});
    throw e;
  }
}

const eqId = (id: number) => eq(jobRuns.id, id);

/**
 * Deletes job_runs older than the retention, and marks a run still "running" after an hour (its worker stopped)
 * as failed (part of the hourly purge).
 */
export async function purgeJobRuns(deps: Deps): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - JOB_RUN_RETENTION_DAYS * 86_400_000);
  const res = await deps.db.delete(jobRuns).where(lt(jobRuns.startedAt, before));
  const stale = await deps.db
    .update(jobRuns)
    .set({ status: "failed", error: STOPPED, finishedAt: now })
    .where(and(eq(jobRuns.status, "running"), lt(jobRuns.startedAt, new Date(now.getTime() - 3_600_000))));
  return (res.rowCount ?? 0) + (stale.rowCount ?? 0);
}

/**
 * Starts pg-boss on `connectionString` with these jobs. Schedules of jobs no longer in the list are removed,
 * so a renamed job does not keep firing.
 */
export async function startJobs(
  deps: Deps,
  connectionString: string,
  jobs: JobDefinition[],
  opts: { log?: (msg: string, err?: unknown) => void; pollingIntervalSeconds?: number } = {},
): Promise<RunningJobs> {
  const log = opts.log ?? (() => {});
  const timing = bossTiming(deps);
  const boss = new PgBoss({
    connectionString,
    schema: BOSS_SCHEMA,
    max: 4,
    application_name: "unveil-jobs",
    ...timing.boss,
  });
  boss.on("error", (err) => log("pg-boss error", err));
  await boss.start();
  try {
    const names = new Set(jobs.map((j) => j.name));
    for (const s of await boss.getSchedules()) {
      if (!names.has(s.name)) await boss.unschedule(s.name, s.key);
    }
    const queue = {
      retryLimit: 2,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
      heartbeatSeconds: timing.heartbeatSeconds,
      retentionSeconds: 3600,
      deleteAfterSeconds: 24 * 3600,
    };
    for (const job of jobs) {
      // createQueue leaves an existing queue as it was: the update brings its settings up to date.
      await boss.createQueue(job.name, { policy: "stately", ...queue });
      await boss.updateQueue(job.name, queue);
      await boss.schedule(job.name, job.cron, null, { tz: JOB_TZ });
      await boss.work(
        job.name,
        {
          batchSize: 1,
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? timing.pollingIntervalSeconds,
        },
        async (batch) => {
          for (const _ of batch) {
            try {
              await runRecorded(deps, job);
            } catch (e) {
              log(`job ${job.name} failed`, e);
              throw e;
            }
          }
        },
      );
    }
  } catch (e) {
    await boss.stop({ graceful: false, timeout: 1000 }).catch(() => {});
    throw e;
  }
  return {
    async trigger(name) {
      return (await boss.send(name)) !== null;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
