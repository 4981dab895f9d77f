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
  seasonOfMonth,
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
  /** 0 low, 1 medium, 2 high, -1 unknown. */
  step: number;
  catId: number;
  /** 0 morning, 1 afternoon, 2 evening, -1 other (never fits a slot). */
  tod: number;
  /** 0 any season; 1-4 spring..winter; -1 unknown (never fits). */
  seasonCode: number;
}

export interface PreparedVenue {
  v: VenueCandidate;
  dietary: Set<string>;
  accessibility: Set<string>;
  price: string;
  /** Active ideas; empty: the venue is matched as itself. */
  ideas: PreparedIdea[];
  ownCategory: string;
  typeNorm: string;
  step: number;
  dietMask: number;
  accessMask: number;
  ownCatId: number;
  /** Position in the venue list (for per-call marks). */
  pos: number;
  /** Bits of the categories the venue's dates can have (its ideas', or its own). */
  catMask: number;
}

interface VenueIndex {
  all: PreparedVenue[];
  located: PreparedVenue[];
  /** Grid of located venues: key lat-cell * 10000 + lng-cell. */
  grid: Map<number, PreparedVenue[]>;
  /** Distances from places members live, nearest first. */
  near: Map<string, Near>;
  /** Per-call marks (venue evaluated in this call). */
  seen: Int32Array;
  /** Label -> bit of the venues' dietary and accessibility masks; null when there are too many labels. */
  dietBits: Map<string, number> | null;
  accessBits: Map<string, number> | null;
  /** Category -> id (bit of catMask; masks are used only while there are at most 30). */
  catIds: Map<string, number>;
}

const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };
const stepOf = (level: string) => STEP[norm(level)] ?? -1;

function bitsFor(sets: Iterable<Set<string>>): Map<string, number> | null {
  const bits = new Map<string, number>();
  for (const set of sets) for (const l of set) if (!bits.has(l)) bits.set(l, bits.size);
  return bits.size <= 30 ? bits : null;
}

function maskOf(bits: Map<string, number> | null, labels: Iterable<string>): number {
  if (!bits) return 0;
  let m = 0;
  for (const l of labels) {
    const b = bits.get(l);
    if (b === undefined) return -1;
    m |= 1 << b;
  }
  return m;
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
    typeNorm: norm(v.type),
    step: stepOf(v.priceLevel),
    dietMask: 0,
    accessMask: 0,
    ownCatId: 0,
    pos: 0,
    catMask: 0,
    ideas: v.ideas.map((idea) => ({
      idea,
      alcohol: isAlcoholLed(idea),
      timeOfDay: norm(idea.timeOfDay),
      season: norm(idea.season),
      price: norm(idea.priceLevel),
      category: norm(idea.category),
      step: stepOf(idea.priceLevel),
      catId: 0,
      tod: TOD_CODE[norm(idea.timeOfDay)] ?? -1,
      seasonCode: SEASON_CODE[norm(idea.season)] ?? -1,
    })),
  }));
  const catIds = new Map<string, number>();
  const catId = (c: string) => {
    let id = catIds.get(c);
    if (id === undefined) {
      id = catIds.size;
      catIds.set(c, id);
    }
    return id;
  };
  all.forEach((p, i) => {
    p.pos = i;
  });
  for (const p of all) {
    p.ownCatId = catId(p.ownCategory);
    for (const i of p.ideas) i.catId = catId(i.category);
  }
  for (const p of all) {
    p.catMask =
      catIds.size > 30
        ? -1
        : p.ideas.length === 0
          ? 1 << p.ownCatId
          : p.ideas.reduce((m, i) => m | (1 << i.catId), 0);
  }
  const dietBits = bitsFor(all.map((p) => p.dietary));
  const accessBits = bitsFor(all.map((p) => p.accessibility));
  for (const p of all) {
    p.dietMask = maskOf(dietBits, p.dietary);
    p.accessMask = maskOf(accessBits, p.accessibility);
  }
  const located = all.filter((p) => p.v.location !== null);
  const grid = new Map<number, PreparedVenue[]>();
  for (const p of located) {
    const loc = p.v.location as LatLng;
    const k = cellKey(Math.floor(loc.lat / CELL_LAT), Math.floor(loc.lng / CELL_LNG));
    const list = grid.get(k);
    if (list) list.push(p);
    else grid.set(k, [p]);
  }
  const index: VenueIndex = {
    all,
    located,
    grid,
    near: new Map(),
    seen: new Int32Array(all.length),
    dietBits,
    accessBits,
    catIds,
  };
  indexes.set(venues, index);
  return index;
}

