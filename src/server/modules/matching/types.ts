/**
 * The matching engine's contract. The engine itself is pure (no HTTP, no database): the venue index
 * (venue-index.ts), the rule funnel (../rulebook/funnel.ts), the ranking (engine.ts) and its words (explain.ts).
 * load.ts reads members and venues from PostgreSQL into these shapes; plan.ts runs the engine for many
 * members in one pass; the admin routes, the suggestion writer and the CLI only call these functions.
 *
 *   findMatches(member, venues, options) -> MatchResult          (engine.ts, pure)
 *   loadMember(deps, userId) -> MemberProfile | null             (load.ts; null: no preferences / not found)
 *   loadVenues(deps) -> VenueCandidate[]                         (load.ts; every venue with its active ideas)
 *   planMonth(deps, { month?, dryRun, triggeredBy? }) -> PlanSummary   (plan.ts)
 */
import type { DATE_TYPES, DAYS_OF_WEEK, PRICE_LEVELS, TIMES_OF_DAY } from "../../../shared/constants.ts";
import type { VenueEvening } from "../../../shared/venue-hours.ts";

export type DateType = (typeof DATE_TYPES)[number];
export type TimeOfDayPref = (typeof TIMES_OF_DAY)[number];
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export type PriceLevel = (typeof PRICE_LEVELS)[number];

export interface LatLng {
  lat: number;
  lng: number;
}

/** One member as the engine sees them: their rules merged with their linked partner's where they are needs. */
export interface MemberProfile {
  userId: number;
  /** The mutually linked partner, or null. */
  partnerId: number | null;
  /** Display name for explanations ("Alex"). */
  name: string;
  tier: string | null;
  subscriptionStatus: string | null;
  /** The end of a booked month off: no date in [pausedFrom, pausedUntil). */
  pausedUntil: Date | null;
  /**
   * When the pause begins (plan_accounts.pause_starts_at: a pause that starts after dates the couple kept). With it,
   * no date may fall in [pausedFrom, pausedUntil); null or absent: the pause holds from now to pausedUntil.
   */
  pausedFrom?: Date | null;
  /** The end of a gifted plan (plan_accounts.gifted_until): no date at or after it. Null or absent: no end. */
  planEndsAt?: Date | null;
  /** Normalised postcode ("SW1A 1AA") and where it is; location null when it cannot be placed. */
  postcode: string | null;
  location: LatLng | null;
  travelRadiusMiles: number;
  /** "£" | "££" | "£££" (null: not answered). */
  dateSpend: string | null;
  openToTrying: boolean;
  alcoholOk: boolean;
  /** Ranked, best first. */
  dateTypes: DateType[];
  /** Ranked, best first. */
  times: TimeOfDayPref[];
  /** Week of month 1-4 (days 1-7, 8-14, 15-21, 22-28 of the London month) x day of week. */
  scheduling: { weekOfMonth: number; dayOfWeek: DayOfWeek }[];
  /** Union of the member's and partner's, as stored (labels such as "Halal"). */
  dietary: string[];
  accessibility: string[];
  /** user_venue_exclusions of the member and partner. */
  excludedVenueIds: number[];
  /** The couple's dates that are not cancelled (past and future), newest first. */
  history: {
    reservationId: number;
    venueId: number | null;
    venueType: string | null;
    category: string | null;
    scheduledDate: Date;
    status: string;
    rating: number | null;
  }[];
  /** Dates the member may still have per London month ("2026-12" -> remaining), from user_monthly_quotas or the tier. */
  quotaRemaining: (yearMonth: string) => number;
}

export interface IdeaCandidate {
  id: number;
  title: string;
  category: string;
  priceLevel: string;
  season: string;
  timeOfDay: string;
  duration: number;
  tags: string[];
  requirements: string[];
}

export interface VenueCandidate {
  id: number;
  name: string;
  type: string;
  priceLevel: string;
  city: string;
  address: string | null;
  postcode: string | null;
  /** From the venue's coordinates, else its postcode; null when it cannot be placed (never matched). */
  location: LatLng | null;
  dietary: string[];
  accessibility: string[];
  /** Active ideas at this venue. A venue without ideas can still be matched as itself (category from its type). */
  ideas: IdeaCandidate[];
  /**
   * Why the venue cannot be booked at all ("Archived", "No booking e-mail", "No opening hours", ...); empty or
   * absent: bookable. Never planned or offered while not empty.
   */
  notBookable?: readonly string[];
  /** Its opening hours, closures and holiday opening (absent: no such rules, as in the engine's own tests). */
  evening?: VenueEvening;
  /** How many of our couples it takes at once (absent: no limit). */
  capacity?: number;
  /** Its dates already booked (not cancelled, from a day ago on): [start, end) in ms. */
  booked?: readonly (readonly [number, number])[];
}

export interface Match {
  venueId: number;
  venueName: string;
  venueType: string;
  venueAddress: string | null;
  /** null when the venue has no active idea that fits (the date is the venue itself). */
  dateIdeaId: number | null;
  dateIdeaTitle: string | null;
  category: string;
  scheduledDate: Date;
  distanceMiles: number;
  score: number;
  /** Short sentences on why this fits, shown to admins ("2.1 miles from SW1A", "Caters for Halal"). */
  reasons: string[];
  /** The price level the couple pays (the idea's, or the venue's when matched as itself): "low" | "medium" | "high". */
  priceLevel?: string;
}

export interface MatchResult {
  /** Best first; at most `limit`, each at a different venue. */
  matches: Match[];
  /** When matches is empty: the rule that ruled everything out ("No venue within 10 miles offers Halal"). */
  noFit: string | null;
}

export interface MatchOptions {
  now: Date;
  /** Slots considered: from max(now + 72 h, from) to `to`. */
  from: Date;
  to: Date;
  /** How many matches to answer (different venues). Default 1. */
  limit?: number;
  /** Dates already planned per venue in this pass (spread across venues). */
  venueLoad?: ReadonlyMap<number, number>;
}

export interface PlanSummary {
  runId: number | null;
  month: string;
  dryRun: boolean;
  membersConsidered: number;
  datesPlanned: number;
  membersUnplaced: number;
  /** Members left without a date and why (first few hundred). */
  unplaced: { userId: number; name: string; reason: string }[];
  /** The planned dates (dry run: what would be created). */
  planned: {
    userId: number;
    venueId: number;
    dateIdeaId: number | null;
    scheduledDate: string;
    reasons: string[];
  }[];
  elapsedMs: number;
}

/** The parts of a match's score (the ranking's scoreOf; explain.ts words them). */
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

/** Extra options for the monthly planner (a compatible extension of MatchOptions). */
export interface PlannerOptions extends MatchOptions {
  /** True when a venue already holds as many of this pass's couples at that instant as it may. */
  slotFull?: (venueId: number, at: number) => boolean;
  /** This pass's couples at the venue whose dates overlap [start, end) (counted against its capacity). */
  slotTaken?: (venueId: number, start: number, end: number) => number;
  /** Look at every venue in distance order, without the category shortcut (tests compare the two). */
  exhaustive?: boolean;
}
