/**
 * The rule funnel: the hard rules of a date applied one after another,
 * so that the engine uses only what passes and the no-fit explanation can name the step that emptied it.
 * Slots: chosen days and times, the window and 72 hours' lead, the pause, the allowance, clashes. Venues:
 * distance, needs, price, exclusions; then revisits and the ideas' alcohol and price. Pure: no database.
 */
import { ASSIGNMENT_CLASH_HOURS } from "../../../shared/admin/assignments.ts";
import {
  type LondonParts,
  londonDayNumber,
  londonInstant,
  londonMonthKey,
  londonParts,
} from "../../../shared/london-time.ts";
import {
  DAY_MS,
  HOUR_MS,
  MIN_DAYS_BETWEEN_DATES,
  MIN_LEAD_HOURS,
  norm,
  priceFits,
  REVISIT_DAYS,
  SLOT_TIMES,
  WEEKDAY_NAMES,
  weekOfMonth,
} from "../matching/rules.ts";
import type { MatchOptions, MemberProfile, TimeOfDayPref, VenueCandidate } from "../matching/types.ts";
import { type PreparedIdea, prepare, venuesWithin } from "../matching/venue-index.ts";

export interface Slot {
  at: Date;
  t: number;
  time: TimeOfDayPref;
  /** 0 = the member's first-choice time. */
  timeRank: number;
  timeOfDay: string;
  parts: LondonParts;
  yearMonth: string;
  dayNumber: number;
}

export interface SlotFunnel {
  /** Chosen week-of-month x weekday at a chosen time, inside the window and at least 72 hours ahead. */
  candidates: Slot[];
  afterPause: Slot[];
  afterQuota: Slot[];
  /** Free of the couple's other dates: the slots the engine may use. */
  free: Slot[];
  start: number;
  end: number;
}

/** Every London calendar day from `start` to `end` (inclusive) as [year, month, day, weekday]. */
function londonDays(start: number, end: number): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  const first = londonParts(start);
  let cursor = Date.UTC(first.year, first.month - 1, first.day);
  const last = londonParts(end);
  const stop = Date.UTC(last.year, last.month - 1, last.day);
  while (cursor <= stop) {
    const d = new Date(cursor);
    out.push([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCDay()]);
    cursor += DAY_MS;
  }
  return out;
}

type SlotBase = Omit<Slot, "timeRank"> & { choice: string };

/** Every possible slot of a window (each chosen-able day at each time), cached for the planner's many calls. */
const windowSlots = new Map<string, SlotBase[]>();
function slotsOfWindow(start: number, end: number): SlotBase[] {
  const key = `${start}|${end}`;
  const hit = windowSlots.get(key);
  if (hit) return hit;
  const out: SlotBase[] = [];
  for (const [y, m, d, wd] of londonDays(start, end)) {
    const w = weekOfMonth(d);
    if (w === null) continue;
    for (const time of TIMES) {
      const st = SLOT_TIMES[time];
      const at = londonInstant(y, m, d, st.hour, st.minute);
      const t = at.getTime();
      if (t < start || t > end) continue;
      out.push({
        at,
        t,
        time,
        timeOfDay: st.timeOfDay,
        parts: londonParts(t),
        yearMonth: londonMonthKey(t),
        dayNumber: londonDayNumber(t),
        choice: `${w}:${WEEKDAY_NAMES[wd]}`,
      });
    }
  }
  if (windowSlots.size >= 16) windowSlots.clear();
  windowSlots.set(key, out);
  return out;
}

const TIMES = Object.keys(SLOT_TIMES) as TimeOfDayPref[];

function ranked<T>(list: readonly T[]): T[] {
  return [...new Set(list)];
}

