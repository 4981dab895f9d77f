/**
 * The engine's best fix of a date that breaks a rule now: the same evening (the same instant), at another
 * venue and idea that break no rule of the one rulebook (brokenRules, apart from rules an operator already
 * overrode for the date), the best of them by the matching engine's score (engine.ts scoreOf). Pure.
 */
import { RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { scoreOf } from "../matching/engine.ts";
import { distanceMiles } from "../matching/geo/index.ts";
import { categoryRank, norm, SLOT_TIMES, UNIVERSAL_CATEGORY, venueTypeCategory } from "../matching/rules.ts";
import type { IdeaCandidate, MemberProfile, TimeOfDayPref, VenueCandidate } from "../matching/types.ts";
import type { RecheckWorld, StoredDate, StoredVerdict } from "./recheck-batch.ts";
import { brokenRules, timeOfDayAt } from "./rules.ts";

/** The fix as stored on date_reservations.fix_proposal (and shown as the assignment's fixProposal). */
export interface FixProposal {
  venueId: number;
  dateIdeaId: number | null;
  scheduledDate: string;
  venueName: string;
  ideaTitle: string | null;
}

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

/** Cheap venue-level rules first (place, needs, exclusions, bookable): most venues stop here. */
function mayFit(v: VenueCandidate, m: MemberProfile, current: number): boolean {
  if (v.id === current && v.ideas.length === 0) return false;
  if ((v.notBookable?.length ?? 0) > 0 || !v.location || !m.location) return false;
  if (m.excludedVenueIds.includes(v.id)) return false;
  if (distanceMiles(m.location, v.location) > m.travelRadiusMiles) return false;
  const diet = new Set(v.dietary.map(norm));
  if (!m.dietary.every((n) => diet.has(norm(n)))) return false;
  const access = new Set(v.accessibility.map(norm));
  return m.accessibility.every((n) => access.has(norm(n)));
}

/**
 * The best other venue and idea for the date's evening, or null when none fits every rule. `verdict` is the
 * date's own (its facts); a plan problem has no fix of this kind.
 */
export function bestFix(world: RecheckWorld, d: StoredDate, verdict: StoredVerdict): FixProposal | null {
  const base = verdict.facts;
  if (!base || verdict.planProblem) return null;
  const m = base.profile;
  const t = d.scheduledDate.getTime();
  // Rules every candidate would break the same way, that an operator already accepted for this date.
  const accepted = new Set(d.overrideRules ?? []);
  const rated = ratings(m);
  const prev = previousCategory(m, t);
  const pref = PREF_OF[timeOfDayAt(d.scheduledDate)];
  const timeRank = Math.max(0, m.times.indexOf(pref));
  let best: { score: number; venue: VenueCandidate; idea: IdeaCandidate | null } | null = null;
  for (const venue of world.venues) {
    if (!mayFit(venue, m, d.venueId)) continue;
    const dist = distanceMiles(m.location!, venue.location!);
    const options: (IdeaCandidate | null)[] = venue.ideas.length > 0 ? venue.ideas : [null];
    for (const idea of options) {
      if (venue.id === d.venueId && (idea?.id ?? null) === d.dateIdeaId) continue;
      const broken = brokenRules({
        ...base,
        venue,
        idea: idea ? { ...idea, venueId: venue.id, isActive: true } : null,
      });
      if (broken.some((r) => !accepted.has(r) || r === RULE_MSG.lead)) continue;
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
      if (
        !best ||
        score > best.score ||
        (score === best.score && venue.id < best.venue.id) ||
        (score === best.score && venue.id === best.venue.id && (idea?.id ?? 0) < (best.idea?.id ?? 0))
      )
        best = { score, venue, idea };
    }
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