interface Near {
  /** Every located venue with its distance, nearest first. */
  list: { p: PreparedVenue; d: number }[];
  /** The same, per category id: the venues whose dates can have that category. Null without category masks. */
  byCat: { p: PreparedVenue; d: number }[][] | null;
}

/** Every located venue with its distance from `at`, nearest first (cached for a few hundred places). */
function nearOf(index: VenueIndex, at: LatLng): Near | null {
  const key = `${at.lat},${at.lng}`;
  const hit = index.near.get(key);
  if (hit) return hit;
  if (index.near.size >= NEAR_CACHE) return null;
  const list = index.located.map((p) => ({ p, d: distanceMiles(at, p.v.location as LatLng) }));
  list.sort((a, b) => a.d - b.d || a.p.v.id - b.p.v.id);
  let byCat: Near["byCat"] = null;
  if (index.catIds.size <= 30) {
    byCat = Array.from({ length: index.catIds.size }, () => []);
    for (const c of list)
      for (let id = 0; id < byCat.length; id++) if (c.p.catMask & (1 << id)) byCat[id].push(c);
  }
  const near = { list, byCat };
  index.near.set(key, near);
  return near;
}

function byDistance(index: VenueIndex, at: LatLng): { p: PreparedVenue; d: number }[] | null {
  return nearOf(index, at)?.list ?? null;
}

const NEAR_CACHE = 400;