export function slotFunnel(member: MemberProfile, options: MatchOptions): SlotFunnel {
  const start = Math.max(options.now.getTime() + MIN_LEAD_HOURS * HOUR_MS, options.from.getTime());
  const end = options.to.getTime();
  const funnel: SlotFunnel = { candidates: [], afterPause: [], afterQuota: [], free: [], start, end };
  if (!(end >= start)) return funnel;
  const chosen = new Set(member.scheduling.map((s) => `${s.weekOfMonth}:${norm(s.dayOfWeek)}`));
  const times = ranked(member.times).filter((t) => Object.hasOwn(SLOT_TIMES, t));
  if (chosen.size === 0 || times.length === 0) return funnel;
  const rankOf = new Map(times.map((t, i) => [t, i]));
  const bases = slotsOfWindow(start, end);
  // Ordered by day, then by the member's time ranking.
  for (let i = 0; i < bases.length; ) {
    let j = i;
    while (j < bases.length && bases[j].dayNumber === bases[i].dayNumber) j++;
    if (chosen.has(bases[i].choice)) {
      const day: Slot[] = [];
      for (let k = i; k < j; k++) {
        const b = bases[k];
        const timeRank = rankOf.get(b.time);
        if (timeRank === undefined) continue;
        day.push({
          at: b.at,
          t: b.t,
          time: b.time,
          timeRank,
          timeOfDay: b.timeOfDay,
          parts: b.parts,
          yearMonth: b.yearMonth,
          dayNumber: b.dayNumber,
        });
      }
      day.sort((a, b) => a.timeRank - b.timeRank);
      funnel.candidates.push(...day);
    }
    i = j;
  }
  funnel.afterPause = funnel.candidates.filter((s) => !pausedAt(member, s.t) && !afterPlanEnd(member, s.t));
  const quota = new Map<string, number>();
  funnel.afterQuota = funnel.afterPause.filter((s) => {
    let q = quota.get(s.yearMonth);
    if (q === undefined) {
      q = member.quotaRemaining(s.yearMonth);
      quota.set(s.yearMonth, q);
    }
    return q > 0;
  });
  const clashMs = ASSIGNMENT_CLASH_HOURS * HOUR_MS;
  const taken = member.history.map((h) => ({
    t: h.scheduledDate.getTime(),
    day: londonDayNumber(h.scheduledDate),
  }));
  funnel.free = funnel.afterQuota.filter((s) =>
    taken.every((h) => Math.abs(h.t - s.t) >= clashMs && h.day !== s.dayNumber),
  );
  return funnel;
}

/**
 * Whether the couple's plan is paused at `t`: before pausedUntil, and from pausedFrom on when the pause starts
 * later (the dates they kept before it stay plannable).
 */
export function afterPlanEnd(member: MemberProfile, t: number): boolean {
  return !!member.planEndsAt && t >= member.planEndsAt.getTime();
}

export function pausedAt(member: MemberProfile, t: number): boolean {
  const until = member.pausedUntil?.getTime();
  if (until === undefined || t >= until) return false;
  const from = member.pausedFrom?.getTime();
  return from === undefined || t >= from;
}

// ---------------------------------------------------------------------------------------------------------
// Spacing: a couple's dates in one month at least MIN_DAYS_BETWEEN_DATES apart

export interface SpacingTier {
  slots: Slot[];
  /**
   * Null: the slots keep MIN_DAYS_BETWEEN_DATES from the couple's other dates in the month. Otherwise the
   * days to the nearest one (fewer than MIN_DAYS_BETWEEN_DATES: the chosen days leave no more room).
   */
  gap: number | null;
}

/** The London day numbers of the couple's dates (not cancelled), per London month. */
function datesByMonth(member: MemberProfile): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const h of member.history) {
    if (h.status === "cancelled") continue;
    const ym = londonMonthKey(h.scheduledDate);
    const list = out.get(ym);
    const day = londonDayNumber(h.scheduledDate);
    if (list) list.push(day);
    else out.set(ym, [day]);
  }
  return out;
}

/** Days from `day` to the nearest of `fixed` (Infinity when there is none). */
function gapTo(day: number, fixed: readonly number[]): number {
  let gap = Number.POSITIVE_INFINITY;
  for (const f of fixed) gap = Math.min(gap, Math.abs(day - f));
  return gap;
}

/**
 * The most further dates that fit on `days` (ascending), each MIN_DAYS_BETWEEN_DATES from the others and from
 * `fixed`. Taking the earliest day that fits, then the next, is optimal (as in interval scheduling).
 */
export function mostSpaced(days: readonly number[], fixed: readonly number[]): number {
  let n = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const d of days) {
    if (d - last >= MIN_DAYS_BETWEEN_DATES && gapTo(d, fixed) >= MIN_DAYS_BETWEEN_DATES) {
      n++;
      last = d;
    }
  }
  return n;
}

/**
 * The free slots in the order the engine searches them: first the days that keep every date of the month
 * MIN_DAYS_BETWEEN_DATES apart and still leave room for as many more spaced dates as the allowance wants (or
 * the days allow); then the other spaced days; then the rest, farthest from the couple's other dates first.
 * Without other dates in the month and with room on every day this is one tier: all the free slots.
 */
