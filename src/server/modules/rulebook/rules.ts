/**
 * The hard rules of a date, checked one proposal at a time. Pure: the couple as the matching
 * engine sees it (MemberProfile, load.ts), one venue (VenueCandidate), the idea and the time. Each rule is the
 * engine's own (engine.ts, rules.ts), so a date the engine would plan breaks nothing here; each broken rule is
 * named in the words an operator reads.
 */

import { ASSIGNMENT_CLASH_HOURS } from "../../../shared/admin/assignments.ts";
import { RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { NOT_BOOKABLE } from "../../../shared/admin/venues.ts";
import {
  londonDayMonth,
  londonDayNumber,
  londonMonthKey,
  londonParts,
  londonTime,
  londonWeekdayDayMonth,
  monthKeyName,
} from "../../../shared/london-time.ts";
import { DEFAULT_DATE_HOURS, peakOverlap, venueEveningProblem } from "../../../shared/venue-hours.ts";
import { distanceMiles } from "../matching/geo/index.ts";
import {
  HOUR_MS,
  isAlcoholLed,
  listText,
  MIN_LEAD_HOURS,
  norm,
  PRICE_SYMBOL,
  priceFits,
  SLOT_TIMES,
  SPEND_PRICE,
  seasonFits,
  WEEKDAY_NAMES,
  weekOfMonth,
} from "../matching/rules.ts";
import type { IdeaCandidate, MemberProfile, TimeOfDayPref, VenueCandidate } from "../matching/types.ts";
import { afterPlanEnd, lastVisits, pausedAt, revisitOk } from "./funnel.ts";

/** One of the two people, with their own needs (the profile holds them merged). */
export interface Person {
  id: number;
  name: string;
  dietary: readonly string[];
  accessibility: readonly string[];
  alcoholOk: boolean;
}

export interface BookingFacts {
  profile: MemberProfile;
  /** The member, then their partner. */
  people: readonly Person[];
  venue: VenueCandidate;
  /** The date's idea (null: the venue itself); `venueId` and `isActive` as stored. */
  idea: (IdeaCandidate & { venueId: number | null; isActive: boolean }) | null;
  at: Date;
  now: Date;
  /** The couple's allowance of the London month of `at`. */
  allowance: { allowed: number; used: number };
  /**
   * Other dates at the venue (any couple, not cancelled) overlapping this one's time: capacity counts them.
   * Absent: venue.booked is counted (the date being checked is not in it).
   */
  venueTaken?: number;
}

/** The date's length in hours: its idea's, or DEFAULT_DATE_HOURS for the venue itself. */
export const dateHours = (idea: { duration: number } | null) => idea?.duration ?? DEFAULT_DATE_HOURS;

/** The venue's own rules for a date at `at`: bookable at all, open for the whole date, a place left. */
export function venueRules(
  venue: VenueCandidate,
  at: Date,
  hours: number,
  taken: number | undefined,
): string[] {
  const out: string[] = [];
  const reasons = venue.notBookable ?? [];
  if (reasons.includes(NOT_BOOKABLE.archived)) out.push(RULE_MSG.venueArchived(venue.name));
  const others = reasons.filter((r) => r !== NOT_BOOKABLE.archived && r !== NOT_BOOKABLE.noLocation);
  if (others.length > 0)
    out.push(RULE_MSG.venueNotBookable(venue.name, listText(others.map((r) => r.toLowerCase()))));
  if (venue.evening) {
    const problem = venueEveningProblem(venue.evening, at, hours);
    if (problem?.kind === "closed")
      out.push(RULE_MSG.venueClosed(venue.name, londonWeekdayDayMonth(at), problem.detail));
    else if (problem && !reasons.includes(NOT_BOOKABLE.noHours))
      out.push(RULE_MSG.venueHours(venue.name, problem.detail));
  }
  if (venue.capacity !== undefined) {
    const t = at.getTime();
    const n = taken ?? peakOverlap(venue.booked ?? [], t, t + hours * HOUR_MS);
    if (n >= venue.capacity) out.push(RULE_MSG.venueFull(venue.name, venue.capacity));
  }
  return out;
}

const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };

/** The London time of day of an instant, as the engine names slots ("morning", "afternoon", "evening"). */
export function timeOfDayAt(at: Date): string {
  const { hour } = londonParts(at);
  return hour < 12 ? "morning" : hour < 17 ? "afternoon" : "evening";
}

const PREF_OF: Record<string, TimeOfDayPref> = Object.fromEntries(
  (Object.keys(SLOT_TIMES) as TimeOfDayPref[]).map((p) => [SLOT_TIMES[p].timeOfDay, p]),
);

function priceRule(
  spend: string | null,
  openToTrying: boolean,
  level: string,
  message: typeof RULE_MSG.price,
  what: string,
): string | null {
  if (priceFits(spend, openToTrying, level) || spend === null) return null;
  const have = STEP[norm(level)];
  const want = STEP[SPEND_PRICE[spend] ?? ""];
  if (have === undefined || want === undefined) return RULE_MSG.priceUnknown(what);
  return message(PRICE_SYMBOL[norm(level)], have > want ? "above" : "below", spend);
}

