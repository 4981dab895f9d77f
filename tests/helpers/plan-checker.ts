/**
 * An independent checker of planned dates: re-checks every hard rule of every date with its own
 * SQL and code. It imports none of the engine's rule functions; it uses only geo's distanceMiles,
 * venueLocation and locateMany (where things are) and the shared tier figures.
 *
 * checkPlan(db, { now, month?, reservationIds? }) -> string[] of violations ("reservation 12: ...").
 */
import { sql } from "drizzle-orm";
import type { Config } from "../../src/server/config.ts";
import type { Db } from "../../src/server/db/client.ts";
import { distanceMiles, locateMany, venueLocation } from "../../src/server/modules/matching/geo/index.ts";
import { TIERS } from "../../src/shared/constants.ts";

/** The checker's own list of alcohol-led words (whole words in an idea's title or tags). */
const DRINK_WORDS = [
  "cocktail",
  "cocktails",
  "wine",
  "wines",
  "beer",
  "beers",
  "gin",
  "whisky",
  "whiskey",
  "brewery",
  "pub",
  "pubs",
  "spirits",
  "champagne",
  "prosecco",
  "vodka",
  "tequila",
  "cider",
  "distillery",
  "mixology",
];
const drinkRe = new RegExp(`\\b(${DRINK_WORDS.join("|")})\\b`, "i");

const CLASH_HOURS = 4;

interface Row extends Record<string, unknown> {
  id: number;
  user_id: number;
  venue_id: number | null;
  date_idea_id: number | null;
  at: string;
  l_day: number;
  l_dow: string;
  l_hm: string;
  l_month: number;
  l_ym: string;
  status: string;
  sub_status: string | null;
  tier: string | null;
  paused_until_ok: boolean;
  onboarded: boolean;
  has_prefs: boolean;
  postcode: string | null;
  radius: number | null;
  spend: string | null;
  open: boolean | null;
  alcohol_ok: boolean | null;
  times: unknown;
  scheduling: unknown;
  missing_dietary: string[] | null;
  missing_access: string[] | null;
  v_lat: string | null;
  v_lng: string | null;
  v_postcode: string | null;
  v_price: string | null;
  i_venue: number | null;
  i_active: boolean | null;
  i_category: string | null;
  i_title: string | null;
  i_tags: string[] | null;
  i_season: string | null;
  i_time: string | null;
  i_price: string | null;
  venue_active_ideas: number;
  excluded: boolean;
  revisit: number[] | null;
  clashes: number[] | null;
  month_count: number;
  q_allowed: number | null;
  q_used: number | null;
  q_remaining: number | null;
}

const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };
const SPEND: Record<string, number> = { "£": 0, "££": 1, "£££": 2 };
const TIME_AT: Record<string, { pref: string; idea: string }> = {
  "10:30": { pref: "mornings", idea: "morning" },
  "14:00": { pref: "afternoons", idea: "afternoon" },
  "19:00": { pref: "evenings", idea: "evening" },
};
const SEASON: Record<number, string> = {
  1: "winter",
  2: "winter",
  3: "spring",
  4: "spring",
  5: "spring",
  6: "summer",
  7: "summer",
  8: "summer",
  9: "autumn",
  10: "autumn",
  11: "autumn",
  12: "winter",
};

function priceOk(spend: string | null, open: boolean | null, level: string | null): boolean {
  if (spend === null) return true;
  const want = SPEND[spend];
  const have = level === null ? undefined : STEP[level.trim().toLowerCase()];
  if (want === undefined || have === undefined) return false;
  return Math.abs(want - have) <= (open ? 1 : 0);
}

