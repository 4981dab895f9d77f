/**
 * GET /api/admin/analytics/subscriptions: MRR, subscribers, ARPU, counts by tier and status, and the MRR of
 * the last 12 months. Definitions in src/shared/admin/analytics.ts.
 */
import { sql } from "drizzle-orm";
import {
  ANALYTICS,
  type MonthlyMrr,
  type SubscriptionAnalytics,
  type TierDistributionRow,
} from "../../../../shared/admin/analytics.ts";
import { TIER_IDS, type TierId } from "../../../../shared/constants.ts";
import type { Deps } from "../../../deps.ts";
import { listPrice, monthsCte, nonStateEvents, pounds, rate, rows, tierPrices, ts } from "./sql.ts";

interface TierRow {
  tier: TierId;
  subscribers: number;
  mrr_pence: string;
  percentage: number;
  total_pence: string;
  total_subscribers: number;
  arpu_pence: string;
}

/**
 * Active subscribers and MRR per tier, now. A member's running offer is the one offerFor()
 * (server/modules/plan-account/schedule.ts) applies: active usage, not past its end date, applying to the tier; the saving
 * is a percentage of the list price or a fixed amount, rounded to the penny, between 0 and the price.
 */
export function currentByTier(now: Date) {
  return sql`
    WITH price(tier, pence) AS ${tierPrices},
    offer AS (
      SELECT DISTINCT ON (u.user_id) u.user_id, c.discount_type, c.discount_value, c.applicable_tiers
      FROM offer_code_usage u JOIN offer_codes c ON c.id = u.offer_code_id
      WHERE u.status = 'active' AND (u.discount_end_date IS NULL OR u.discount_end_date > ${ts(now)})
      ORDER BY u.user_id, u.used_at DESC, u.id DESC
    ),
    paying AS (
      SELECT p.tier, p.pence - CASE
          -- A gifted plan was paid once, as a gift: a subscriber, but nothing recurring.
          WHEN ma.gifted_until IS NOT NULL THEN p.pence
          WHEN o.user_id IS NULL THEN 0
          WHEN cardinality(array_remove(array_remove(o.applicable_tiers, ''), NULL)) > 0
               AND NOT (p.tier = ANY (o.applicable_tiers)) THEN 0
          ELSE greatest(0, least(p.pence, round(CASE WHEN o.discount_type = 'percentage'
                 THEN p.pence * o.discount_value / 100 ELSE o.discount_value * 100 END)::int))
        END AS pence
      FROM users m
      JOIN plan_accounts ma ON ma.user_id = m.id
      JOIN price p ON p.tier = ma.subscription_tier::text
      LEFT JOIN offer o ON o.user_id = m.id
      WHERE ma.subscription_status = 'active' AND m.deleted_at IS NULL
    ),
    by_tier AS (
      SELECT p.tier, count(x.pence)::int AS subscribers, coalesce(sum(x.pence), 0)::bigint AS mrr_pence
      FROM price p LEFT JOIN paying x ON x.tier = p.tier
      GROUP BY p.tier
    )
    SELECT tier, subscribers, mrr_pence,
      ${rate(sql`subscribers`, sql`sum(subscribers) OVER ()`)} AS percentage,
      sum(mrr_pence) OVER () AS total_pence,
      (sum(subscribers) OVER ())::int AS total_subscribers,
      coalesce(round(sum(mrr_pence) OVER () / nullif(sum(subscribers) OVER (), 0)), 0) AS arpu_pence
    FROM by_tier`;
}

/** Members holding a tier, by tier and current status. */
export const countsByTierAndStatus = sql`
  SELECT a.subscription_tier::text AS tier, coalesce(a.subscription_status::text, 'none') AS status,
    count(*)::int AS count
  FROM plan_accounts a JOIN users u ON u.id = a.user_id
  WHERE u.deleted_at IS NULL AND a.subscription_tier IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2`;

/** An event that sets the member's price: the amount they pay from then on while active. */
const priced = (e: string) =>
  sql.raw(`${e}.monthly_amount IS NOT NULL AND ${e}.to_status = 'active' AND ${e}.event_type <> 'refunded'`);

/**
 * MRR and active subscribers at the end of each month of the last 12, from subscription_events (the month in
 * progress is replaced by the live figure). Each state event gives the member a contribution: their amount if
 * it leaves them active with a tier, else 0. The change from their previous state event (lag, read in the
 * order of the index on user, time and id: no sort) is summed per month and accumulated, so a month's figure
 * is the sum of every member's latest state at its end. The amount is the event's own price, else the price
 * of the member's latest earlier event that priced that tier (a scheduled tier change prices the new tier
 * before it starts), else the list price.
 */
