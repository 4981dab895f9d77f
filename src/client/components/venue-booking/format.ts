/** How the venue's page words a booking's times and facts: London time, British English. */
import { londonFullDay, londonTime } from "../../../shared/london-time.ts";

/** "Friday 27 November 2026, 19:00" (London time). */
export function bookingWhen(iso: string): string {
  const at = new Date(iso);
  return `${londonFullDay(at)}, ${londonTime(at)}`;
}

/** "About 3 hours", "About 1 hour", "About 1.5 hours". */
export function aboutHours(hours: number): string {
  const n = Math.round(hours * 10) / 10;
  return `About ${n} ${n === 1 ? "hour" : "hours"}`;
}

/** "Party of 2". */
export const partyOf = (size: number): string => `Party of ${size}`;

/** A list of needs in words, or what to say when there are none. */
export function needsText(needs: string[], none = "None given"): string {
  return needs.length > 0 ? needs.join(", ") : none;
}
