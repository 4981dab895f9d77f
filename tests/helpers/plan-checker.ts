/**
 * An independent checker of planned dates: re-checks every hard rule of every date with its own
 * SQL and code. It imports none of the engine's rule functions, nor the venues' calendar
 * (src/shared/venue-hours.ts): opening hours, closures, bank holidays (its own Easter) and capacity are worked
 * out here. It uses only geo's distanceMiles, venueLocation and locateMany (where things are), the service
 * area's list of districts and the shared tier figures.
 *
 * checkPlan(db, { now, month?, reservationIds? }) -> string[] of violations ("reservation 12: ...").
 * venueProblems(facts) -> the venue rules one date breaks (pure; the unit tests use it).
 */
import { sql } from "drizzle-orm";
import type { Config } from "../../src/server/config.ts";
import type { Db } from "../../src/server/db/client.ts";
import { distanceMiles, locateMany, venueLocation } from "../../src/server/modules/matching/geo/index.ts";
import { TIERS } from "../../src/shared/constants.ts";
import { inServiceArea } from "../../src/shared/service-area.ts";

// -----------------------------------------------------------------------------------------------------------
// The venue's calendar, this file's own.

/** Monday-first day keys of opening_hours. */
const DAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const DEFAULT_HOURS = 2;

/** "18:00-01:00" -> minutes from that day's midnight, the end past 1440 when it runs past midnight. */
export function sessionSpan(s: string): [number, number] | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(s);
  if (!m) return null;
  const from = Number(m[1]) * 60 + Number(m[2]);
  const to = Number(m[3]) * 60 + Number(m[4]);
  if (from === to) return null;
  return [from, to > from ? to : to + 24 * 60];
}

/**
 * Whether a date starting `start` minutes after midnight of a London day (weekday 0 = Monday) and lasting
 * `minutes` lies wholly inside one session of that day, or of the day before when that one runs past midnight.
 */
export function insideHours(
  hours: Record<string, string[]> | null,
  weekday: number,
  start: number,
  minutes: number,
): boolean {
  if (!hours) return false;
  const end = start + minutes;
  for (const s of hours[DAY_KEYS[weekday]] ?? []) {
    const span = sessionSpan(s);
    if (span && span[0] <= start && end <= span[1]) return true;
  }
  for (const s of hours[DAY_KEYS[(weekday + 6) % 7]] ?? []) {
    const span = sessionSpan(s);
    if (span && span[1] > 1440 && span[0] <= start + 1440 && end + 1440 <= span[1]) return true;
  }
  return false;
}

/** Easter Sunday of a year as [month, day] (Oudin's algorithm, as Tøndering gives it). */
export function easterSunday(y: number): [number, number] {
  const div = Math.trunc;
  const g = y % 19;
  const c = div(y / 100);
  const h = (c - div(c / 4) - div((8 * c + 13) / 25) + 19 * g + 15) % 30;
  const i = h - div(h / 28) * (1 - div(29 / (h + 1)) * div((21 - g) / 11));
  const j = (y + div(y / 4) + i + 2 - c + div(c / 4)) % 7;
  const l = i - j;
  const month = 3 + div((l + 40) / 44);
  return [month, l + 28 - 31 * div(month / 4)];
}

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Why a London day ("YYYY-MM-DD") is a holiday closure, or null: 24 December to 1 January, and the bank
 * holidays of England and Wales outside it (New Year's substitute Monday, Good Friday, Easter Monday, the first
 * and last Monday of May, the last Monday of August). Christmas's substitutes fall inside the closed week.
 */
export function holidayClosure(day: string): string | null {
  const [y, m, d] = day.split("-").map(Number);
  if ((m === 12 && d >= 24) || (m === 1 && d === 1)) return "Christmas and New Year";
  const at = Date.UTC(y, m - 1, d);
  const dow = new Date(at).getUTCDay(); // 0 = Sunday
  const newYear = new Date(Date.UTC(y, 0, 1)).getUTCDay();
  if (m === 1 && dow === 1 && ((newYear === 6 && d === 3) || (newYear === 0 && d === 2)))
    return "New Year (substitute)";
  const [em, ed] = easterSunday(y);
  const easter = Date.UTC(y, em - 1, ed);
  if (day === ymd(easter - 2 * 86_400_000)) return "Good Friday";
  if (day === ymd(easter + 86_400_000)) return "Easter Monday";
  const lastOfMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (dow === 1 && m === 5 && d <= 7) return "Early May bank holiday";
  if (dow === 1 && (m === 5 || m === 8) && d > lastOfMonth - 7)
    return m === 5 ? "Spring bank holiday" : "Summer bank holiday";
  return null;
}

/** The most dates at once at any instant of [start, end): this one and the others ([start, end) in ms). */
export function mostAtOnce(
  start: number,
  end: number,
  others: readonly (readonly [number, number])[],
): number {
  let most = 0;
  for (const p of [start, ...others.map((o) => o[0]).filter((s) => s > start && s < end)]) {
    let n = 1;
    for (const [s, e] of others) if (s <= p && p < e) n++;
    most = Math.max(most, n);
  }
  return most;
}

export interface VenueFacts {
  status: string | null;
  bookingEmail: string | null;
  postcode: string | null;
  openingHours: Record<string, string[]> | null;
  closures: { from: string; to: string; reason?: string }[] | null;
  opensOnHolidays: boolean;
  capacity: number;
  /** The date's London day "YYYY-MM-DD", weekday (0 = Monday) and start ("HH:MM"). */
  day: string;
  weekday: number;
  start: string;
  /** Its idea's duration (null: the venue itself, DEFAULT_HOURS). */
  durationHours: number | null;
  /** Its [start, end) in ms, and the venue's other dates (any couple, not cancelled). */
  span: readonly [number, number];
  others: readonly (readonly [number, number])[];
}

