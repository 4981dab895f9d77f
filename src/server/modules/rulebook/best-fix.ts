/**
 * The engine's best fix of a date that breaks a rule now: the same evening (the same instant), at another
 * venue and idea that break no rule of the one rulebook (brokenRules, apart from rules an operator already
 * overrode for the date), the best of them by the matching engine's score (engine.ts scoreOf). Pure.
 */
import { RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { londonParts } from "../../../shared/london-time.ts";
import { scoreOf } from "../matching/engine.ts";
import { distanceMiles } from "../matching/geo/index.ts";
import {
  categoryRank,
  isAlcoholLed,
  norm,
  priceFits,
  SLOT_TIMES,
  seasonFits,
  UNIVERSAL_CATEGORY,
  venueTypeCategory,
} from "../matching/rules.ts";
import type { IdeaCandidate, MemberProfile, TimeOfDayPref, VenueCandidate } from "../matching/types.ts";
import type { StoredDate, StoredVerdict } from "./recheck-batch.ts";
import { brokenRules, timeOfDayAt } from "./rules.ts";

/** The fix as stored on date_reservations.fix_proposal (and shown as the assignment's fixProposal). */
export interface FixProposal {
  venueId: number;
  dateIdeaId: number | null;
  scheduledDate: string;
  venueName: string;
  ideaTitle: string | null;
}

/** The most candidates the full rulebook is asked about for one date (best first by score). */
const MAX_ASKED = 300;

const PREF_OF: Record<string, TimeOfDayPref> = Object.fromEntries(
  (Object.keys(SLOT_TIMES) as TimeOfDayPref[]).map((p) => [SLOT_TIMES[p].timeOfDay, p]),
);

/** The couple's average rating per category (the engine's rating part of the score). */
function ratings(m: MemberProfile): Map<string, number> {
  const acc = new Map<string, [number, number]>();
  for (const h of m.history) {
    if (!h.category || h.rating === null) continue;
    const k = norm(h.category);
    const a = acc.get(k) ?? [0, 0];
    acc.set(k, [a[0] + h.rating, a[1] + 1]);
  }
  return new Map([...acc].map(([k, [s, n]]) => [k, s / n]));
}

/** The category of the couple's latest date before `t` (a repeat of it scores lower), or null. */
function previousCategory(m: MemberProfile, t: number): string | null {
  let best: MemberProfile["history"][number] | null = null;
  for (const h of m.history) {
    const ht = h.scheduledDate.getTime();
    if (ht < t && h.category && (!best || ht > best.scheduledDate.getTime())) best = h;
  }
  return best?.category ? norm(best.category) : null;
}

/** Each venue's needs lists, normalised once (a re-check asks about every venue for many dates). */
const offers = new WeakMap<VenueCandidate, { diet: Set<string>; access: Set<string> }>();
function offersOf(v: VenueCandidate) {
  let o = offers.get(v);
  if (!o) {
    o = { diet: new Set(v.dietary.map(norm)), access: new Set(v.accessibility.map(norm)) };
    offers.set(v, o);
  }
  return o;
}

/** Cheap venue-level rules first (place, needs, exclusions, bookable): most venues stop here. */
function mayFit(v: VenueCandidate, m: MemberProfile, current: number): boolean {
  if (v.id === current && v.ideas.length === 0) return false;
  if ((v.notBookable?.length ?? 0) > 0 || !v.location || !m.location) return false;
  if (m.excludedVenueIds.includes(v.id)) return false;
  if (distanceMiles(m.location, v.location) > m.travelRadiusMiles) return false;
  const o = offersOf(v);
  return m.dietary.every((n) => o.diet.has(norm(n))) && m.accessibility.every((n) => o.access.has(norm(n)));
}

/**
 * Whether a rule belongs to the couple or the time rather than the venue: the same evening at any other venue
 * breaks it too, so no fix of this kind exists.
 */
function anyVenueBreaks(rule: string): boolean {
  return (
    rule === RULE_MSG.notDay ||
    rule === RULE_MSG.notTime ||
    rule === RULE_MSG.lead ||
    rule === RULE_MSG.noTier ||
    rule === RULE_MSG.noPostcode ||
    rule.startsWith("Clashes with ") ||
    rule.startsWith("Allowance for ") ||
    rule.startsWith("Their postcode ")
  );
}

/**
 * The best other venue (of `venues`: every one) and idea for the date's evening, or null when none fits every
 * rule. `verdict` is the date's own (its facts); a plan problem has no fix of this kind.
 */
export function bestFix(
  venues: readonly VenueCandidate[],
  d: StoredDate,
  verdict: StoredVerdict,
): FixProposal | null {
  const base = verdict.facts;
  if (!base || verdict.planProblem || verdict.problems.some(anyVenueBreaks)) return null;
  const m = base.profile;
  const t = d.scheduledDate.getTime();
  // Rules every candidate would break the same way, that an operator already accepted for this date.
  const accepted = new Set(d.overrideRules ?? []);
  const rated = ratings(m);
  const prev = previousCategory(m, t);
  const pref = PREF_OF[timeOfDayAt(d.scheduledDate)];
  const timeRank = Math.max(0, m.times.indexOf(pref));
  // Every venue and idea that passes the cheap venue rules, by the engine's score (best first; ties: the lower
  // venue id, then idea id, as the engine breaks them); the full rulebook is then asked in that order, so the
  // first that breaks nothing is the best fix, and most dates ask it only a few times.
  const candidates: { score: number; venue: VenueCandidate; idea: IdeaCandidate | null }[] = [];
  // The cheap idea and price rules of brokenRules, asked once per candidate before scoring it.
  const spendFits = (level: string) => m.dateSpend === null || priceFits(m.dateSpend, m.openToTrying, level);
  const sober = !m.alcoholOk || base.people.some((p) => !p.alcoholOk);
  const tod = timeOfDayAt(d.scheduledDate);
  const month = londonParts(d.scheduledDate).month;
  const ideaFits = (idea: IdeaCandidate, venuePrice: string) => {
    if (sober && isAlcoholLed(idea)) return false;
    if (norm(idea.priceLevel) !== norm(venuePrice) && !spendFits(idea.priceLevel)) return false;
    const ideaTod = norm(idea.timeOfDay);
    if (ideaTod !== "any" && ideaTod !== "" && ideaTod !== tod) return false;
    return seasonFits(idea.season, month);
  };
  for (const venue of venues) {
    if (!mayFit(venue, m, d.venueId)) continue;
    const dist = distanceMiles(m.location!, venue.location!);
    const options: (IdeaCandidate | null)[] = venue.ideas.length > 0 ? venue.ideas : [null];
    if (!spendFits(venue.priceLevel)) continue;
    for (const idea of options) {
      if (venue.id === d.venueId && (idea?.id ?? null) === d.dateIdeaId) continue;
      if (idea && !ideaFits(idea, venue.priceLevel)) continue;
      const category = norm(idea ? idea.category : venueTypeCategory(venue.type));
      const score = scoreOf({
        typeRank: categoryRank(m.dateTypes, category),
        universal: category === UNIVERSAL_CATEGORY,
        timeRank,
        repeatCategory: prev === category,
        rating: rated.get(category) ?? null,
        load: 0,
        distanceShare: dist / Math.max(1, m.travelRadiusMiles),
        asItself: idea === null,
      });
      candidates.push({ score, venue, idea });
    }
  }
  candidates.sort(
    (a, b) => b.score - a.score || a.venue.id - b.venue.id || (a.idea?.id ?? 0) - (b.idea?.id ?? 0),
  );
  let best: (typeof candidates)[number] | null = null;
  for (const c of candidates.slice(0, MAX_ASKED)) {
    const broken = brokenRules({
      ...base,
      venue: c.venue,
      idea: c.idea ? { ...c.idea, venueId: c.venue.id, isActive: true } : null,
    });
    if (broken.some((r) => !accepted.has(r) || r === RULE_MSG.lead)) continue;
    best = c;
    break;
  }
  if (!best) return null;
  return {
    venueId: best.venue.id,
    dateIdeaId: best.idea?.id ?? null,
    scheduledDate: d.scheduledDate.toISOString(),
    venueName: best.venue.name,
    ideaTitle: best.idea?.title ?? null,
  };
}
