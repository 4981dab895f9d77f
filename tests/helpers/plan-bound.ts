/**
 * An upper bound on what the monthly planner can plan, computed with this file's own rules and
 * none of the engine's: per couple, the most dates its rules allow in the month. A couple gets at most one date
 * a day (two dates on one day clash), on its chosen days (days 1-28, week of month x weekday), at a chosen
 * time that some venue passing its static rules (radius, needs, price, exclusions, a recent visit, an idea it
 * may have: alcohol, price, season, time) offers, 72 hours ahead, outside the pause, not clashing with the
 * couple's dates; and no more than its allowance left. Rules it leaves out (spacing is a preference, venues'
 * capacity, the order of couples) can only make the bound larger, so it stays a true upper bound.
 *
 * planBound(profiles, venues, { now, month }) -> { bound, couples }
 */
import { distanceMiles } from "../../src/server/modules/matching/geo/index.ts";
import type { MemberProfile, VenueCandidate } from "../../src/server/modules/matching/types.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LEAD_HOURS = 72;
const CLASH_HOURS = 4;
const REVISIT_DAYS = 184;
/** The member's time choice -> London wall time and the idea time of day it takes. */
const TIMES: Record<string, { hour: number; minute: number; idea: string }> = {
  mornings: { hour: 10, minute: 30, idea: "morning" },
  afternoons: { hour: 14, minute: 0, idea: "afternoon" },
  evenings: { hour: 19, minute: 0, idea: "evening" },
};
const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };
const SPEND: Record<string, number> = { "£": 0, "££": 1, "£££": 2 };
const SEASONS = ["winter", "winter", "spring", "spring", "spring", "summer", "summer", "summer"];
const seasonOf = (month: number) => [...SEASONS, "autumn", "autumn", "autumn", "winter"][month - 1];
/** A few drink words (whole words): fewer than the engine's, so the bound never rules out more than it does. */
const DRINKS = /\b(cocktails?|wines?|beers?|gin|whisky|brewery|pubs?|spirits|champagne|prosecco)\b/i;
const key = (s: string) => s.trim().toLowerCase();

