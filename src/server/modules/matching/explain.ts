/**
 * The engine's words: why a match fits (2-5 short sentences for admins), and, when nothing fits, the rule that
 * ruled everything out, found by applying the rules as a funnel and naming the step that emptied it.
 */
import { DATE_TYPE_LABELS } from "../../../shared/constants.ts";
import { londonDayMonth, londonMonthKey, londonParts, monthKeyName } from "../../../shared/london-time.ts";
import {
  lastVisits,
  memberRuleBlock,
  revisitOk,
  type Slot,
  slotFunnel,
  staticIdeaOk,
  venueFunnel,
} from "../rulebook/funnel.ts";
import { districtOf } from "./geo/index.ts";
import {
  categoryRank,
  listText,
  MIN_DAYS_BETWEEN_DATES,
  norm,
  pricePhrase,
  SLOT_TIMES,
  seasonFits,
  WEEKDAY_NAMES,
} from "./rules.ts";
import type { MemberProfile, PlannerOptions, ScoreParts, VenueCandidate } from "./types.ts";
import { nearestVenueMiles, type PreparedVenue } from "./venue-index.ts";

const CATEGORY_LABELS: Record<string, string> = {
  culinary: "culinary",
  active: "active",
  adventure: "adventure",
  live_music: "live music",
  bars: "bars",
  cultural: "cultural",
  wellness: "wellness",
};

const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? c;
const ORDINAL = ["first", "second", "third", "fourth"];
const capital = (s: string) => (s ? `${s[0].toUpperCase()}${s.slice(1)}` : s);
const miles = (d: number) => (Math.round(d * 10) / 10).toFixed(1);

function area(member: MemberProfile): string {
  return member.postcode ? (districtOf(member.postcode) ?? member.postcode) : "their postcode";
}

export interface MatchFacts {
  venue: VenueCandidate;
  category: string;
  slot: Slot;
  distance: number;
  parts: ScoreParts;
  previous: { category: string; at: Date } | null;
  price: string;
  /** When the words are written (options.now): a previous date still to come is named, never "last month's". */
  now?: Date;
  /** Set when the date is closer than MIN_DAYS_BETWEEN_DATES to another of the month's: the nearest one. */
  spacing?: { at: Date; days: number } | null;
}

/**
 * "last month's culinary date" only of a date in the calendar month before the new date's, and one that has
 * already happened when the words are written (else "last month" could mean two months to the reader);
 * otherwise the date is named: "their culinary date on 12 December".
 */
export function previousText(
  previous: { category: string; at: Date },
  slot: Pick<Slot, "parts">,
  now: Date | undefined,
): string {
  const prev = londonParts(previous.at);
  const lastMonth = slot.parts.year * 12 + slot.parts.month - (prev.year * 12 + prev.month) === 1;
  const happened = now === undefined || previous.at.getTime() <= now.getTime();
  const label = categoryLabel(previous.category);
  return lastMonth && happened
    ? `last month's ${label} date`
    : `their ${label} date on ${londonDayMonth(previous.at)}`;
}

