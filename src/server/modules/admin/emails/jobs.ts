/** Admin visibility of the scheduled jobs: each job's last run, recent failures, mail being retried. */
import { and, count, desc, eq, gt, ilike, inArray, min, or, type SQL, sql } from "drizzle-orm";
import type {
  JobRunRow,
  JobRunsAnswer,
  OutboundMessageRow,
  OutboundMessagesQuery,
} from "../../../../shared/admin/jobs.ts";
import { OUTBOUND_LIST_STATUSES } from "../../../../shared/admin/jobs.ts";
import { containsPattern } from "../../../db/like.ts";
import { jobRuns, outboundMessages, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";

type RunDb = typeof jobRuns.$inferSelect;
const toRun = (r: RunDb): JobRunRow => ({
  id: r.id,
  name: r.name,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  status: r.status,
  processed: r.processed,
  error: r.error,
});

export async function jobRunsOverview(deps: Deps): Promise<JobRunsAnswer> {
  const dayAgo = new Date(deps.now().getTime() - 86_400_000);
  const [latest, failures, recent, outbound] = await Promise.all([
    // The newest run of each job (index job_runs_name_started_idx).
    deps.db.execute<Record<string, unknown>>(sql`
      SELECT DISTINCT ON (name) id, name, started_at, finished_at, status, processed, error
        FROM job_runs ORDER BY name, started_at DESC, id DESC`),
    deps.db
      .select({ name: jobRuns.name, n: count() })
      .from(jobRuns)
      .where(and(eq(jobRuns.status, "failed"), gt(jobRuns.startedAt, dayAgo)))
      .groupBy(jobRuns.name),
    deps.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.status, "failed"))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(20),
    deps.db
      .select({ status: outboundMessages.status, n: count(), next: min(outboundMessages.nextAttemptAt) })
      .from(outboundMessages)
      .where(inArray(outboundMessages.status, [...OUTBOUND_LIST_STATUSES]))
      .groupBy(outboundMessages.status),
  ]);
  const last = new Map<string, JobRunRow>();
  for (const r of latest.rows)
    last.set(String(r.name), {
      id: Number(r.id),
      name: String(r.name),
      startedAt: new Date(r.started_at as string).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at as string).toISOString() : null,
      status: String(r.status),
      processed: Number(r.processed),
      error: (r.error as string | null) ?? null,
    });
  const failed = new Map(failures.map((f) => [f.name, f.n]));
  const jobs = deps.jobSchedule.map((j) => ({
    name: j.name,
    cron: j.cron,
    lastRun: last.get(j.name) ?? null,
    failures24h: failed.get(j.name) ?? 0,
  }));
  const of = (s: string) => outbound.find((o) => o.status === s);
  const next = of("failed")?.next;
  return {
    jobs,
    recentFailures: recent.map(toRun),
    outbound: {
      failed: of("failed")?.n ?? 0,
      abandoned: of("abandoned")?.n ?? 0,
      nextRetryAt: next ? new Date(next).toISOString() : null,
    },
  };
}

/** One page of scheduled mail waiting for a retry or given up on, the next retry (or newest) first. */
export async function listOutboundMessages(
  deps: Deps,
  q: OutboundMessagesQuery,
): Promise<{ rows: OutboundMessageRow[]; total: number }> {
  const parts: SQL[] = [
    q.status
      ? eq(outboundMessages.status, q.status)
      : inArray(outboundMessages.status, [...OUTBOUND_LIST_STATUSES]),
  ];
  if (q.search) {
    const p = containsPattern(q.search);
    parts.push(
      or(
        ilike(outboundMessages.key, p),
        ilike(outboundMessages.kind, p),
        ilike(outboundMessages.lastError, p),
        ilike(users.email, p),
      )!,
    );
  }
  const where = and(...parts);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select({
        id: outboundMessages.id,
        key: outboundMessages.key,
        kind: outboundMessages.kind,
        status: outboundMessages.status,
        attempts: outboundMessages.attempts,
        nextAttemptAt: outboundMessages.nextAttemptAt,
        lastError: outboundMessages.lastError,
        claimedAt: outboundMessages.claimedAt,
        createdAt: outboundMessages.createdAt,
        reservationId: outboundMessages.reservationId,
        userId: outboundMessages.userId,
        recipientEmail: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(outboundMessages)
      .leftJoin(users, eq(users.id, outboundMessages.userId))
      .where(where)
      .orderBy(sql`${outboundMessages.nextAttemptAt} asc nulls last`, desc(outboundMessages.id))
      .limit(q.limit)
      .offset(q.offset),
    deps.db
      .select({ n: count() })
      .from(outboundMessages)
      .leftJoin(users, eq(users.id, outboundMessages.userId))
      .where(where),
  ]);
  return {
    total: n,
    rows: rows.map(({ firstName, lastName, ...r }) => ({
      ...r,
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      claimedAt: r.claimedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      recipientName: [firstName, lastName].filter(Boolean).join(" ") || null,
    })),
  };
}