export function spacingTiers(member: MemberProfile, free: readonly Slot[]): SpacingTier[] {
  const fixedBy = datesByMonth(member);
  const daysBy = new Map<string, number[]>();
  for (const s of free) {
    const list = daysBy.get(s.yearMonth);
    if (!list) daysBy.set(s.yearMonth, [s.dayNumber]);
    else if (list[list.length - 1] !== s.dayNumber) list.push(s.dayNumber);
  }
  // Tier of each (month, day): 0 spaced with room, 1 spaced, then 1 + MIN - gap (gap MIN-1 .. 1).
  const tierOf = new Map<number, number>();
  for (const [ym, days] of daysBy) {
    const fixed = fixedBy.get(ym) ?? [];
    const want = Math.min(member.quotaRemaining(ym), mostSpaced(days, fixed));
    for (const d of days) {
      const gap = gapTo(d, fixed);
      if (gap < MIN_DAYS_BETWEEN_DATES) tierOf.set(d, 1 + MIN_DAYS_BETWEEN_DATES - gap);
      else tierOf.set(d, want <= 1 || 1 + mostSpaced(days, [...fixed, d]) >= want ? 0 : 1);
    }
  }
  const tiers: Slot[][] = [];
  for (const s of free) {
    const k = tierOf.get(s.dayNumber) ?? 0;
    const tier = tiers[k];
    if (tier) tier.push(s);
    else tiers[k] = [s];
  }
  const out: SpacingTier[] = [];
  tiers.forEach((slots, k) => {
    if (slots) out.push({ slots, gap: k <= 1 ? null : 1 + MIN_DAYS_BETWEEN_DATES - k });
  });
  return out;
}

/** The couple's nearest date (not cancelled) in the slot's London month, and how many days away it is. */
export function nearestDate(member: MemberProfile, slot: Pick<Slot, "dayNumber" | "yearMonth">) {
  let best: { at: Date; days: number } | null = null;
  for (const h of member.history) {
    if (h.status === "cancelled" || londonMonthKey(h.scheduledDate) !== slot.yearMonth) continue;
    const days = Math.abs(londonDayNumber(h.scheduledDate) - slot.dayNumber);
    if (!best || days < best.days) best = { at: h.scheduledDate, days };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Venue funnel (the hard rules that do not depend on the slot)

export function memberRuleBlock(member: MemberProfile): string | null {
  if (member.subscriptionStatus !== "active") return "subscription";
  if (!member.tier) return "tier";
  return null;
}

/** Latest non-cancelled date of the couple at each venue. */
export function lastVisits(member: MemberProfile): Map<number, number> {
  const out = new Map<number, number>();
  for (const h of member.history) {
    if (h.venueId === null || h.status === "cancelled") continue;
    const t = h.scheduledDate.getTime();
    if ((out.get(h.venueId) ?? Number.NEGATIVE_INFINITY) < t) out.set(h.venueId, t);
  }
  return out;
}

/** The venue may be used for a slot at `t`: no date of the couple there within REVISIT_DAYS before it, or after. */
export function revisitOk(last: Map<number, number>, venueId: number, t: number): boolean {
  const l = last.get(venueId);
  return l === undefined || l < t - REVISIT_DAYS * DAY_MS;
}

/** Venues passing distance, dietary, accessibility, venue price and exclusions, in funnel order. */
export function venueFunnel(member: MemberProfile, venues: readonly VenueCandidate[]) {
  const index = prepare(venues);
  const loc = member.location;
  const radius = member.travelRadiusMiles;
  const inRadius = loc ? venuesWithin(index, loc, radius) : [];
  const diet = [...new Set(member.dietary.map(norm))];
  const needs = [...new Set(member.accessibility.map(norm))];
  const dietary = diet.length === 0 ? inRadius : inRadius.filter((c) => hasAll(c.p.dietary, diet));
  const access = needs.length === 0 ? dietary : dietary.filter((c) => hasAll(c.p.accessibility, needs));
  const priced =
    member.dateSpend === null
      ? access
      : access.filter((c) => priceFits(member.dateSpend, member.openToTrying, c.p.price));
  const excluded = new Set(member.excludedVenueIds);
  const allowed = excluded.size === 0 ? priced : priced.filter((c) => !excluded.has(c.p.v.id));
  return { index, inRadius, dietary, access, priced, allowed };
}

export function hasAll(offered: ReadonlySet<string>, normalised: readonly string[]): boolean {
  for (const n of normalised) if (!offered.has(n)) return false;
  return true;
}

export function staticIdeaOk(member: MemberProfile, i: PreparedIdea): boolean {
  return (member.alcoholOk || !i.alcohol) && priceFits(member.dateSpend, member.openToTrying, i.price);
}
