/**
 * The queue's items about members: a new plan whose first date is not booked yet (promised within
 * FIRST_DATE_BOOKING_WORKING_DAYS working days), and couples the engine cannot place this month, with the rule
 * that blocks them (the planning funnel's own words, as Plan {Month} reports them).
 */
import { sql } from "drizzle-orm";
import { ATTENTION_KIND_CAP, type AttentionItem } from "../../../../shared/admin/attention.ts";
import { TIER_IDS, TIERS } from "../../../../shared/constants.ts";
import { londonInstant, londonMonthKey, londonParts } from "../../../../shared/london-time.ts";
import { FIRST_DATE_BOOKING_WORKING_DAYS } from "../../../../shared/planning-schedule.ts";
import { bankHolidays } from "../../../../shared/venue-hours.ts";
import type { Deps } from "../../../deps.ts";
import { findMatches } from "../../matching/engine.ts";
import { loadProfiles, loadVenues } from "../../matching/load.ts";
import { monthWindow } from "../../matching/plan.ts";

const DAY = 86_400_000;
/** Members checked against the engine per request: keeps the queue fast at any size. */
const UNPLACEABLE_SCAN = 100;

/**
 * The end (23:59 London) of the n-th working day after `from`'s London day: Monday to Friday, not an English
 * bank holiday.
 */
export function workingDaysAfter(from: Date, n: number): Date {
  const p = londonParts(from);
  let t = Date.UTC(p.year, p.month - 1, p.day, 12);
  for (let left = n; left > 0; ) {
    t += DAY;
    const d = new Date(t);
    const wd = d.getUTCDay();
    if (wd === 0 || wd === 6) continue;
    if (bankHolidays(d.getUTCFullYear()).has(d.toISOString().slice(0, 10))) continue;
    left--;
  }
  const d = new Date(t);
  return londonInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 23, 59);
}

interface NameRow extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}
interface MemberRow extends NameRow {
  joined: Date | string;
}

const nameOf = (r: NameRow) => [r.first_name, r.last_name].filter(Boolean).join(" ").trim() || r.email;

const autoAssign = (userId: number, label: string) => ({
  id: "auto-assign",
  label,
  method: "POST" as const,
  path: `/api/admin/assignments/auto/${userId}`,
  body: {},
  primary: true,
});
const memberLink = (userId: number) => ({
  label: "Open the member's page",
  href: `/admin/members/${userId}`,
});

/** Plan holders whose plan is live and whose couple has no date booked at all yet. */
export async function firstDateDue(deps: Deps): Promise<AttentionItem[]> {
  const { rows } = await deps.db.execute<MemberRow>(sql`
    select u.id, u.email, u.first_name, u.last_name, coalesce(e.at, u.created_at) as joined
    from users u
    join plan_accounts ua on ua.user_id = u.id
    left join lateral (
      select max(s.occurred_at) as at from subscription_events s where s.user_id = u.id and s.event_type = 'created'
    ) e on true
    where ua.subscription_status = 'active' and u.deleted_at is null and not u.is_admin
      and not exists (
        select 1 from date_reservations r
        where r.user_id in (u.id, u.partner_id) and r.status <> 'cancelled'
      )
    order by joined, u.id
    limit ${ATTENTION_KIND_CAP}
  `);
  return rows.map((r) => {
    const joined = new Date(r.joined);
    const name = nameOf(r);
    return {
      id: `first_date_due:${r.id}`,
      kind: "first_date_due",
      title: `${name}: first date to book`,
      detail: `Joined ${joined.toISOString().slice(0, 10)}; their first date is promised within ${FIRST_DATE_BOOKING_WORKING_DAYS} working days.`,
      dueAt: workingDaysAfter(joined, FIRST_DATE_BOOKING_WORKING_DAYS).toISOString(),
      subject: { type: "member", id: r.id, label: name },
      actions: [autoAssign(r.id, "Auto-assign first date")],
      link: memberLink(r.id),
    };
  });
}

/** Dates a month of each tier (no tier: none), of the plan account joined as ua. */
function allowanceSql() {
  const whens = TIER_IDS.map((t) => sql`when ${t} then ${TIERS[t].datesPerMonth}::int`);
  return sql`(case ua.subscription_tier ${sql.join(whens, sql` `)} else 0 end)`;
}

const INCOMPLETE = "Preferences are incomplete (no postcode, days or times to plan with)";

/**
 * Couples short of this month's allowance whom the engine cannot place before the month ends: each with the
 * step of the rule funnel that left nothing. Only the first UNPLACEABLE_SCAN such members are checked.
 */
export async function unplaceable(deps: Deps): Promise<AttentionItem[]> {
  const now = deps.now();
  const month = londonMonthKey(now);
  const window = monthWindow(month);
  const { rows } = await deps.db.execute<NameRow>(sql`
    select u.id, u.email, u.first_name, u.last_name from users u
    join plan_accounts ua on ua.user_id = u.id
    where ua.subscription_status = 'active' and u.onboarding_completed and ua.subscription_tier is not null
      and u.deleted_at is null and not u.is_admin
      and (ua.paused_until is null or ua.paused_until <= ${now})
      and ${allowanceSql()} > (
        select count(*) from date_reservations r
        where r.user_id in (u.id, u.partner_id) and r.status <> 'cancelled'
          and r.scheduled_date >= ${window.from} and r.scheduled_date <= ${window.to}
      )
    order by u.id
    limit ${UNPLACEABLE_SCAN}
  `);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const names = new Map(rows.map((r) => [r.id, nameOf(r)]));
  const members = await loadProfiles(deps, sql`u.id in (${sql.join(ids, sql`, `)})`);
  const venues = members.some((m) => m.complete) ? await loadVenues(deps) : [];
  const seen = new Set<number>();
  const items: AttentionItem[] = [];
  for (const m of members) {
    const p = m.profile;
    if (seen.has(p.userId)) continue;
    seen.add(p.userId);
    if (p.partnerId) seen.add(p.partnerId);
    if (p.quotaRemaining(month) <= 0) continue;
    let reason: string | null = null;
    if (!m.complete) reason = INCOMPLETE;
    else {
      const result = findMatches(p, venues, { now, from: now, to: window.to, limit: 1 });
      if (result.matches.length === 0) reason = result.noFit ?? "Nothing fits";
    }
    if (!reason) continue;
    const name = names.get(p.userId) ?? m.email;
    items.push({
      id: `unplaceable:${p.userId}`,
      kind: "unplaceable",
      title: `${name}: no date possible this month`,
      detail: reason,
      dueAt: window.to.toISOString(),
      subject: { type: "member", id: p.userId, label: name },
      actions: m.complete ? [autoAssign(p.userId, "Try auto-assign")] : [],
      link: memberLink(p.userId),
    });
  }
  return items;
}