const wall = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  weekday: "long",
  hourCycle: "h23",
});
function london(t: number) {
  const p = Object.fromEntries(wall.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return {
    key: `${p.year}-${p.month}-${p.day}`,
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: String(p.weekday).toLowerCase(),
  };
}
/** The instant London's clock reads `day` of the month at h:mi (GMT or BST, whichever reads right). */
function londonAt(year: number, month: number, day: number, hour: number, minute: number): number {
  for (const off of [0, HOUR]) {
    const t = Date.UTC(year, month - 1, day, hour, minute) - off;
    const w = london(t);
    if (w.day === day && w.hour === hour && w.minute === minute) return t;
  }
  return Date.UTC(year, month - 1, day, hour, minute);
}

interface Slot {
  day: number;
  week: number;
  weekday: string;
  dayKey: string;
  time: string;
  t: number;
}

function priceOk(m: MemberProfile, level: string): boolean {
  if (m.dateSpend === null) return true;
  const have = STEP[key(level)];
  const want = SPEND[m.dateSpend];
  if (have === undefined || want === undefined) return false;
  return Math.abs(have - want) <= (m.openToTrying ? 1 : 0);
}

/** The idea times of day (or "any" for a venue without ideas) some venue passing the static rules offers. */
function timesOffered(m: MemberProfile, venues: readonly VenueCandidate[], season: string, monthEnd: number) {
  const out = new Set<string>();
  if (!m.location) return out;
  const diet = m.dietary.map(key);
  const access = m.accessibility.map(key);
  const excluded = new Set(m.excludedVenueIds);
  const recent = new Set<number>();
  for (const h of m.history) {
    if (
      h.venueId !== null &&
      h.status !== "cancelled" &&
      h.scheduledDate.getTime() >= monthEnd - REVISIT_DAYS * DAY
    )
      recent.add(h.venueId);
  }
  for (const v of venues) {
    if (!v.location || excluded.has(v.id) || recent.has(v.id)) continue;
    if (distanceMiles(m.location, v.location) > m.travelRadiusMiles) continue;
    const vd = new Set(v.dietary.map(key));
    const va = new Set(v.accessibility.map(key));
    if (!diet.every((d) => vd.has(d)) || !access.every((a) => va.has(a))) continue;
    if (!priceOk(m, v.priceLevel)) continue;
    if (v.ideas.length === 0) {
      out.add("any");
      return out;
    }
    for (const i of v.ideas) {
      const drink = key(i.category) === "bars" || DRINKS.test(i.title) || i.tags.some((g) => DRINKS.test(g));
      if (drink && !m.alcoholOk) continue;
      if (!priceOk(m, i.priceLevel)) continue;
      const s = key(i.season);
      if (s !== "" && s !== "any" && s !== season) continue;
      out.add(key(i.timeOfDay));
    }
    if (out.size >= 3) return out;
  }
  return out;
}

/** The most dates one member's rules allow in the month. */
function memberBound(m: MemberProfile, venues: readonly VenueCandidate[], slots: Slot[], ctx: Ctx): number {
  const left = m.quotaRemaining(ctx.month);
  if (left <= 0 || m.subscriptionStatus !== "active" || !m.tier || !m.location) return 0;
  const chosen = new Set(m.scheduling.map((s) => `${s.weekOfMonth}:${key(s.dayOfWeek)}`));
  const times = new Set(m.times);
  if (chosen.size === 0 || times.size === 0) return 0;
  const offered = timesOffered(m, venues, ctx.season, ctx.monthEnd);
  if (offered.size === 0) return 0;
  const pauseEnd = m.pausedUntil?.getTime() ?? null;
  const pauseStart = m.pausedFrom?.getTime() ?? null;
  const dates = m.history.filter((h) => h.status !== "cancelled").map((h) => h.scheduledDate.getTime());
  const dateDays = new Set(dates.map((t) => london(t).key));
  const days = new Set<string>();
  for (const s of slots) {
    if (days.has(s.dayKey) || !chosen.has(`${s.week}:${s.weekday}`) || !times.has(s.time as never)) continue;
    if (!offered.has("any") && !offered.has(TIMES[s.time].idea)) continue;
    if (s.t < ctx.earliest) continue;
    if (pauseEnd !== null && s.t < pauseEnd && (pauseStart === null || s.t >= pauseStart)) continue;
    if (dateDays.has(s.dayKey) || dates.some((t) => Math.abs(t - s.t) < CLASH_HOURS * HOUR)) continue;
    days.add(s.dayKey);
  }
  return Math.min(left, days.size);
}

interface Ctx {
  month: string;
  season: string;
  monthEnd: number;
  earliest: number;
}

export function planBound(
  profiles: readonly MemberProfile[],
  venues: readonly VenueCandidate[],
  opts: { now: Date; month: string },
): { bound: number; couples: number } {
  const [year, month] = opts.month.split("-").map(Number);
  const slots: Slot[] = [];
  for (let day = 1; day <= 28; day++) {
    for (const [time, at] of Object.entries(TIMES)) {
      const t = londonAt(year, month, day, at.hour, at.minute);
      const w = london(t);
      slots.push({ day, week: Math.ceil(day / 7), weekday: w.weekday, dayKey: w.key, time, t });
    }
  }
  const next = month === 12 ? londonAt(year + 1, 1, 1, 0, 0) : londonAt(year, month + 1, 1, 0, 0);
  const ctx: Ctx = {
    month: opts.month,
    season: seasonOf(month),
    monthEnd: next - 1,
    earliest: opts.now.getTime() + LEAD_HOURS * HOUR,
  };
  // A couple (two members linked both ways) counts once, with the larger of its two members' bounds.
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  const perCouple = new Map<number, number>();
  for (const p of profiles) {
    const partner = p.partnerId === null ? undefined : byId.get(p.partnerId);
    const coupleKey =
      partner && partner.partnerId === p.userId ? Math.min(p.userId, partner.userId) : p.userId;
    const b = memberBound(p, venues, slots, ctx);
    perCouple.set(coupleKey, Math.max(perCouple.get(coupleKey) ?? 0, b));
  }
  let bound = 0;
  for (const b of perCouple.values()) bound += b;
  return { bound, couples: perCouple.size };
}
