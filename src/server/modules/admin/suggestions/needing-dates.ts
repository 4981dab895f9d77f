/** The "Members Needing Dates (Next 30 Days)" card (spec section 4), computed in one SQL query. */
import { type SQL, sql } from "drizzle-orm";
import { TRIAL_DATES_PER_MONTH } from "../../../../shared/admin/assignments.ts";
import { type MemberNeedingDates, NEEDING_DATES_WINDOW_DAYS } from "../../../../shared/admin/suggestions.ts";
import { TIER_IDS, TIERS } from "../../../../shared/constants.ts";
import type { Deps } from "../../../deps.ts";

/** Dates a month by tier, from the shared tier constants (any other or no tier: the trial's one). */
function requiredSql(tier: SQL): SQL {
  const whens = TIER_IDS.map((t) => sql`when ${t} then ${TIERS[t].datesPerMonth}::int`);
  return sql`(case ${tier} ${sql.join(whens, sql` `)} else ${TRIAL_DATES_PER_MONTH}::int end)`;
}

interface Row extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  subscription_tier: string | null;
  required: number;
  scheduled: number;
  total: number;
}

async function page(deps: Deps, limit: number, offset: number): Promise<Row[]> {
  const from = deps.now();
  const to = new Date(from.getTime() + NEEDING_DATES_WINDOW_DAYS * 86_400_000);
  // Dates in the window are counted once per member (a range scan of the scheduled-date index); a date of
  // a mutually linked partner is the couple's date and counts for both. Those counts are joined to the
  // members who are considered (active, onboarded, not deleted); only the page's rows are widened with
  // names and e-mails, so the sort and the total run over narrow rows.
  const result = await deps.db.execute<Row>(sql`
    with window_dates as (
      select user_id, count(*)::int as n
      from date_reservations
      where status <> 'cancelled' and scheduled_date >= ${from} and scheduled_date <= ${to}
      group by user_id
    ),
    couple_dates as (
      select uid, sum(n)::int as n from (
        select user_id as uid, n from window_dates
        union all
        select r.partner_id as uid, w.n
        from window_dates w
        join users r on r.id = w.user_id
        join users p on p.id = r.partner_id and p.partner_id = r.id
      ) dates
      group by uid
    ),
    needing as (
      select u.id,
        ${requiredSql(sql`ua.subscription_tier`)} as required,
        coalesce(c.n, 0) as scheduled,
        lower(coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)) as sort_name
      from users u
      join plan_accounts ua on ua.user_id = u.id
      left join couple_dates c on c.uid = u.id
      where ua.subscription_status = 'active' and u.onboarding_completed and u.deleted_at is null
    ),
    page as (
      select id, required, scheduled, sort_name, (count(*) over ())::int as total
      from needing
      where required > scheduled
      order by required - scheduled desc, sort_name, id
      limit ${limit} offset ${offset}
    )
    select page.id, u.email, u.first_name, u.last_name, ua.subscription_tier, page.required, page.scheduled,
      page.total
    from page join users u on u.id = page.id join plan_accounts ua on ua.user_id = u.id
    order by page.required - page.scheduled desc, page.sort_name, page.id
  `);
  return result.rows;
}

/** One page of members who need dates, greatest need first, then by name; and how many there are. */
export async function membersNeedingDates(
  deps: Deps,
  q: { limit: number; offset: number },
): Promise<{ rows: MemberNeedingDates[]; total: number }> {
  const rows = await page(deps, q.limit, q.offset);
  // Past the last page the window count has no row to ride on: ask for the first row to learn the total.
  const total = rows[0]?.total ?? (q.offset > 0 ? ((await page(deps, 1, 0))[0]?.total ?? 0) : 0);
  return {
    total,
    rows: rows.map((r) => ({
      user: {
        id: r.id,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        subscriptionTier: r.subscription_tier,
      },
      required: r.required,
      scheduled: r.scheduled,
      needed: r.required - r.scheduled,
    })),
  };
}
