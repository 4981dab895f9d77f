/**
 * GET /api/admin/analytics/operational: dates by status, completion, no-shows, e-mail delivery, suggestion approval,
 * dates this week and the latest activity. Definitions in src/shared/admin/analytics.ts.
 */
import { sql } from "drizzle-orm";
import {
  type ActivityItem,
  type ActivityType,
  ANALYTICS,
  type OperationalAnalytics,
  type StatusCount,
} from "../../../../shared/admin/analytics.ts";
import { isTierId, TIERS, type TierId } from "../../../../shared/constants.ts";
import type { Deps } from "../../../deps.ts";
import { intoCancelled } from "./churn.ts";
import { rate, rows, ts } from "./sql.ts";

/**
 * Dates: counts by status (one index-only pass over the status and date index), the dates still ahead
 * and this week's (range reads of the same index, skipping from status to status). Settled = all - ahead.
 */
export function dateCounts(now: Date) {
  return sql`
    WITH week AS (
      SELECT date_trunc('week', ${ts(now)} AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London' AS week_start,
             (date_trunc('week', ${ts(now)} AT TIME ZONE 'Europe/London') + interval '7 days')
               AT TIME ZONE 'Europe/London' AS week_end
    ),
    by_status AS (SELECT status, count(*)::int AS n FROM date_reservations GROUP BY status),
    totals AS MATERIALIZED (
      SELECT
        (SELECT coalesce(sum(n), 0) FROM by_status)::int AS total,
        (SELECT coalesce(sum(n), 0) FROM by_status WHERE status = 'completed')::int AS completed,
        (SELECT count(*) FROM date_reservations
         WHERE scheduled_date > ${ts(now)} AND status NOT IN ('completed', 'cancelled'))::int AS ahead,
        (SELECT count(*) FROM date_reservations
         WHERE scheduled_date >= (SELECT week_start FROM week) AND scheduled_date < (SELECT week_end FROM week)
           AND status <> 'cancelled')::int AS this_week,
        (SELECT coalesce(json_agg(json_build_object('status', status, 'count', n) ORDER BY status::text), '[]')
         FROM by_status) AS by_status,
        -- The no-show window: dates that started in the last 30 days, not cancelled (they took place or nobody came).
        (SELECT count(*) FROM date_reservations
         WHERE scheduled_date > ${ts(new Date(now.getTime() - ANALYTICS.noShowWindowDays * 86_400_000))}
           AND scheduled_date <= ${ts(now)} AND status <> 'cancelled')::int AS started_recently,
        (SELECT count(*) FROM date_reservations
         WHERE scheduled_date > ${ts(new Date(now.getTime() - ANALYTICS.noShowWindowDays * 86_400_000))}
           AND scheduled_date <= ${ts(now)} AND status = 'no_show')::int AS no_shows
    )
    SELECT t.total, t.completed, t.this_week, t.by_status, t.started_recently, t.no_shows,
      ${rate(sql`t.no_shows`, sql`t.started_recently`)} AS no_show_rate,
      ${rate(sql`t.completed`, sql`t.total - t.ahead`)} AS completion_rate, w.week_start, w.week_end
    FROM totals t CROSS JOIN week w`;
}

export const emails = sql`
  WITH by_status AS (SELECT status, count(*)::int AS n FROM email_logs GROUP BY status)
  SELECT ${rate(sql`coalesce(sum(n) FILTER (WHERE status = 'sent'), 0)`, sql`sum(n)`)} AS rate,
    coalesce(json_agg(json_build_object('status', status, 'count', n) ORDER BY status::text), '[]') AS by_status
  FROM by_status`;

export const suggestions = sql`
  WITH by_status AS (SELECT status, count(*)::int AS n FROM ai_date_suggestions GROUP BY status)
  SELECT ${rate(
    sql`coalesce(sum(n) FILTER (WHERE status IN ('approved', 'booked')), 0)`,
    sql`coalesce(sum(n) FILTER (WHERE status IN ('approved', 'booked', 'rejected')), 0)`,
  )} AS rate,
    coalesce(json_agg(json_build_object('status', status, 'count', n) ORDER BY status::text), '[]') AS by_status
  FROM by_status`;

/** Both voices: every partner's own rating, and how many rated dates both partners rated. */
export const ratings = sql`
  WITH per_date AS (SELECT reservation_id, count(*) AS n FROM date_ratings GROUP BY reservation_id)
  SELECT (SELECT round(avg(rating), 1)::float8 FROM date_ratings) AS average,
    (SELECT count(*)::int FROM date_ratings) AS given,
    ${rate(sql`(SELECT count(*) FROM per_date WHERE n >= 2)`, sql`(SELECT count(*) FROM per_date)`)} AS both_rate`;

