/**
 * "monthly-quotas": every active member has a user_monthly_quotas row for the London month in progress (and,
 * from the 25th, for the next one) with their tier's allowance (datesAllowed: Silver 1, Gold 2, Platinum 4).
 *
 * - A new month's row starts from the tier's allowance: nothing carries over from the month before. Dates the
 *   couple already has in that month (for either partner, booked before the row existed) count as used, as the
 *   planner counts them (matching/plan.ts).
 * - Rows are inserted with ON CONFLICT DO NOTHING: a row that exists (made by an assignment, the planner or an
 *   earlier run) is never replaced, so running twice, or on two instances at once, changes nothing more.
 * - A tier change that has taken effect (plan_accounts.subscription_tier differs from the row's tier) moves the
 *   existing row to the new tier: quota_allowed becomes the new tier's allowance but never less than the dates
 *   already used, and quota_remaining = quota_allowed - quota_used, so it is never negative. An upgrade gives
 *   the extra dates at once; a downgrade keeps the dates already booked and leaves room only for what the new
 *   tier still allows. One UPDATE per month, computed from the row as it is when locked, so it cannot race
 *   consumeQuota/returnQuota (quota/quota.ts), whose invariant (remaining = allowed - used) holds.
 */
import { sql } from "drizzle-orm";
import { datesAllowed } from "../../../shared/admin/assignments.ts";
import { TIER_IDS } from "../../../shared/constants.ts";
import { londonParts } from "../../../shared/london-time.ts";
import type { Deps } from "../../deps.ts";
import type { JobDefinition } from "../types.ts";

/** From this London day of the month, next month's rows are made too (planning runs ahead). */
export const NEXT_MONTH_FROM_DAY = 25;

/** The London months whose rows should exist at `now`: this one, and the next from the 25th. */
export function quotaMonths(now: Date): Array<{ year: number; month: number }> {
  const { year, month, day } = londonParts(now);
  const months = [{ year, month }];
  if (day >= NEXT_MONTH_FROM_DAY)
    months.push(month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
  return months;
}

const allowances = sql`(VALUES ${sql.join(
  TIER_IDS.map((t) => sql`(${t}::text, ${datesAllowed(t)}::int)`),
  sql`, `,
)})`;

export async function ensureMonthlyQuotas(deps: Deps): Promise<number> {
  const now = deps.now();
  let changed = 0;
  for (const { year, month } of quotaMonths(now)) {
    const start = sql`make_timestamptz(${year}::int, ${month}::int, 1, 0, 0, 0, 'Europe/London')`;
    const inserted = await deps.db.execute(sql`
      INSERT INTO user_monthly_quotas
        (user_id, year, month, subscription_tier, quota_allowed, quota_used, quota_remaining)
      SELECT u.id, ${year}::int, ${month}::int, pa.subscription_tier, a.allowed, d.n, greatest(a.allowed - d.n, 0)
      FROM users u
      JOIN plan_accounts pa ON pa.user_id = u.id
      JOIN ${allowances} AS a(tier, allowed) ON a.tier = pa.subscription_tier::text
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM date_reservations r
        WHERE r.status <> 'cancelled'
          -- The couple's dates: the member's and their mutually linked partner's (one plan, one allowance).
          AND (r.user_id = u.id OR r.user_id = (
            SELECT p.id FROM users p WHERE p.id = u.partner_id AND p.partner_id = u.id))
          AND r.scheduled_date >= ${start} AND r.scheduled_date < ${start} + interval '1 month'
      ) d
      WHERE pa.subscription_status = 'active' AND u.deleted_at IS NULL
      ON CONFLICT (user_id, year, month) DO NOTHING`);
    const moved = await deps.db.execute(sql`
      UPDATE user_monthly_quotas q
      SET subscription_tier = pa.subscription_tier,
          quota_allowed = greatest(a.allowed, q.quota_used),
          quota_remaining = greatest(a.allowed, q.quota_used) - q.quota_used,
          updated_at = ${now}
      FROM users u
      JOIN plan_accounts pa ON pa.user_id = u.id
      JOIN ${allowances} AS a(tier, allowed) ON a.tier = pa.subscription_tier::text
      WHERE q.user_id = u.id AND q.year = ${year}::int AND q.month = ${month}::int
        AND pa.subscription_status = 'active' AND u.deleted_at IS NULL
        AND q.subscription_tier IS DISTINCT FROM pa.subscription_tier::text`);
    changed += (inserted.rowCount ?? 0) + (moved.rowCount ?? 0);
  }
  return changed;
}

export const monthlyQuotasJob: JobDefinition = {
  name: "monthly-quotas",
  // Five past midnight (London) every day: a new month's rows exist from its first minutes, and a tier change
  // that took effect yesterday is applied to the month's row.
  cron: "5 0 * * *",
  run: ensureMonthlyQuotas,
};
