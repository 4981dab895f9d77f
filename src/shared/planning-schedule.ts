/**
 * The first-month promise: when a new plan's first date is booked, told to the member on
 * the dashboard and in the welcome e-mail from this one rule, and kept by the team (the back office's
 * "members needing dates" list is worked through each working day).
 *
 * The team books a new couple's first date within FIRST_DATE_BOOKING_WORKING_DAYS working days (Monday to
 * Friday, London) of their Direct Debit being set up. The date itself then falls on one of their chosen days,
 * at least 72 hours after it is booked.
 */
import { londonParts, londonWeekdayDayMonth } from "./london-time.ts";
export const FIRST_DATE_BOOKING_WORKING_DAYS = 2;

/** The subject line of the e-mail that brings a booked date's day and time ("Save the evening: ..."). */
export const BOOKED_MAIL_SUBJECT_START = "Save the evening";

const DAY_MS = 86_400_000;

/**
 * The London calendar day by which a plan set up at `setUpAt` has its first date booked: the day of
 * setting up counts as day 0, then FIRST_DATE_BOOKING_WORKING_DAYS weekdays are counted on from it. Answered
 * as noon UTC of that day (a date-only value) and as its label, "Friday 27 November".
 */
export function firstDateBookedBy(setUpAt: Date): { day: Date; label: string } {
  const { year: y, month: m, day: d } = londonParts(setUpAt);
  let t = Date.UTC(y, m - 1, d, 12);
  for (let left = FIRST_DATE_BOOKING_WORKING_DAYS; left > 0; ) {
    t += DAY_MS;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  const day = new Date(t);
  // Noon UTC is the same calendar day on London's clock, GMT or BST.
  return { day, label: londonWeekdayDayMonth(day) };
}

/**
 * The promise while it still lies ahead: null once its day has passed (the member then reads the general
 * "being planned" words, and the team sees the couple among those needing dates).
 */
export function pendingFirstDatePromise(setUpAt: Date, now: Date): { label: string } | null {
  const { day, label } = firstDateBookedBy(setUpAt);
  const { year: y, month: m, day: d } = londonParts(now);
  return Date.UTC(y, m - 1, d, 12) <= day.getTime() ? { label } : null;
}
