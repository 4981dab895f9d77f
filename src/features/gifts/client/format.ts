import { formatMoney } from "../../../shared/billing-history.ts";
import { londonFormat, londonIsoDay } from "../../../shared/london-time.ts";

/** Today in London as "2026-11-26": the delivery day is checked against London's calendar, not the browser's. */
export function londonToday(now = new Date()): string {
  return londonIsoDay(now);
}

/** "2026-11-26" plus some days, as a day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "Thursday 24 December 2026", from a day ("2026-12-24") or a moment (a Date, or its JSON text). */
export function longDay(day: string | Date): string {
  const d =
    typeof day !== "string"
      ? day
      : /^\d{4}-\d{2}-\d{2}$/.test(day)
        ? new Date(`${day}T12:00:00Z`)
        : new Date(day);
  // The comma after the weekday stays here ("Thursday, 24 December 2026"), as the gift pages always showed it.
  return londonFormat({ weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(d);
}

export function monthsLabel(months: number): string {
  return `${months} month${months === 1 ? "" : "s"}`;
}

export { formatMoney };
