/**
 * The matching engine (issue #6): for one member and a window of days, the venues, date ideas and times that
 * break none of the hard rules, best first, each with the reasons it fits; or, when nothing fits, the rule
 * that ruled everything out. Pure: no database, no HTTP, no clock (options.now).
 */
import { ASSIGNMENT_CLASH_HOURS } from "../../../shared/admin/assignments.ts";
import { explainMatch, explainNoFit } from "./explain.ts";
import { distanceMiles } from "./geo/index.ts";
import {
  categoryRank,
  coversAll,
  DAY_MS,
  HOUR_MS,
  isAlcoholLed,
  type LondonParts,
  londonDayNumber,
  londonInstant,
  londonParts,
  londonYearMonth,
  MIN_LEAD_HOURS,
  norm,
  priceFits,
  REVISIT_DAYS,
  SLOT_TIMES,
  seasonFits,
  UNIVERSAL_CATEGORY,
  venueTypeCategory,
  WEEKDAY_NAMES,
  weekOfMonth,
} from "./rules.ts";
import type {
  IdeaCandidate,
  LatLng,
  Match,
  MatchOptions,
  MatchResult,
  MemberProfile,
  TimeOfDayPref,
  VenueCandidate,
} from "./types.ts";

// ---------------------------------------------------------------------------------------------------------
// Venues prepared once per venue list (normalised labels, alcohol flags, a spatial grid)

export interface PreparedIdea {
  idea: IdeaCandidate;
  alcohol: boolean;
  timeOfDay: string;
  season: string;
  price: string;
  category: string;
}

export interface PreparedVenue {
  v: VenueCandidate;
  dietary: Set<string>;
  accessibility: Set<string>;
  price: string;
  /** Active ideas; empty: the venue is matched as itself. */
  ideas: PreparedIdea[];
  ownCategory: string;
}

interface VenueIndex {
  all: PreparedVenue[];
  located: PreparedVenue[];
  /** Grid of located venues: key lat-cell * 10000 + lng-cell. */
  grid: Map<number, PreparedVenue[]>;
}

const CELL_LAT = 0.1; // ~6.9 miles
const CELL_LNG = 0.15; // ~6.4 miles at London's latitude
const cellKey = (la: number, ln: number) => la * 10000 + ln;

const indexes = new WeakMap<readonly VenueCandidate[], VenueIndex>();

function prepare(venues: readonly VenueCandidate[]): VenueIndex {
  const cached = indexes.get(venues);
  if (cached) return cached;
  const all: PreparedVenue[] = venues.map((v) => ({
    v,
    dietary: new Set(v.dietary.map(norm)),
    accessibility: new Set(v.accessibility.map(norm)),
    price: norm(v.priceLevel),
    ownCategory: venueTypeCategory(v.type),
    ideas: v.ideas.map((idea) => ({
      idea,
      alcohol: isAlcoholLed(idea),
      timeOfDay: norm(idea.timeOfDay),
      season: idea.season,
      price: norm(idea.priceLevel),
      category: norm(idea.category),
    })),
  }));
  const located = all.filter((p) => p.v.location !== null);
  const grid = new Map<number, PreparedVenue[]>();
  for (const p of located) {
    const loc = p.v.location as LatLng;
    const k = cellKey(Math.floor(loc.lat / CELL_LAT), Math.floor(loc.lng / CELL_LNG));
    const list = grid.get(k);
    if (list) list.push(p);
    else grid.set(k, [p]);
  }
  const index = { all, located, grid };
  indexes.set(venues, index);
  return index;
}

/** Located venues within `radius` miles of `at`, each with its distance. */
function venuesWithin(index: VenueIndex, at: LatLng, radius: number): { p: PreparedVenue; d: number }[] {
  const out: { p: PreparedVenue; d: number }[] = [];
  const dLat = radius / 69 + CELL_LAT;
  const cos = Math.max(0.05, Math.cos((at.lat * Math.PI) / 180));
  const dLng = radius / (69.17 * cos) + CELL_LNG;
  const la0 = Math.floor((at.lat - dLat) / CELL_LAT);
  const la1 = Math.floor((at.lat + dLat) / CELL_LAT);
  const ln0 = Math.floor((at.lng - dLng) / CELL_LNG);
  const ln1 = Math.floor((at.lng + dLng) / CELL_LNG);
  if ((la1 - la0 + 1) * (ln1 - ln0 + 1) > index.grid.size) {
    for (const p of index.located) {
      const d = distanceMiles(at, p.v.location as LatLng);
      if (d <= radius) out.push({ p, d });
    }
    return out;
  }
  for (let la = la0; la <= la1; la++) {
    for (let ln = ln0; ln <= ln1; ln++) {
      const cell = index.grid.get(cellKey(la, ln));
      if (!cell) continue;
      for (const p of cell) {
        const d = distanceMiles(at, p.v.location as LatLng);
        if (d <= radius) out.push({ p, d });
      }
    }
  }
  return out;
}

