/** The couple on the back office's member page and in the Assign Date dialog (issue #16, part 5). */
import { DATE_TYPE_LABELS, TIME_LABELS } from "../constants.ts";
import type { AdminPartner } from "./members.ts";

/** One of the two people: whether they have answered the questionnaire (a row of preferences) at all. */
export interface AdminCouplePerson {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  answered: boolean;
}

/** One need (a dietary restriction or an access need) and whose it is. */
export interface AdminNeed {
  need: string;
  userIds: number[];
}

export interface AdminCoupleNeeds {
  /** Whose questionnaire the shared answers (place, budget, date types, days, times) come from; null if nobody's. */
  sharedFromId: number | null;
  postcode: string | null;
  travelRadius: number | null;
  dateSpend: string | null;
  /** Date types in the couple's ranked order. */
  dateTypes: string[];
  /** Times of day in the couple's ranked order. */
  times: string[];
  scheduling: { weekOfMonth: number; dayOfWeek: string }[];
  openToTrying: boolean | null;
  /** Both partners' dietary restrictions merged (the engine honours them all), each with whose it is. */
  dietary: AdminNeed[];
  accessibility: AdminNeed[];
  /** Each partner who answered: whether alcohol is fine for them. A date avoids bars if either says no. */
  alcohol: { userId: number; alcoholOk: boolean }[];
}

/** One partner's rating of one of the couple's dates. */
export interface AdminDateRating {
  reservationId: number;
  userId: number;
  /** Who wrote it, as the back office names them ("Deleted member" for a deleted account). */
  author: string;
  rating: number;
  feedback: string | null;
  ratedAt: string;
}

export interface AdminCoupleAllowance {
  /** Whose monthly quota rows count the couple's dates. */
  ownerId: number;
  tier: string | null;
  year: number;
  month: number;
  allowed: number;
  used: number;
  remaining: number;
}

/** GET /api/admin/users/:userId/couple */
export interface AdminCouple {
  memberId: number;
  partner: AdminPartner | null;
  planHolderId: number | null;
  /** The plan the couple is on: the holder's; without one, the member's own (lapsed or none). */
  plan: {
    holderId: number | null;
    tier: string | null;
    status: string | null;
    currentPeriodEnd: string | null;
    pausedUntil: string | null;
    /** Where the month off starts (after dates the couple kept, or at the end of the paid cycle). */
    pausedFrom: string | null;
  };
  allowance: AdminCoupleAllowance;
  /** The member first, then the partner. */
  people: AdminCouplePerson[];
  needs: AdminCoupleNeeds;
  /** Every rating of the couple's dates, oldest date first, then by when it was written. */
  ratings: AdminDateRating[];
}

const MONTHS = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });

/** "December 2031". */
export function monthName(year: number, month: number): string {
  return `${MONTHS.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;
}

/** "1 of 2 dates in December 2031". */
export function allowanceText(a: Pick<AdminCoupleAllowance, "used" | "allowed" | "year" | "month">): string {
  return `${a.used} of ${a.allowed} date${a.allowed === 1 ? "" : "s"} in ${monthName(a.year, a.month)}`;
}

const ORDINAL = ["", "1st", "2nd", "3rd", "4th"];
const DAY_ORDER = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Fridays (1st, 3rd) · Saturdays (every week)": the chosen days, each with its weeks of the month. */
export function schedulingText(list: AdminCoupleNeeds["scheduling"]): string {
  const byDay = new Map<string, number[]>();
  for (const s of list) byDay.set(s.dayOfWeek, [...(byDay.get(s.dayOfWeek) ?? []), s.weekOfMonth]);
  return [...byDay.entries()]
    .sort(([a], [b]) => DAY_ORDER.indexOf(a) - DAY_ORDER.indexOf(b))
    .map(([day, weeks]) => {
      const w = [...new Set(weeks)].sort((a, b) => a - b);
      return `${cap(day)}s (${w.length >= 4 ? "every week" : w.map((n) => ORDINAL[n] ?? `${n}th`).join(", ")})`;
    })
    .join(" · ");
}

export const dateTypeLabel = (t: string): string =>
  Object.hasOwn(DATE_TYPE_LABELS, t) ? DATE_TYPE_LABELS[t as keyof typeof DATE_TYPE_LABELS] : t;

/** "Evenings" (the short form of the time label). */
export const timeLabel = (t: string): string =>
  Object.hasOwn(TIME_LABELS, t) ? TIME_LABELS[t as keyof typeof TIME_LABELS].replace(/ \(.*\)$/, "") : t;
