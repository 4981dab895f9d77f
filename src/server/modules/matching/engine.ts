/**
 * The matching engine's ranking: for one member and a window of days, the venues, date ideas and
 * times that break none of the hard rules, best first, each with the reasons it fits; or, when nothing fits,
 * the rule that ruled everything out. The venues come from the venue index (venue-index.ts), the hard rules
 * from the rule funnel (rulebook/funnel.ts), the words from explain.ts. Pure: no database, no HTTP, no clock
 * (options.now).
 */

import {
  DEFAULT_DATE_HOURS,
  overlapping,
  type VenueEvening,
  venueEveningProblem,
} from "../../../shared/venue-hours.ts";
import {
  hasAll,
  lastVisits,
  memberRuleBlock,
  nearestDate,
  type Slot,
  type SpacingTier,
  slotFunnel,
  spacingTiers,
} from "../rulebook/funnel.ts";
import { explainMatch, explainNoFit } from "./explain.ts";
import {
  categoryRank,
  DAY_MS,
  HOUR_MS,
  norm,
  REVISIT_DAYS,
  seasonOfMonth,
  UNIVERSAL_CATEGORY,
} from "./rules.ts";
import type {
  Match,
  MatchResult,
  MemberProfile,
  PlannerOptions,
  ScoreParts,
  VenueCandidate,
} from "./types.ts";
import {
  byDistance,
  maskOf,
  nearOf,
  type PreparedIdea,
  type PreparedVenue,
  prepare,
  SEASON_CODE,
  TOD_CODE,
  venuesWithin,
} from "./venue-index.ts";

export type { PlannerOptions, ScoreParts } from "./types.ts";

interface SlotEntry {
  s: Slot;
  seasonCode: number;
  prev: { category: string; at: Date } | null;
}
const EMPTY: SlotEntry[] = [];
const EMPTY_BOOKED: readonly (readonly [number, number])[] = [];

/**
 * Whether the venue holds a date of `hours` at the slot: its answer depends only on the venue, the instant and
 * the length, so it is kept per venue (the planner asks it for thousands of couples at the same slots).
 */
const eveningMemo = new WeakMap<VenueEvening, Map<number, boolean>>();
function eveningOpen(ev: VenueEvening, slot: Slot, hours: number): boolean {
  let memo = eveningMemo.get(ev);
  if (!memo) {
    memo = new Map();
    eveningMemo.set(ev, memo);
  }
  // A small whole number per (instant, length): minutes since the epoch, times 32, plus the hours.
  const k = (slot.t / 60_000) * 32 + hours;
  let ok = memo.get(k);
  if (ok === undefined) {
    ok = venueEveningProblem(ev, slot.parts, hours) === null;
    memo.set(k, ok);
  }
  return ok;
}

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

// ---------------------------------------------------------------------------------------------------------

export function findMatches(
  member: MemberProfile,
  venues: readonly VenueCandidate[],
  options: PlannerOptions,
): MatchResult {
  const wanted = Math.max(1, Math.floor(options.limit ?? 1));
  if (memberRuleBlock(member)) return { matches: [], noFit: explainNoFit(member, venues, options) };
  const free = slotFunnel(member, options).free;
  if (free.length === 0 || !member.location) {
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
  // The slots of the spacing tier being searched (see below), per idea time of day and all together.
  let byTime: SlotEntry[][] = [];
  let every: SlotEntry[] = [];
  const entriesOf = (slots: readonly Slot[]) => {
    byTime = [[], [], []];
    every = [];
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
  };
  const load = options.venueLoad;
  const full = options.slotFull;
  const taken = options.slotTaken;
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
  let top: Best[] = [];
  let limit = wanted;
  /** Venues already taken by a better spacing tier (matches are at different venues). */
  const picked = new Set<number>();

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
    if (picked.size > 0 && picked.has(vid)) return;
    // Archived, or missing what a booking needs (a booking e-mail, opening hours): never planned.
    if (p.v.notBookable !== undefined && p.v.notBookable.length > 0) return;
    const evening = p.v.evening;
    const capacity = p.v.capacity;
    const booked = p.v.booked ?? EMPTY_BOOKED;
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
        // The venue's evening: open for the whole date, not closed that day, a place left at that time.
        const hours = idea ? idea.idea.duration : DEFAULT_DATE_HOURS;
        if (evening && !eveningOpen(evening, e.s, hours)) continue;
        if (capacity !== undefined) {
          const end = t + hours * HOUR_MS;
          if (overlapping(booked, t, end) + (taken?.(vid, t, end) ?? 0) >= capacity) continue;
        }
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
  const search = () => {
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
  };

  // The couple's dates in a month are kept MIN_DAYS_BETWEEN_DATES apart: the slots that keep them apart are
  // searched first, and only when nothing fits there (or fewer than `limit` venues) the closest others.
  const found: { b: Best; tier: SpacingTier }[] = [];
  for (const tier of spacingTiers(member, free)) {
    entriesOf(tier.slots);
    top = [];
    limit = wanted - found.length;
    search();
    for (const b of top) {
      found.push({ b, tier });
      picked.add(b.p.v.id);
    }
    if (found.length >= wanted) break;
  }
  if (found.length === 0) return { matches: [], noFit: explainNoFit(member, venues, options) };
  const matches: Match[] = found.map(({ b, tier }) => ({
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
      now: options.now,
      spacing: tier.gap === null ? null : nearestDate(member, b.slot),
    }),
    priceLevel: b.idea ? b.idea.price : b.p.price,
  }));
  return { matches, noFit: null };
}