/** The nearest located venue's distance (for "the nearest is 14.2 miles away"), or null. */
export function nearestVenueMiles(venues: readonly VenueCandidate[], at: LatLng): number | null {
  let best: number | null = null;
  for (const p of prepare(venues).located) {
    const d = distanceMiles(at, p.v.location as LatLng);
    if (best === null || d < best) best = d;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Slots

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
  for (const [y, m, d, wd] of londonDays(start, end)) {
    const w = weekOfMonth(d);
    if (w === null || !chosen.has(`${w}:${WEEKDAY_NAMES[wd]}`)) continue;
    times.forEach((time, timeRank) => {
      const st = SLOT_TIMES[time];
      const at = londonInstant(y, m, d, st.hour, st.minute);
      const t = at.getTime();
      if (t < start || t > end) return;
      funnel.candidates.push({
        at,
        t,
        time,
        timeRank,
        timeOfDay: st.timeOfDay,
        parts: londonParts(t),
        yearMonth: londonYearMonth(t),
        dayNumber: londonDayNumber(t),
      });
    });
  }
  const paused = member.pausedUntil?.getTime() ?? null;
  funnel.afterPause = funnel.candidates.filter((s) => paused === null || s.t >= paused);
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

// ---------------------------------------------------------------------------------------------------------
// Venue funnel (the hard rules that do not depend on the slot)

export function memberRuleBlock(member: MemberProfile): string | null {
  if (member.subscriptionStatus !== "active") return "subscription";
  if (!member.tier) return "tier";
  return null;
}

/** Latest non-cancelled date of the couple at each venue. */
function lastVisits(member: MemberProfile): Map<number, number> {
  const out = new Map<number, number>();
  for (const h of member.history) {
    if (h.venueId === null || h.status === "cancelled") continue;
    const t = h.scheduledDate.getTime();
    if ((out.get(h.venueId) ?? Number.NEGATIVE_INFINITY) < t) out.set(h.venueId, t);
  }
  return out;
}

/** The venue may be used for a slot at `t`: no date of the couple there within REVISIT_DAYS before it, or after. */
function revisitOk(last: Map<number, number>, venueId: number, t: number): boolean {
  const l = last.get(venueId);
  return l === undefined || l < t - REVISIT_DAYS * DAY_MS;
}

interface Candidate {
  p: PreparedVenue;
  d: number;
}

/** Venues passing distance, dietary, accessibility, venue price and exclusions, in funnel order. */
export function venueFunnel(member: MemberProfile, venues: readonly VenueCandidate[]) {
  const index = prepare(venues);
  const loc = member.location;
  const radius = member.travelRadiusMiles;
  const inRadius = loc ? venuesWithin(index, loc, radius) : [];
  const dietary = inRadius.filter((c) => coversAll(c.p.dietary, member.dietary));
  const access = dietary.filter((c) => coversAll(c.p.accessibility, member.accessibility));
  const priced = access.filter((c) => priceFits(member.dateSpend, member.openToTrying, c.p.price));
  const excluded = new Set(member.excludedVenueIds);
  const allowed = priced.filter((c) => !excluded.has(c.p.v.id));
  return { index, inRadius, dietary, access, priced, allowed };
}

function staticIdeaOk(member: MemberProfile, i: PreparedIdea): boolean {
  return (member.alcoholOk || !i.alcohol) && priceFits(member.dateSpend, member.openToTrying, i.price);
}

// ---------------------------------------------------------------------------------------------------------
// Scoring

interface History {
  last: Map<number, number>;
  ratingByCategory: Map<string, number>;
  ratingByType: Map<string, number>;
}

function historyFacts(member: MemberProfile): History {
  const sums = (key: (h: MemberProfile["history"][number]) => string | null) => {
    const acc = new Map<string, [number, number]>();
    for (const h of member.history) {
      const k = key(h);
      if (k === null || h.rating === null) continue;
      const a = acc.get(k) ?? [0, 0];
      a[0] += h.rating;
      a[1] += 1;
      acc.set(k, a);
    }
    return new Map([...acc].map(([k, [s, n]]) => [k, s / n]));
  };
  return {
    last: lastVisits(member),
    ratingByCategory: sums((h) => (h.category ? norm(h.category) : null)),
    ratingByType: sums((h) => (h.venueType ? norm(h.venueType) : null)),
  };
}

/** The category of the couple's latest date before `t`, or null. */
function previousCategory(member: MemberProfile, t: number): { category: string; at: Date } | null {
  let best: MemberProfile["history"][number] | null = null;
  for (const h of member.history) {
    const ht = h.scheduledDate.getTime();
    if (ht < t && h.category && (!best || ht > best.scheduledDate.getTime())) best = h;
  }
  return best?.category ? { category: norm(best.category), at: best.scheduledDate } : null;
}

export interface ScoreParts {
  typeRank: number;
  universal: boolean;
  timeRank: number;
  repeatCategory: boolean;
  rating: number | null;
  load: number;
  distanceShare: number;
  asItself: boolean;
}

export function scoreOf(s: ScoreParts): number {
  let score = 0;
  if (s.typeRank >= 0) score += 40 - 8 * s.typeRank;
  else if (s.universal) score += 18;
  score += 12 - 5 * s.timeRank;
  if (s.repeatCategory) score -= 12;
  if (s.rating !== null) score += (s.rating - 3) * 3;
  score -= 6 * s.load;
  score -= 4 * s.distanceShare;
  if (s.asItself) score -= 25;
  return Math.round(score * 1000) / 1000;
}

interface Best {
  p: PreparedVenue;
  d: number;
  idea: PreparedIdea | null;
  slot: Slot;
  score: number;
  parts: ScoreParts;
  previous: { category: string; at: Date } | null;
}

function better(a: Best, b: Best | null): boolean {
  if (!b) return true;
  if (a.score !== b.score) return a.score > b.score;
  if (a.slot.t !== b.slot.t) return a.slot.t < b.slot.t;
  if (a.p.v.id !== b.p.v.id) return a.p.v.id < b.p.v.id;
  return (a.idea?.idea.id ?? 0) < (b.idea?.idea.id ?? 0);
}

/** Extra options for the monthly planner (a compatible extension of MatchOptions). */
export interface PlannerOptions extends MatchOptions {
  /** True when a venue already holds as many of this pass's couples at that instant as it may. */
  slotFull?: (venueId: number, at: number) => boolean;
}

// ---------------------------------------------------------------------------------------------------------

export function findMatches(
  member: MemberProfile,
  venues: readonly VenueCandidate[],
  options: PlannerOptions,
): MatchResult {
  const limit = Math.max(1, Math.floor(options.limit ?? 1));
  if (memberRuleBlock(member)) return { matches: [], noFit: explainNoFit(member, venues, options) };
  const slots = slotFunnel(member, options).free;
  if (slots.length === 0 || !member.location) {
    return { matches: [], noFit: explainNoFit(member, venues, options) };
  }
  const { allowed } = venueFunnel(member, venues);
  if (allowed.length === 0) return { matches: [], noFit: explainNoFit(member, venues, options) };

  const facts = historyFacts(member);
  const previous = slots.map((s) => previousCategory(member, s.t));
  const load = options.venueLoad;
  const full = options.slotFull;
  const radius = Math.max(1, member.travelRadiusMiles);
  const best: Best[] = [];

  const consider = (c: Candidate, idea: PreparedIdea | null, category: string, current: Best | null) => {
    let winner = current;
    const typeRank = categoryRank(member.dateTypes, category);
    const rating = facts.ratingByCategory.get(category) ?? facts.ratingByType.get(norm(c.p.v.type)) ?? null;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      if (idea) {
        if (idea.timeOfDay !== s.timeOfDay || !seasonFits(idea.season, s.parts.month)) continue;
      }
      if (!revisitOk(facts.last, c.p.v.id, s.t)) continue;
      if (full?.(c.p.v.id, s.t)) continue;
      const prev = previous[i];
      const parts: ScoreParts = {
        typeRank,
        universal: category === UNIVERSAL_CATEGORY,
        timeRank: s.timeRank,
        repeatCategory: prev !== null && prev.category === category,
        rating,
        load: load?.get(c.p.v.id) ?? 0,
        distanceShare: c.d / radius,
        asItself: idea === null,
      };
      const cand: Best = { p: c.p, d: c.d, idea, slot: s, score: scoreOf(parts), parts, previous: prev };
      if (better(cand, winner)) winner = cand;
    }
    return winner;
  };

  for (const c of allowed) {
    let winner: Best | null = null;
    if (c.p.ideas.length === 0) {
      winner = consider(c, null, c.p.ownCategory, winner);
    } else {
      for (const idea of c.p.ideas) {
        if (!staticIdeaOk(member, idea)) continue;
        winner = consider(c, idea, idea.category, winner);
      }
    }
    if (winner) best.push(winner);
  }
  if (best.length === 0) return { matches: [], noFit: explainNoFit(member, venues, options) };
  best.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const matches: Match[] = best.slice(0, limit).map((b) => ({
    venueId: b.p.v.id,
    venueName: b.p.v.name,
    venueType: b.p.v.type,
    venueAddress: b.p.v.address,
    dateIdeaId: b.idea?.idea.id ?? null,
    dateIdeaTitle: b.idea?.idea.title ?? null,
    category: b.idea?.category ?? b.p.ownCategory,
    scheduledDate: b.slot.at,
    distanceMiles: Math.round(b.d * 10) / 10,
    score: b.score,
    reasons: explainMatch(member, {
      venue: b.p.v,
      category: b.idea?.category ?? b.p.ownCategory,
      slot: b.slot,
      distance: b.d,
      parts: b.parts,
      previous: b.previous,
      price: b.idea ? b.idea.price : b.p.price,
    }),
  }));
  return { matches, noFit: null };
}

export { lastVisits, prepare, revisitOk, staticIdeaOk };
