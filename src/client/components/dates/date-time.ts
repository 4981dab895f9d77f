import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import {
  londonDayMonth,
  londonFullDay,
  londonShortDay,
  londonTime12,
  londonWeekday,
} from "../../../shared/london-time.ts";
import type { MemberDate } from "../../../shared/member-api.ts";

/** Dates happen in London: every day and time is shown on London's clock, wherever the phone is. */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** "Saturday" */
export function formatWeekday(iso: string): string {
  return londonWeekday(new Date(iso));
}

/** "14 June" */
export function formatDayMonth(iso: string): string {
  return londonDayMonth(new Date(iso));
}

/** "Saturday 14 June 2026" */
export function formatFullDay(iso: string): string {
  return londonFullDay(new Date(iso));
}

/** "Sat 14 Jun" */
export function formatShortDay(iso: string): string {
  return londonShortDay(new Date(iso));
}

/** "7.30 pm", the British way of writing a time. */
export function formatTime(iso: string): string {
  return londonTime12(new Date(iso)).replace(":", ".");
}

/** "Sat 14 Jun, 7.30 pm" */
export function formatShortDateTime(iso: string): string {
  return `${formatShortDay(iso)}, ${formatTime(iso)}`;
}

/** "3 hours", "1 hour", "1.5 hours" */
export function formatDuration(hours: number): string {
  const text = Number.isInteger(hours) ? String(hours) : hours.toFixed(1).replace(/\.0$/, "");
  return `${text} ${hours === 1 ? "hour" : "hours"}`;
}

/** Milliseconds until the details unlock: the time to the date minus the reveal window, never below 0. */
export function msUntilReveal(date: Pick<MemberDate, "scheduledDate">, now: number): number {
  return Math.max(0, new Date(date.scheduledDate).getTime() - REVEAL_WINDOW_HOURS * HOUR_MS - now);
}

/** The spec's countdown: whole hours to the date minus 48, never below 0. */
export function hoursUntilReveal(date: Pick<MemberDate, "scheduledDate">, now: number): number {
  return Math.floor(msUntilReveal(date, now) / HOUR_MS);
}

/** "Reveals in 3 days", "Reveals in 5 hours", "Reveals within the hour" */
export function revealsInText(date: Pick<MemberDate, "scheduledDate">, now: number): string {
  const ms = msUntilReveal(date, now);
  if (ms <= 0) return "Revealing now";
  if (ms < HOUR_MS) return "Reveals within the hour";
  if (ms < 2 * DAY_MS) {
    const hours = Math.floor(ms / HOUR_MS);
    return `Reveals in ${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  // Nearest whole day: 3 days 23 hours reads better as 4 days than as 3.
  return `Reveals in ${Math.round(ms / DAY_MS)} days`;
}

/** "Tonight at 7.30 pm", "Tomorrow at 7.30 pm", "In 2 days" for a revealed date still to come. */
export function startsText(date: Pick<MemberDate, "scheduledDate">, now: number): string {
  const ms = new Date(date.scheduledDate).getTime() - now;
  if (ms <= 0) return "Happening now";
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return "Starts within the hour";
  return `Starts in ${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** Whole hours as days and hours: 184 -> "7 days 16 hours", 48 -> "2 days", 25 -> "1 day 1 hour". */
export function daysAndHours(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = [];
  if (days > 0) parts.push(`${days} ${days === 1 ? "day" : "days"}`);
  if (rest > 0 || days === 0) parts.push(`${rest} ${rest === 1 ? "hour" : "hours"}`);
  return parts.join(" ");
}

/** The date's booked time has come (a date marked completed ahead of its day has not happened yet). */
export function hasHappened(date: MemberDate, now: number = Date.now()): boolean {
  return new Date(date.scheduledDate).getTime() <= now;
}

/** Marked completed by the team before its booked time: neither upcoming nor yet to be rated. */
export function completedAhead(date: MemberDate, now: number = Date.now()): boolean {
  return date.status === "completed" && !hasHappened(date, now);
}

/** Upcoming: still to come and not cancelled. Past: passed or completed (spec section 4). */
export function splitDates(dates: readonly MemberDate[]): { upcoming: MemberDate[]; past: MemberDate[] } {
  const upcoming = dates.filter((d) => !d.isPast && d.status !== "cancelled");
  // The most recent adventure first.
  const past = dates.filter((d) => d.isPast).reverse();
  return { upcoming, past };
}