/** 2-5 short reasons, most telling first. */
export function explainMatch(member: MemberProfile, f: MatchFacts): string[] {
  const reasons: string[] = [];
  const rank = categoryRank(member.dateTypes, f.category);
  if (rank >= 0) reasons.push(`Their #${rank + 1} date type: ${DATE_TYPE_LABELS[member.dateTypes[rank]]}`);
  else if (f.parts.universal) reasons.push("Wellness suits every couple");
  reasons.push(`${miles(f.distance)} miles from ${area(member)} (within their ${member.travelRadiusMiles})`);
  const wd = WEEKDAY_NAMES[f.slot.parts.weekday];
  const label = SLOT_TIMES[f.slot.time].label;
  reasons.push(`${capital(wd)} ${label}, their ${ORDINAL[f.slot.timeRank] ?? "chosen"}-choice time`);
  if (f.spacing) {
    reasons.push(
      `Only ${f.spacing.days} day${f.spacing.days === 1 ? "" : "s"} from their date on ${londonDayMonth(f.spacing.at)}: their chosen days leave no room to keep dates ${MIN_DAYS_BETWEEN_DATES} days apart`,
    );
  }
  const needs = [...new Set([...member.dietary, ...member.accessibility].map((s) => s.trim()))];
  if (needs.length > 0) reasons.push(`Caters for ${listText(needs)}`);
  const price = pricePhrase(member.dateSpend, member.openToTrying, f.price);
  if (price) reasons.push(price);
  if (f.previous && !f.parts.repeatCategory) {
    reasons.push(`Something different after ${previousText(f.previous, f.slot, f.now)}`);
  }
  if (f.parts.rating !== null && f.parts.rating >= 4) {
    reasons.push(`They rated similar dates ${f.parts.rating.toFixed(1)} out of 5`);
  }
  if (f.parts.asItself && reasons.length < 5) reasons.push(`${f.venue.name} itself (no set date idea)`);
  return reasons.slice(0, 5);
}

// ---------------------------------------------------------------------------------------------------------

function timesText(member: MemberProfile): string {
  const labels = [...new Set(member.times)].map((t) => SLOT_TIMES[t]?.label).filter(Boolean) as string[];
  return labels.length === 0 ? "" : listText(labels).replace(/ and /, " or ");
}

function windowText(start: number, end: number): string {
  return `${londonDayMonth(new Date(start))} and ${londonDayMonth(new Date(end))}`;
}

/** The rule that ruled everything out, with specifics. */
export function explainNoFit(
  member: MemberProfile,
  venues: readonly VenueCandidate[],
  options: PlannerOptions,
): string {
  const block = memberRuleBlock(member);
  if (block === "subscription") {
    return member.subscriptionStatus
      ? `Subscription is ${member.subscriptionStatus.replace(/_/g, " ")}, not active`
      : "No active subscription";
  }
  if (block === "tier") return "No subscription tier is set";
  if (member.scheduling.length === 0 || member.times.length === 0) {
    return "No days or times are chosen in the preferences";
  }
  const slots = slotFunnel(member, options);
  const times = timesText(member);
  if (slots.end < slots.start) return "No date can be planned in this window (it ends within 72 hours)";
  if (slots.candidates.length === 0) {
    return `None of their chosen days has ${/^[aeiou]/.test(times) ? "an" : "a"} ${times} slot between ${windowText(slots.start, slots.end)}`;
  }
  if (slots.afterPause.length === 0 && member.pausedUntil) {
    const from = member.pausedFrom;
    return from && from.getTime() > slots.start
      ? `Subscription is paused from ${londonDayMonth(from)} until ${londonDayMonth(member.pausedUntil)}`
      : `Subscription is paused until ${londonDayMonth(member.pausedUntil)}`;
  }
  if (slots.afterQuota.length === 0) return allowanceText(member, slots.afterPause);
  if (slots.free.length === 0) {
    return `No ${times} slot on their chosen days is free between ${windowText(slots.start, slots.end)}`;
  }
  if (!member.location) {
    return member.postcode
      ? `Postcode ${member.postcode} cannot be placed on the map`
      : "No postcode in the preferences";
  }
  const f = venueFunnel(member, venues);
  const where = `within ${member.travelRadiusMiles} mile${member.travelRadiusMiles === 1 ? "" : "s"} of ${area(member)}`;
  if (f.index.located.length === 0) return "No venue has a known location";
  if (f.inRadius.length === 0) {
    const nearest = nearestVenueMiles(venues, member.location);
    return `No venue ${where}${nearest === null ? "" : ` (the nearest is ${miles(nearest)} miles away)`}`;
  }
  if (f.dietary.length === 0)
    return needsText(member.dietary, f.inRadius, "dietary", `No venue ${where} offers`);
  if (f.access.length === 0) {
    return needsText(member.accessibility, f.dietary, "accessibility", `No venue ${where} has`);
  }
  const suiting =
    member.dietary.length + member.accessibility.length > 0
      ? ` that caters for ${listText([...member.dietary, ...member.accessibility])}`
      : "";
  if (f.priced.length === 0) {
    return `No venue ${where}${suiting} fits their ${member.dateSpend ?? ""} budget`.replace("  ", " ");
  }
  if (f.allowed.length === 0) {
    return `All ${f.priced.length} venue${f.priced.length === 1 ? "" : "s"} ${where} that fit are excluded for this couple`;
  }
  const last = lastVisits(member);
  const fresh = f.allowed.filter((c) => slots.free.some((s) => revisitOk(last, c.p.v.id, s.t)));
  if (fresh.length === 0) {
    return `Every venue ${where} that fits was visited in the last 6 months or is already planned`;
  }
  const sober = fresh.filter(
    (c) => c.p.ideas.length === 0 || c.p.ideas.some((i) => member.alcoholOk || !i.alcohol),
  );
  if (sober.length === 0) return `The venues ${where} that fit only offer alcohol-led dates`;
  const budget = sober.filter(
    (c) => c.p.ideas.length === 0 || c.p.ideas.some((i) => staticIdeaOk(member, i)),
  );
  if (budget.length === 0) {
    return `No date idea at the venues ${where} that fit is in their ${member.dateSpend ?? ""} budget`;
  }
  const timed = budget.filter(
    (c) =>
      c.p.ideas.length === 0 ||
      c.p.ideas.some(
        (i) =>
          staticIdeaOk(member, i) &&
          slots.free.some(
            (s) =>
              i.timeOfDay === s.timeOfDay &&
              seasonFits(i.season, s.parts.month) &&
              revisitOk(last, c.p.v.id, s.t),
          ),
      ),
  );
  if (timed.length === 0) {
    const months = [...new Set(slots.free.map((s) => monthKeyName(s.yearMonth)))];
    return `No date idea at the venues ${where} that fit runs in the ${times} in ${listText(months)}`;
  }
  if (options.slotFull) {
    return `Every venue ${where} that fits is fully booked at their times in this pass`;
  }
  return "No venue, date idea and time fit every rule together";
}