/** The venue rules one date breaks, in words. */
export function venueProblems(f: VenueFacts): string[] {
  const out: string[] = [];
  if (f.status === "archived") out.push("venue archived");
  if (!f.bookingEmail?.trim()) out.push("venue not bookable: no booking e-mail");
  const sessions = f.openingHours ? DAY_KEYS.flatMap((d) => f.openingHours?.[d] ?? []) : [];
  if (sessions.length === 0) out.push("venue not bookable: no opening hours");
  if (f.postcode && !inServiceArea(f.postcode)) out.push("venue not bookable: outside the service area");
  const closed = (f.closures ?? []).find((c) => c.from <= f.day && f.day <= c.to);
  if (closed) out.push(`venue closed on ${f.day} (${closed.reason || "closure"})`);
  const holiday = f.opensOnHolidays ? null : holidayClosure(f.day);
  if (holiday) out.push(`venue closed on ${f.day} (${holiday})`);
  const [h, mi] = f.start.split(":").map(Number);
  const hours = f.durationHours ?? DEFAULT_HOURS;
  if (sessions.length > 0 && !insideHours(f.openingHours, f.weekday, h * 60 + mi, hours * 60)) {
    out.push(`outside opening hours: ${f.start} for ${hours} h on a ${DAY_KEYS[f.weekday]}`);
  }
  const most = mostAtOnce(f.span[0], f.span[1], f.others);
  if (most > f.capacity) out.push(`venue over capacity: ${most} dates at once, capacity ${f.capacity}`);
  return out;
}

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
  i_duration: number | null;
  l_date: string;
  l_isodow: number;
  start_ms: string;
  v_status: string | null;
  v_email: string | null;
  v_hours: Record<string, string[]> | null;
  v_closures: { from: string; to: string; reason?: string }[] | null;
  v_holidays: boolean | null;
  v_capacity: number | null;
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
      ua.subscription_status as sub_status, ua.subscription_tier as tier,
      not coalesce(ua.paused_until > r.scheduled_date, false) as paused_until_ok,
      u.onboarding_completed as onboarded, (p.id is not null) as has_prefs, p.postcode,
      p.travel_radius as radius, p.date_spend as spend, p.open_to_trying as open, p.alcohol_ok,
      p.time_preferences as times, p.scheduling_preferences as scheduling,
      (select array_agg(d) from unnest(coalesce(p.dietary_restrictions, '{}') || coalesce(pp.dietary_restrictions, '{}')) d
        where lower(btrim(d)) not in (select lower(btrim(x)) from unnest(v.dietary_accommodations) x)) as missing_dietary,
      (select array_agg(a) from unnest(coalesce(p.accessibility_needs, '{}') || coalesce(pp.accessibility_needs, '{}')) a
        where lower(btrim(a)) not in (select lower(btrim(x)) from unnest(v.accessibility_features) x)) as missing_access,
      v.latitude::text as v_lat, v.longitude::text as v_lng, v.postcode as v_postcode, v.price_level as v_price,
      i.venue_id as i_venue, i.is_active as i_active, i.category as i_category, i.title as i_title, i.tags as i_tags,
      i.season as i_season, i.time_of_day as i_time, i.price_level as i_price, i.duration as i_duration,
      to_char(r.lt, 'YYYY-MM-DD') as l_date, extract(isodow from r.lt)::int as l_isodow,
      (extract(epoch from r.scheduled_date) * 1000)::bigint::text as start_ms,
      v.status as v_status, v.booking_email as v_email, v.opening_hours as v_hours, v.closures as v_closures,
      v.opens_on_holidays as v_holidays, v.capacity as v_capacity,
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
    left join plan_accounts ua on ua.user_id = u.id
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
  // Every date (any couple, not cancelled) at the checked dates' venues: what capacity counts.
  const venueIds = [...new Set(rows.map((r) => r.venue_id).filter((v): v is number => v !== null))];
  const atVenue = new Map<number, { id: number; span: [number, number] }[]>();
  const booked = await db.execute<{ id: number; venue_id: number; start_ms: string; hours: number }>(sql`
    select o.id, o.venue_id, (extract(epoch from o.scheduled_date) * 1000)::bigint::text as start_ms,
      coalesce(i.duration, ${DEFAULT_HOURS})::int as hours
    from date_reservations o left join date_ideas i on i.id = o.date_idea_id
    where o.status <> 'cancelled' and o.venue_id = any(${sql.param(venueIds)}::int[])
  `);
  for (const o of booked.rows) {
    const start = Number(o.start_ms);
    const list = atVenue.get(o.venue_id) ?? [];
    list.push({ id: o.id, span: [start, start + o.hours * 3_600_000] });
    atVenue.set(o.venue_id, list);
  }
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
    // The venue's own rules: bookable, open for the whole date, not closed that day, a place left.
    const start = Number(r.start_ms);
    const hours = r.date_idea_id === null ? null : r.i_duration;
    for (const problem of venueProblems({
      status: r.v_status,
      bookingEmail: r.v_email,
      postcode: r.v_postcode,
      openingHours: r.v_hours,
      closures: r.v_closures,
      opensOnHolidays: r.v_holidays === true,
      capacity: r.v_capacity ?? 1,
      day: r.l_date,
      weekday: r.l_isodow - 1,
      start: r.l_hm,
      durationHours: hours,
      span: [start, start + (hours ?? DEFAULT_HOURS) * 3_600_000],
      others: (atVenue.get(r.venue_id) ?? []).filter((o) => o.id !== r.id).map((o) => o.span),
    }))
      bad(problem);
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