/** Every hard rule the date breaks, in the operator's words; empty when it fits. */
export function brokenRules(f: BookingFacts): string[] {
  const { profile: m, venue, idea, at } = f;
  const t = at.getTime();
  const out: string[] = [];

  // The plan (eligibility, no plan at all, is asked before this).
  if (m.subscriptionStatus === "paused" && !m.pausedUntil) out.push(RULE_MSG.pausedOpen);
  // A pause that starts after the dates the couple kept leaves those dates (and times before it) bookable.
  else if (m.pausedUntil && pausedAt(m, t)) out.push(RULE_MSG.paused(londonDayMonth(m.pausedUntil)));
  if (m.subscriptionStatus === "past_due") out.push(RULE_MSG.pastDue);
  // A gifted plan ends cleanly: nothing is booked after its last month.
  if (m.planEndsAt && afterPlanEnd(m, t)) out.push(RULE_MSG.planEnds(londonDayMonth(m.planEndsAt)));
  if (!m.tier) out.push(RULE_MSG.noTier);

  // Each partner's needs, by name.
  const offersDiet = new Set(venue.dietary.map(norm));
  const offersAccess = new Set(venue.accessibility.map(norm));
  for (const p of f.people) {
    const missing = p.dietary.filter((n) => !offersDiet.has(norm(n))).map((n) => n.trim());
    if (missing.length > 0) out.push(RULE_MSG.dietary(p.name, listText(missing), venue.name, missing.length));
  }
  for (const p of f.people) {
    const missing = p.accessibility.filter((n) => !offersAccess.has(norm(n))).map((n) => n.trim());
    if (missing.length > 0) out.push(RULE_MSG.access(p.name, listText(missing), venue.name, missing.length));
  }
  if (idea && isAlcoholLed(idea)) {
    const sober = f.people.filter((p) => !p.alcoholOk).map((p) => p.name);
    if (sober.length > 0) out.push(RULE_MSG.alcohol(listText(sober), sober.length));
    else if (!m.alcoholOk) out.push(RULE_MSG.alcohol("one of them", 1));
  }

  // Where and how much.
  if (!m.location) {
    out.push(m.postcode ? RULE_MSG.postcodeUnplaced(m.postcode) : RULE_MSG.noPostcode);
  } else if (!venue.location) {
    out.push(RULE_MSG.venueUnplaced(venue.name));
  } else {
    const d = distanceMiles(m.location, venue.location);
    if (d > m.travelRadiusMiles) out.push(RULE_MSG.radius(m.travelRadiusMiles, d.toFixed(1)));
  }
  const venuePrice = priceRule(m.dateSpend, m.openToTrying, venue.priceLevel, RULE_MSG.price, venue.name);
  if (venuePrice) out.push(venuePrice);
  if (idea && norm(idea.priceLevel) !== norm(venue.priceLevel)) {
    const ideaPrice = priceRule(m.dateSpend, m.openToTrying, idea.priceLevel, RULE_MSG.ideaPrice, "The idea");
    if (ideaPrice) out.push(ideaPrice);
  }
  if (m.excludedVenueIds.includes(venue.id)) out.push(RULE_MSG.excluded(venue.name));
  if (!revisitOk(lastVisits(m), venue.id, t)) {
    const visit = m.history.find((h) => h.venueId === venue.id && h.status !== "cancelled");
    if (visit) {
      const when = londonDayMonth(visit.scheduledDate);
      out.push(
        visit.scheduledDate.getTime() > f.now.getTime()
          ? RULE_MSG.revisitPlanned(when)
          : RULE_MSG.revisit(when),
      );
    }
  }

  // The venue's evening: bookable, open, a place left.
  out.push(...venueRules(venue, at, dateHours(idea), f.venueTaken));

  // The idea itself.
  if (idea) {
    if (idea.venueId !== venue.id) out.push(RULE_MSG.ideaElsewhere(idea.title, venue.name));
    else if (!idea.isActive) out.push(RULE_MSG.ideaInactive(idea.title));
  }

  // When.
  const parts = londonParts(at);
  const week = weekOfMonth(parts.day);
  const chosen = m.scheduling.some(
    (s) => s.weekOfMonth === week && norm(s.dayOfWeek) === WEEKDAY_NAMES[parts.weekday],
  );
  if (!chosen) out.push(RULE_MSG.notDay);
  const tod = timeOfDayAt(at);
  if (!m.times.includes(PREF_OF[tod])) out.push(RULE_MSG.notTime);
  if (idea) {
    const ideaTod = norm(idea.timeOfDay);
    if (ideaTod !== "any" && ideaTod !== "" && ideaTod !== tod) {
      const pref = PREF_OF[ideaTod];
      out.push(RULE_MSG.ideaTime(pref ?? ideaTod));
    }
    if (!seasonFits(idea.season, parts.month)) out.push(RULE_MSG.ideaSeason(norm(idea.season)));
  }
  if (t < f.now.getTime() + MIN_LEAD_HOURS * HOUR_MS) out.push(RULE_MSG.lead);
  // The engine's clash rule: another date of the couple within the clash window, or on the same London day.
  const clashMs = ASSIGNMENT_CLASH_HOURS * HOUR_MS;
  const day = londonDayNumber(at);
  const clash = m.history
    .filter((h) => h.status !== "cancelled")
    .find(
      (h) => Math.abs(h.scheduledDate.getTime() - t) < clashMs || londonDayNumber(h.scheduledDate) === day,
    );
  if (clash) {
    out.push(
      RULE_MSG.clash(`${londonWeekdayDayMonth(clash.scheduledDate)} at ${londonTime(clash.scheduledDate)}`),
    );
  }
  if (f.allowance.used >= f.allowance.allowed) {
    out.push(RULE_MSG.allowance(monthKeyName(londonMonthKey(at)), f.allowance.used, f.allowance.allowed));
  }
  return out;
}
