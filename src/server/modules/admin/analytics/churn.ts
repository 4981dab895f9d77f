/**
 * GET /api/admin/analytics/churn: churn over the last 30 days, cancellations, and sign-ups and new
 * subscriptions per month over the last 12. Definitions in src/shared/admin/analytics.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  ANALYTICS,
  CHURN_DEFINITION,
  type ChurnAnalytics,
  type MonthlyCount,
} from "../../../../shared/admin/analytics.ts";
import type { Deps } from "../../../deps.ts";
import { failedPayments } from "./payments.ts";
import { liveStatuses, monthsCte, nonStateEvents, rate, rows, ts } from "./sql.ts";

const DAY = 86_400_000;

/** An event that moves a member's subscription into cancelled (cancelled, ended, lapsed, account deleted). */
export const intoCancelled = sql`to_status = 'cancelled' AND from_status IS DISTINCT FROM 'cancelled'`;

export function churn(start: Date, now: Date) {
  return sql`
    WITH at_start AS (
      -- Each member's latest state event up to the window's start (index on user, time, id read backwards).
      SELECT DISTINCT ON (user_id) user_id, to_status
      FROM subscription_events
      WHERE user_id IS NOT NULL AND occurred_at <= ${ts(start)} AND event_type NOT IN (${nonStateEvents})
      ORDER BY user_id DESC, occurred_at DESC, id DESC
    ),
    cancelled AS (
      SELECT DISTINCT user_id FROM subscription_events
      WHERE user_id IS NOT NULL AND occurred_at > ${ts(start)} AND occurred_at <= ${ts(now)} AND ${intoCancelled}
    ),
    figures AS MATERIALIZED (
      SELECT
        (SELECT count(*) FROM at_start WHERE to_status IN (${liveStatuses}))::int AS subscribers_at_start,
        (SELECT count(*) FROM cancelled c JOIN at_start s USING (user_id)
         WHERE s.to_status IN (${liveStatuses}))::int AS churned,
        (SELECT count(*) FROM cancelled)::int AS cancelled_30,
        (SELECT count(*) FROM users u JOIN plan_accounts a ON a.user_id = u.id
         WHERE u.deleted_at IS NULL AND NOT u.is_admin AND a.subscription_status = 'cancelled')::int
          AS total_cancelled
    )
    SELECT *, ${rate(sql`churned`, sql`subscribers_at_start`)} AS churn_rate FROM figures`;
}

/**
 * Rows of `table` per London month over the last 12 months (zero for a month without any), up to now: one
 * index range count per month, so nothing is computed per row.
 */
export function perMonth(now: Date, table: SQL, at: SQL, where: SQL) {
  return sql`
    WITH ${monthsCte(now, ANALYTICS.historyMonths)}
    SELECT m.month, (
      SELECT count(*) FROM ${table}
      WHERE ${at} >= m.month_start AND ${at} < m.month_end AND ${at} <= ${ts(now)} AND ${where}
    )::int AS count
    FROM months m
    ORDER BY m.month`;
}

export async function churnAnalytics(deps: Deps): Promise<ChurnAnalytics> {
  const now = deps.now();
  const start = new Date(now.getTime() - ANALYTICS.churnWindowDays * DAY);
  const [[f], newSignups, newSubscriptions, failed] = await Promise.all([
    rows<{
      subscribers_at_start: number;
      churned: number;
      cancelled_30: number;
      total_cancelled: number;
      churn_rate: number;
    }>(deps.db, churn(start, now)),
    // Sign-ups are members joining: the back office's own admin accounts are not counted.
    rows<MonthlyCount>(deps.db, perMonth(now, sql`users`, sql`created_at`, sql`NOT is_admin`)),
    rows<MonthlyCount>(
      deps.db,
      perMonth(now, sql`subscription_events`, sql`occurred_at`, sql`event_type = 'created'`),
    ),
    failedPayments(deps, start, now),
  ]);
  return {
    churnRate: f.churn_rate,
    definition: CHURN_DEFINITION,
    windowDays: ANALYTICS.churnWindowDays,
    windowStart: start.toISOString(),
    subscribersAtWindowStart: f.subscribers_at_start,
    churnedFromWindowStart: f.churned,
    cancelledLast30Days: f.cancelled_30,
    totalCancelled: f.total_cancelled,
    newSignups,
    newSubscriptions,
    failedPayments: failed,
  };
}
