import { londonDay, londonShortDate } from "../../../shared/london-time.ts";

/** "14 March 2026", in London time. */
export function formatLongDate(iso: string): string {
  return londonDay(new Date(iso));
}

/** "14 Mar 2026", in London time. */
export function formatShortDate(iso: string): string {
  return londonShortDate(new Date(iso));
}