export function history(now: Date) {
  // 1-based positions of the completed months' ends.
  const monthEnds = Array.from({ length: ANALYTICS.historyMonths - 1 }, (_, i) => i + 1);
  return sql`
    WITH ${monthsCte(now, ANALYTICS.historyMonths)},
    bounds AS (
      SELECT array_agg(month_end ORDER BY month) FILTER (WHERE month_end <= ${ts(now)}) AS ends,
             max(month_start) AS current_start
      FROM months
    ),
    state AS (
      SELECT e.user_id, e.occurred_at, e.id,
        CASE WHEN e.to_status = 'active' AND ${listPrice(sql`e.to_tier`)} IS NOT NULL THEN coalesce(
          CASE WHEN ${priced("e")} THEN e.monthly_amount END,
          (SELECT p.monthly_amount FROM subscription_events p
           WHERE p.user_id = e.user_id AND (p.occurred_at, p.id) < (e.occurred_at, e.id)
             AND p.to_tier = e.to_tier AND ${priced("p")}
           ORDER BY p.occurred_at DESC, p.id DESC LIMIT 1),
          ${listPrice(sql`e.to_tier`)}) ELSE 0 END AS contribution,
        (e.to_status = 'active' AND ${listPrice(sql`e.to_tier`)} IS NOT NULL)::int AS active
      FROM subscription_events e
      WHERE e.user_id IS NOT NULL AND e.occurred_at < (SELECT current_start FROM bounds)
        AND e.event_type NOT IN (${nonStateEvents})
    ),
    changes AS (
      SELECT occurred_at,
        contribution - lag(contribution, 1, 0) OVER u AS d_pence,
        active - lag(active, 1, 0) OVER u AS d_active
      FROM state
      WINDOW u AS (PARTITION BY user_id ORDER BY occurred_at, id)
    ),
    -- One pass: for each month's end, the changes before it (no sort, no hash).
    totals AS (
      SELECT ARRAY[${sql.join(
        monthEnds.map(
          (k) => sql`sum(d_pence) FILTER (WHERE occurred_at < (SELECT ends[${k}::int] FROM bounds))`,
        ),
        sql`, `,
      )}] AS pence,
      ARRAY[${sql.join(
        monthEnds.map(
          (k) => sql`sum(d_active) FILTER (WHERE occurred_at < (SELECT ends[${k}::int] FROM bounds))`,
        ),
        sql`, `,
      )}] AS active
      FROM changes
    )
    SELECT m.month, coalesce(t.pence[m.k], 0)::bigint AS mrr_pence, coalesce(t.active[m.k], 0)::int AS subscribers
    FROM (SELECT month, row_number() OVER (ORDER BY month) AS k FROM months) m CROSS JOIN totals t
    ORDER BY m.month`;
}

export async function subscriptionAnalytics(deps: Deps): Promise<SubscriptionAnalytics> {
  const now = deps.now();
  const [tiers, counts, months] = await Promise.all([
    rows<TierRow>(deps.db, currentByTier(now)),
    rows<{ tier: string; status: string; count: number }>(deps.db, countsByTierAndStatus),
    rows<{ month: string; mrr_pence: string; subscribers: number }>(deps.db, history(now)),
  ]);
  const byTier = new Map(tiers.map((t) => [t.tier, t]));
  const totalPence = Number(tiers[0]?.total_pence ?? 0);
  const arpuPence = Number(tiers[0]?.arpu_pence ?? 0);
  const activeSubscribers = tiers[0]?.total_subscribers ?? 0;
  const tierDistribution: TierDistributionRow[] = TIER_IDS.map((tier) => {
    const t = byTier.get(tier);
    const mrrPence = Number(t?.mrr_pence ?? 0);
    return {
      tier,
      subscribers: t?.subscribers ?? 0,
      percentage: t?.percentage ?? 0,
      mrrPence,
      mrr: pounds(mrrPence),
    };
  });
  // The month in progress shows the live figure, so the chart ends where the card stands.
  const mrrHistory: MonthlyMrr[] = months.map((m, i) => {
    const current = i === months.length - 1;
    const mrrPence = current ? totalPence : Number(m.mrr_pence);
    return {
      month: m.month,
      mrrPence,
      mrr: pounds(mrrPence),
      subscribers: current ? activeSubscribers : m.subscribers,
    };
  });
  return {
    totalMRR: pounds(totalPence),
    totalMRRPence: totalPence,
    activeSubscribers,
    arpu: pounds(arpuPence),
    arpuPence,
    subscriptionCounts: counts,
    tierDistribution,
    mrrHistory,
  };
}