export async function checkPlan(
  db: Db,
  opts: { now: Date; month?: string; reservationIds?: number[] },
): Promise<string[]> {
  const filter = opts.reservationIds
    ? sql`r.id = any(${sql.param(opts.reservationIds)}::int[])`
    : opts.month
      ? sql`r.match_reasons is not null and to_char(r.scheduled_date at time zone 'Europe/London', 'YYYY-MM') = ${opts.month}`
      : sql`r.match_reasons is not null`;
  const rows = (
    await db.execute<Row>(sql`
    with planned as (
      select r.*, (r.scheduled_date at time zone 'Europe/London') as lt,
        case when pu.partner_id = u.id then pu.id end as mate
      from date_reservations r
      join users u on u.id = r.user_id
      left join users pu on pu.id = u.partner_id
      where r.status <> 'cancelled' and ${filter}
    )
    select r.id, r.user_id, r.venue_id, r.date_idea_id, r.scheduled_date::text as at,
      extract(day from r.lt)::int as l_day, trim(lower(to_char(r.lt, 'FMDay'))) as l_dow,
      to_char(r.lt, 'HH24:MI') as l_hm, extract(month from r.lt)::int as l_month,
      to_char(r.lt, 'YYYY-MM') as l_ym, r.status,
      u.subscription_status as sub_status, u.subscription_tier as tier,
      (u.paused_until is null or u.paused_until <= r.scheduled_date) as paused_until_ok,
      u.onboarding_completed as onboarded, (p.id is not null) as has_prefs, p.postcode,
      p.travel_radius as radius, p.date_spend as spend, p.open_to_trying as open, p.alcohol_ok,
      p.time_preferences as times, p.scheduling_preferences as scheduling,
      (select array_agg(d) from unnest(coalesce(p.dietary_restrictions, '{}') || coalesce(pp.dietary_restrictions, '{}')) d
        where lower(btrim(d)) not in (select lower(btrim(x)) from unnest(v.dietary_accommodations) x)) as missing_dietary,
      (select array_agg(a) from unnest(coalesce(p.accessibility_needs, '{}') || coalesce(pp.accessibility_needs, '{}')) a
        where lower(btrim(a)) not in (select lower(btrim(x)) from unnest(v.accessibility_features) x)) as missing_access,
      v.latitude::text as v_lat, v.longitude::text as v_lng, v.postcode as v_postcode, v.price_level as v_price,
      i.venue_id as i_venue, i.is_active as i_active, i.category as i_category, i.title as i_title, i.tags as i_tags,
      i.season as i_season, i.time_of_day as i_time, i.price_level as i_price,
      (select count(*)::int from date_ideas ai where ai.venue_id = r.venue_id and ai.is_active) as venue_active_ideas,
      exists (select 1 from user_venue_exclusions e where e.venue_id = r.venue_id and e.user_id in (r.user_id, r.mate))
        as excluded,
      (select array_agg(o.id) from date_reservations o
        where o.user_id in (r.user_id, r.mate) and o.id <> r.id and o.status <> 'cancelled'
          and o.venue_id = r.venue_id and o.scheduled_date > r.scheduled_date - interval '6 months') as revisit,
      (select array_agg(o.id) from date_reservations o
        where o.user_id in (r.user_id, r.mate) and o.id <> r.id and o.status <> 'cancelled'
          and (abs(extract(epoch from o.scheduled_date - r.scheduled_date)) < ${CLASH_HOURS * 3600}
            or (o.scheduled_date at time zone 'Europe/London')::date = r.lt::date)) as clashes,
      (select count(*)::int from date_reservations o where o.user_id = r.user_id and o.status <> 'cancelled'
        and to_char(o.scheduled_date at time zone 'Europe/London', 'YYYY-MM') = to_char(r.lt, 'YYYY-MM')) as month_count,
      q.quota_allowed as q_allowed, q.quota_used as q_used, q.quota_remaining as q_remaining
    from planned r
    join users u on u.id = r.user_id
    left join user_preferences p on p.user_id = u.id
    left join user_preferences pp on pp.user_id = r.mate
    left join venues v on v.id = r.venue_id
    left join date_ideas i on i.id = r.date_idea_id
    left join user_monthly_quotas q on q.user_id = r.user_id
      and q.year = extract(year from r.lt)::int and q.month = extract(month from r.lt)::int
    order by r.id
  `)
  ).rows;

  const places = await locateMany(
    { db, config: { geocoderUrl: null } as unknown as Config },
    rows.map((r) => r.postcode),
  );
  const out: string[] = [];
  for (const r of rows) {
    const bad = (what: string) => out.push(`reservation ${r.id} (member ${r.user_id}): ${what}`);
    if (r.sub_status !== "active") bad(`subscription ${r.sub_status}`);
    if (!r.tier) bad("no tier");
    if (!r.paused_until_ok) bad("paused at the date");
    if (!r.has_prefs) bad("no preferences");
    // Quota: the member's dates this month never exceed the allowance.
    const allowed =
      r.q_allowed ?? (r.tier && r.tier in TIERS ? TIERS[r.tier as keyof typeof TIERS].datesPerMonth : 1);
    if (r.month_count > allowed) bad(`${r.month_count} dates in ${r.l_ym}, allowance ${allowed}`);
    if (r.q_remaining !== null && r.q_remaining < 0) bad("negative quota remaining");
    if (r.q_used !== null && r.q_used < r.month_count)
      bad(`quota_used ${r.q_used} below ${r.month_count} dates`);
    // Where.
    if (r.venue_id === null) {
      bad("no venue");
      continue;
    }
    const vAt = venueLocation({ latitude: r.v_lat, longitude: r.v_lng, postcode: r.v_postcode });
    const mAt = r.postcode ? places.get(r.postcode) : null;
    if (!vAt || !mAt) bad("venue or member cannot be placed");
    else if (distanceMiles(vAt, mAt) > (r.radius ?? 0) + 1e-9) {
      bad(`venue ${distanceMiles(vAt, mAt).toFixed(2)} miles away, radius ${r.radius}`);
    }
    if (r.missing_dietary?.length) bad(`venue lacks ${r.missing_dietary.join(", ")}`);
    if (r.missing_access?.length) bad(`venue lacks ${r.missing_access.join(", ")}`);
    if (!priceOk(r.spend, r.open, r.v_price)) bad(`venue price ${r.v_price} for spend ${r.spend}`);
    if (r.excluded) bad("venue excluded for the couple");
    if (r.revisit?.length) bad(`venue also used by dates ${r.revisit.join(", ")} within 6 months`);
    if (r.clashes?.length) bad(`clashes with dates ${r.clashes.join(", ")}`);
    // When.
    const slot = TIME_AT[r.l_hm];
    const times = Array.isArray(r.times) ? (r.times as { time: string }[]).map((t) => t.time) : [];
    const sched = Array.isArray(r.scheduling)
      ? (r.scheduling as { weekOfMonth: number; dayOfWeek: string }[]).map(
          (s) => `${s.weekOfMonth}:${String(s.dayOfWeek).toLowerCase()}`,
        )
      : [];
    if (!slot) bad(`starts at ${r.l_hm} London time, not a slot time`);
    else if (!times.includes(slot.pref)) bad(`${slot.pref} not among ${times.join(", ")}`);
    if (r.l_day > 28) bad(`day ${r.l_day} of the month is in no week 1-4`);
    else if (!sched.includes(`${Math.ceil(r.l_day / 7)}:${r.l_dow}`)) {
      bad(`week ${Math.ceil(r.l_day / 7)} ${r.l_dow} not chosen`);
    }
    if (new Date(r.at).getTime() < opts.now.getTime() + 72 * 3_600_000) bad("less than 72 hours ahead");
    // What.
    if (r.date_idea_id === null) {
      if (r.venue_active_ideas > 0) bad("no idea although the venue has active ideas");
    } else {
      if (r.i_venue !== r.venue_id) bad("idea is at another venue");
      if (!r.i_active) bad("idea inactive");
      if (r.i_season && r.i_season !== "any" && r.i_season !== SEASON[r.l_month]) {
        bad(`idea season ${r.i_season} in month ${r.l_month}`);
      }
      if (slot && r.i_time !== slot.idea) bad(`idea time ${r.i_time} at ${r.l_hm}`);
      if (!priceOk(r.spend, r.open, r.i_price)) bad(`idea price ${r.i_price} for spend ${r.spend}`);
      if (r.alcohol_ok === false) {
        if (r.i_category === "bars") bad("bars idea for a member without alcohol");
        const words = [r.i_title ?? "", ...(r.i_tags ?? [])];
        if (words.some((w) => drinkRe.test(w))) bad(`alcohol-led idea "${r.i_title}"`);
      }
    }
  }
  return out;
}