/** The latest events of four kinds up to now: each read newest first through its time index, then merged. */
export function activity(now: Date, limit: number) {
  return sql`
    WITH items AS (
      (SELECT 'signup' AS kind, NULL::text AS event_type, u.created_at AS at, u.id AS user_id,
              NULL::text AS tier, NULL::timestamptz AS date_at, u.id AS seq
       FROM users u WHERE u.created_at <= ${ts(now)} AND NOT u.is_admin
       ORDER BY u.created_at DESC, u.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT CASE WHEN e.to_status = 'cancelled' THEN 'cancellation' ELSE 'subscription' END, e.event_type,
              e.occurred_at, e.user_id, coalesce(e.to_tier, e.from_tier)::text, NULL, e.id
       FROM subscription_events e
       WHERE e.occurred_at <= ${ts(now)} AND e.user_id IS NOT NULL
         AND (e.event_type IN ('created', 'reactivated') OR (${intoCancelled}))
       ORDER BY e.occurred_at DESC, e.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'booking', NULL, r.created_at, r.user_id, NULL, r.scheduled_date, r.id
       FROM date_reservations r WHERE r.created_at <= ${ts(now)}
       ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit})
    )
    SELECT i.kind, i.event_type, i.at, i.user_id, i.tier, i.date_at,
      m.first_name, m.last_name, m.email, m.deleted_at IS NOT NULL AS deleted
    FROM items i LEFT JOIN users m ON m.id = i.user_id
    ORDER BY i.at DESC, i.seq DESC
    LIMIT ${limit}`;
}

interface ActivityRow {
  kind: ActivityType;
  event_type: string | null;
  at: string | Date;
  user_id: number | null;
  tier: string | null;
  date_at: string | Date | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  deleted: boolean;
}

const iso = (v: string | Date): string => new Date(v).toISOString();

function planName(tier: string | null): string {
  return isTierId(tier) ? `${TIERS[tier].name} plan` : "Plan";
}

function detail(r: ActivityRow): string {
  const plan = planName(r.tier);
  switch (r.kind) {
    case "signup":
      return "Account created";
    case "booking":
      return "Date booked";
    case "subscription":
      return r.event_type === "reactivated" ? `${plan} restarted` : `${plan} started`;
    default:
      if (r.event_type === "account_deleted") return "Account deleted";
      if (r.event_type === "lapsed") return `${plan} lapsed after missed payments`;
      if (r.event_type === "ended") return `${plan} ended`;
      return `${plan} cancelled`;
  }
}

function memberName(r: ActivityRow): string {
  if (r.user_id === null || r.email === null) return "Unknown member";
  if (r.deleted) return "Deleted member";
  const name = [r.first_name, r.last_name].filter(Boolean).join(" ").trim();
  return name || r.email;
}

export async function operationalAnalytics(deps: Deps): Promise<OperationalAnalytics> {
  const now = deps.now();
  const [[dateTotals], [mail], [sugg], [rated], recent] = await Promise.all([
    rows<{
      total: number;
      completed: number;
      this_week: number;
      completion_rate: number;
      by_status: StatusCount[];
      week_start: string | Date;
      week_end: string | Date;
      started_recently: number;
      no_shows: number;
      no_show_rate: number;
    }>(deps.db, dateCounts(now)),
    rows<{ rate: number; by_status: StatusCount[] }>(deps.db, emails),
    rows<{ rate: number; by_status: StatusCount[] }>(deps.db, suggestions),
    rows<{ average: number | null; given: number; both_rate: number }>(deps.db, ratings),
    rows<ActivityRow>(deps.db, activity(now, ANALYTICS.recentActivity)),
  ]);
  const recentActivity: ActivityItem[] = recent.map((r) => ({
    type: r.kind,
    at: iso(r.at),
    userId: r.user_id,
    member: memberName(r),
    detail: detail(r),
    dateAt: r.date_at ? iso(r.date_at) : null,
  }));
  return {
    totalReservations: dateTotals.total,
    completedDates: dateTotals.completed,
    completionRate: dateTotals.completion_rate,
    noShowRate: dateTotals.no_show_rate,
    noShows: dateTotals.no_shows,
    datesTakenPlace: dateTotals.started_recently,
    noShowWindowDays: ANALYTICS.noShowWindowDays,
    emailDeliveryRate: mail.rate,
    suggestionApprovalRate: sugg.rate,
    averageRating: rated.average === null ? null : Number(rated.average),
    ratingsGiven: rated.given,
    bothRatedRate: Number(rated.both_rate),
    recentReservations: dateTotals.this_week,
    weekStart: iso(dateTotals.week_start),
    weekEnd: iso(dateTotals.week_end),
    reservationsByStatus: dateTotals.by_status,
    emailsByStatus: mail.by_status,
    suggestionsByStatus: sugg.by_status,
    recentActivity,
  };
}