/** Located venues within `radius` miles of `at` (great circle), each with its distance. */
function venuesWithin(index: VenueIndex, at: LatLng, radius: number): { p: PreparedVenue; d: number }[] {
  const sorted = byDistance(index, at);
  if (sorted) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].d <= radius) lo = mid + 1;
      else hi = mid;
    }
    return sorted.slice(0, lo);
  }
  const out: { p: PreparedVenue; d: number }[] = [];
  const dLat = radius / 69 + CELL_LAT;
  const cos = Math.max(0.05, Math.cos((at.lat * Math.PI) / 180));
  const dLng = radius / (69.17 * cos) + CELL_LNG;
  const la0 = Math.floor((at.lat - dLat) / CELL_LAT);
  const la1 = Math.floor((at.lat + dLat) / CELL_LAT);
  const ln0 = Math.floor((at.lng - dLng) / CELL_LNG);
  const ln1 = Math.floor((at.lng + dLng) / CELL_LNG);
  const scan = (cell: readonly PreparedVenue[]) => {
    for (const p of cell) {
      const d = distanceMiles(at, p.v.location as LatLng);
      if (d <= radius) out.push({ p, d });
    }
  };
  if ((la1 - la0 + 1) * (ln1 - ln0 + 1) > index.grid.size) scan(index.located);
  else {
    for (let la = la0; la <= la1; la++) {
      for (let ln = ln0; ln <= ln1; ln++) {
        const cell = index.grid.get(cellKey(la, ln));
        if (cell) scan(cell);
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
        yearMonth: londonYearMonth(t),
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

interface SlotEntry {
  s: Slot;
  seasonCode: number;
  prev: { category: string; at: Date } | null;
}
const EMPTY: SlotEntry[] = [];
const TOD_CODE: Record<string, number> = { morning: 0, afternoon: 1, evening: 2 };
/** 0: any season. */
const SEASON_CODE: Record<string, number> = { any: 0, "": 0, spring: 1, summer: 2, autumn: 3, winter: 4 };

/** Dates in one pass a venue takes before spreading outweighs the members' rankings. */
export const VENUE_SOFT_CAPACITY = 12;

/**
 * Spreading dates across venues: up to VENUE_SOFT_CAPACITY dates in this pass lower a venue's score a little
 * (never by one step of the member's date-type ranking, 8); beyond it, each further date weighs more.
 */
export function loadPenalty(load: number): number {
  return Math.min(7, load) + Math.max(0, load - VENUE_SOFT_CAPACITY) * 1.5;
}

/** Scores are rounded to 0.001: a bound this close to the threshold is still looked at. */
const SCORE_EPS = 0.002;
let callStamp = 0;

const SPEND_STEP: Record<string, number> = { "£": 0, "££": 1, "£££": 2 };

function hasAll(offered: ReadonlySet<string>, normalised: readonly string[]): boolean {
  for (const n of normalised) if (!offered.has(n)) return false;
  return true;
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
  score -= loadPenalty(s.load);
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
  /** Look at every venue in distance order, without the category shortcut (tests compare the two). */
  exhaustive?: boolean;
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
  const index = prepare(venues);
  const at = member.location;
  // The slot-independent venue rules (as venueFunnel), checked inline after the cheap score bound.
  const diet = member.dietary.map(norm);
  const needs = member.accessibility.map(norm);
  const dietMask = index.dietBits ? maskOf(index.dietBits, diet) : -2;
  const accessMask = index.accessBits ? maskOf(index.accessBits, needs) : -2;
  if (dietMask === -1 || accessMask === -1) {
    return { matches: [], noFit: explainNoFit(member, venues, options) };
  }
  const excluded = member.excludedVenueIds.length > 0 ? new Set(member.excludedVenueIds) : null;
  const list = byDistance(index, at) ?? venuesWithin(index, at, member.travelRadiusMiles);

  const facts = historyFacts(member);
  const byTime: SlotEntry[][] = [[], [], []];
  const every: SlotEntry[] = [];
  for (const s of slots) {
    const e: SlotEntry = {
      s,
      seasonCode: SEASON_CODE[seasonOfMonth(s.parts.month)],
      prev: previousCategory(member, s.t),
    };
    every.push(e);
    const tod = TOD_CODE[s.timeOfDay];
    if (tod !== undefined) byTime[tod].push(e);
  }
  const load = options.venueLoad;
  const full = options.slotFull;
  const radius = Math.max(1, member.travelRadiusMiles);
  const spendStep = member.dateSpend === null ? null : (SPEND_STEP[member.dateSpend] ?? -9);
  const stepSlack = member.openToTrying ? 1 : 0;
  const alcoholOk = member.alcoholOk;
  const rated = facts.ratingByCategory.size > 0 || facts.ratingByType.size > 0;
  // Type score per category id, and the best a venue's categories can reach (its bound).
  const catScore: number[] = [];
  for (const [category, id] of index.catIds) {
    const r = categoryRank(member.dateTypes, category);
    catScore[id] = r >= 0 ? 40 - 8 * r : category === UNIVERSAL_CATEGORY ? 18 : 0;
  }
  const maskBest = new Map<number, number>();
  const boundOf = (mask: number) => {
    if (mask < 0) return 40;
    let v = maskBest.get(mask);
    if (v === undefined) {
      v = 0;
      for (let m = mask, id = 0; m !== 0; m >>>= 1, id++) if (m & 1 && catScore[id] > v) v = catScore[id];
      maskBest.set(mask, v);
    }
    return v;
  };
  const ratingMax = rated ? 6 : 0;
  const top: Best[] = [];

  const maxD = member.travelRadiusMiles;
  const evaluate = (c: { p: PreparedVenue; d: number }): void => {
    const p = c.p;
    const vid = p.v.id;
    const venueLoad = load?.get(vid) ?? 0;
    const base = -loadPenalty(venueLoad) - (4 * c.d) / radius;
    const itself = p.ideas.length === 0;
    if (top.length >= limit) {
      const bound = boundOf(p.catMask) + 12 + ratingMax + base + (itself ? -25 : 0);
      if (bound + SCORE_EPS < top[top.length - 1].score) return;
    }
    if (dietMask === -2 ? !hasAll(p.dietary, diet) : (p.dietMask & dietMask) !== dietMask) return;
    if (accessMask === -2 ? !hasAll(p.accessibility, needs) : (p.accessMask & accessMask) !== accessMask)
      return;
    if (spendStep !== null && (p.step < 0 || Math.abs(p.step - spendStep) > stepSlack)) return;
    if (excluded?.has(vid)) return;
    const last = facts.last.size === 0 ? undefined : facts.last.get(vid);
    const earliest = last === undefined ? Number.NEGATIVE_INFINITY : last + REVISIT_DAYS * DAY_MS;
    // The venue's best (idea, slot), kept in locals: a Best is made only for a venue that enters the top.
    let wScore = Number.NEGATIVE_INFINITY;
    let wEntry: SlotEntry | null = null;
    let wIdea: PreparedIdea | null = null;
    let wRating: number | null = null;
    let wRepeat = false;
    let wCategory = "";
    const count = itself ? 1 : p.ideas.length;
    for (let n = 0; n < count; n++) {
      const idea = itself ? null : p.ideas[n];
      if (idea !== null) {
        if (!alcoholOk && idea.alcohol) continue;
        if (spendStep !== null && (idea.step < 0 || Math.abs(idea.step - spendStep) > stepSlack)) continue;
      }
      const category = idea ? idea.category : p.ownCategory;
      const ts = catScore[idea ? idea.catId : p.ownCatId];
      const rating = rated
        ? (facts.ratingByCategory.get(category) ?? facts.ratingByType.get(p.typeNorm) ?? null)
        : null;
      const rb = rating === null ? 0 : (rating - 3) * 3;
      const fixed = ts + rb + base + (idea === null ? -25 : 0);
      const threshold = top.length < limit ? Number.NEGATIVE_INFINITY : top[top.length - 1].score;
      if (fixed + 12 + SCORE_EPS < Math.max(wScore, threshold)) continue;
      const list = idea ? (idea.tod >= 0 ? byTime[idea.tod] : EMPTY) : every;
      for (let k = 0; k < list.length; k++) {
        const e = list[k];
        if (idea && idea.seasonCode !== 0 && idea.seasonCode !== e.seasonCode) continue;
        const t = e.s.t;
        if (t <= earliest) continue;
        const repeat = e.prev !== null && e.prev.category === category;
        const score = Math.round((fixed + 12 - 5 * e.s.timeRank - (repeat ? 12 : 0)) * 1000) / 1000;
        if (
          wEntry !== null &&
          (score < wScore ||
            (score === wScore &&
              (t > wEntry.s.t || (t === wEntry.s.t && (idea?.idea.id ?? 0) >= (wIdea?.idea.id ?? 0)))))
        ) {
          continue;
        }
        if (full?.(vid, t)) continue;
        wScore = score;
        wEntry = e;
        wIdea = idea;
        wRating = rating;
        wRepeat = repeat;
        wCategory = category;
      }
    }
    if (wEntry === null) return;
    const winner: Best = {
      p,
      d: c.d,
      idea: wIdea,
      slot: wEntry.s,
      score: wScore,
      parts: {
        typeRank: categoryRank(member.dateTypes, wCategory),
        universal: wCategory === UNIVERSAL_CATEGORY,
        timeRank: wEntry.s.timeRank,
        repeatCategory: wRepeat,
        rating: wRating,
        load: venueLoad,
        distanceShare: c.d / radius,
        asItself: wIdea === null,
      },
      previous: wEntry.prev,
    };
    if (top.length < limit || better(winner, top[top.length - 1])) {
      let i = top.length;
      while (i > 0 && better(winner, top[i - 1])) i--;
      top.splice(i, 0, winner);
      if (top.length > limit) top.pop();
    }
  };

  const near = nearOf(index, at);
  if (near?.byCat && !options.exhaustive) {
    // Best categories first; a category (or a farther venue in it) that cannot beat the current top is not
    // looked at, and neither is anything after it: distances only grow and categories only score less.
    const stamp = ++callStamp;
    const order = [...index.catIds.values()].sort((a, b) => catScore[b] - catScore[a] || a - b);
    for (const id of order) {
      const ceiling = catScore[id] + 12 + ratingMax;
      if (top.length >= limit && ceiling + SCORE_EPS < top[top.length - 1].score) break;
      for (const c of near.byCat[id]) {
        if (c.d > maxD) break;
        if (top.length >= limit && ceiling - (4 * c.d) / radius + SCORE_EPS < top[top.length - 1].score)
          break;
        if (index.seen[c.p.pos] === stamp) continue;
        index.seen[c.p.pos] = stamp;
        evaluate(c);
      }
    }
  } else {
    for (const c of list) {
      if (c.d > maxD) break;
      evaluate(c);
    }
  }
  if (top.length === 0) return { matches: [], noFit: explainNoFit(member, venues, options) };
  const matches: Match[] = top.map((b) => ({
    venueId: b.p.v.id,
    venueName: b.p.v.name,
    venueType: b.p.v.type,
    venueAddress: b.p.v.address,
    dateIdeaId: b.idea?.idea.id ?? null,
    dateIdeaTitle: b.idea?.idea.title ?? null,
    category: b.idea?.category ?? b.p.ownCategory,
    scheduledDate: new Date(b.slot.t),
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
