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
import { londonMonth, monthsCte, nonStateEvents, pounds, rate, rows, tierPrices, ts } from "./sql.ts";

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
 * (subscriptions/schedule.ts) applies: active usage, not past its end date, applying to the tier; the saving
 * is a percentage of the list price or a fixed amount, rounded to the penny, between 0 and the price.
 */
function currentByTier(now: Date) {
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
          WHEN o.user_id IS NULL THEN 0
          WHEN cardinality(array_remove(array_remove(o.applicable_tiers, ''), NULL)) > 0
               AND NOT (p.tier = ANY (o.applicable_tiers)) THEN 0
          ELSE greatest(0, least(p.pence, round(CASE WHEN o.discount_type = 'percentage'
                 THEN p.pence * o.discount_value / 100 ELSE o.discount_value * 100 END)::int))
        END AS pence
      FROM users m
      JOIN price p ON p.tier = m.subscription_tier
      LEFT JOIN offer o ON o.user_id = m.id
      WHERE m.subscription_status = 'active' AND m.deleted_at IS NULL
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
const countsByTierAndStatus = sql`
  SELECT subscription_tier AS tier, coalesce(subscription_status, 'none') AS status, count(*)::int AS count
  FROM users
  WHERE deleted_at IS NULL AND subscription_tier IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2`;

/**
 * MRR and active subscribers at the end of each completed month of the last 12, from subscription_events.
 * Each state event gives the member a contribution (their amount if the event leaves them active with a
 * tier, else 0); the change from their previous state event is summed per month and then accumulated, so
 * the figure at a month's end is the sum of every member's latest state up to then. A member's amount is the
 * monthlyAmount of their latest event up to then that set an active price for that tier (a scheduled tier
 * change sets the new tier's price before it starts), else the list price.
 */
function history(now: Date) {
  return sql`
    WITH price(tier, pence) AS ${tierPrices},
    ${monthsCte(now, ANALYTICS.historyMonths)},
    bounds AS (SELECT min(month) AS first_month, max(month_start) AS current_start FROM months),
    ev AS (
      SELECT e.user_id, e.occurred_at, e.id, e.event_type, e.to_status, e.to_tier,
        array_agg(e.monthly_amount) FILTER (WHERE e.to_tier = 'silver' AND e.priced) OVER w AS silver,
        array_agg(e.monthly_amount) FILTER (WHERE e.to_tier = 'gold' AND e.priced) OVER w AS gold,
        array_agg(e.monthly_amount) FILTER (WHERE e.to_tier = 'platinum' AND e.priced) OVER w AS platinum
      FROM (
        SELECT *, (monthly_amount IS NOT NULL AND to_status = 'active' AND event_type <> 'refunded') AS priced
        FROM subscription_events
        WHERE user_id IS NOT NULL AND occurred_at < (SELECT current_start FROM bounds)
      ) e
      WINDOW w AS (PARTITION BY e.user_id ORDER BY e.occurred_at, e.id ROWS UNBOUNDED PRECEDING)
    ),
    state AS (
      SELECT ev.user_id, ev.occurred_at, ev.id,
        CASE WHEN ev.to_status = 'active' AND p.tier IS NOT NULL THEN coalesce(
          CASE ev.to_tier WHEN 'silver' THEN ev.silver[cardinality(ev.silver)]
                          WHEN 'gold' THEN ev.gold[cardinality(ev.gold)]
                          ELSE ev.platinum[cardinality(ev.platinum)] END,
          p.pence) ELSE 0 END AS contribution,
        (ev.to_status = 'active' AND p.tier IS NOT NULL)::int AS active
      FROM ev LEFT JOIN price p ON p.tier = ev.to_tier
      WHERE ev.event_type NOT IN (${nonStateEvents})
    ),
    changes AS (
      SELECT occurred_at,
        contribution - lag(contribution, 1, 0) OVER u AS d_pence,
        active - lag(active, 1, 0) OVER u AS d_active
      FROM state
      WINDOW u AS (PARTITION BY user_id ORDER BY occurred_at, id)
    ),
    per_month AS (
      SELECT greatest(${londonMonth(sql`occurred_at`)}, (SELECT first_month FROM bounds)) AS month,
        sum(d_pence) AS d_pence, sum(d_active) AS d_active
      FROM changes GROUP BY 1
    )
    SELECT m.month,
      (sum(coalesce(p.d_pence, 0)) OVER (ORDER BY m.month))::bigint AS mrr_pence,
      (sum(coalesce(p.d_active, 0)) OVER (ORDER BY m.month))::int AS subscribers
    FROM months m LEFT JOIN per_month p ON p.month = m.month
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