/**
 * Every month searched has no allowance left: one month is named with its dates; several are named as the
 * whole window ("All 3 months searched (November to January) are fully planned").
 */
function allowanceText(member: MemberProfile, slots: readonly Slot[]): string {
  const months = [...new Set(slots.map((s) => s.yearMonth))];
  const plannedIn = (ym: string) =>
    member.history.filter((h) => h.status !== "cancelled" && londonMonthKey(h.scheduledDate) === ym).length;
  if (months.length === 1) {
    const planned = plannedIn(months[0]);
    const name = monthKeyName(months[0]);
    return planned > 0
      ? `${name}'s ${planned} date${planned === 1 ? " is" : "s are"} already planned`
      : `${name}'s allowance of dates is used up`;
  }
  const first = monthKeyName(months[0]);
  const last = monthKeyName(months[months.length - 1]);
  const searched =
    months.length === 2
      ? `Both months searched (${first} and ${last})`
      : `All ${months.length} months searched (${first} to ${last})`;
  return months.every((ym) => plannedIn(ym) > 0)
    ? `${searched} are fully planned`
    : `${searched} have no dates left in the allowance`;
}

function needsText(
  needs: readonly string[],
  pool: readonly { p: PreparedVenue }[],
  kind: "dietary" | "accessibility",
  prefix: string,
): string {
  const missing = needs.filter((n) => !pool.some((c) => c.p[kind].has(norm(n))));
  if (missing.length > 0) return `${prefix} ${listText(missing.map((s) => s.trim()))}`;
  return `${prefix} ${listText(needs.map((s) => s.trim()))} together`;
}
