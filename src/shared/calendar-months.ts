/**
 * Calendar-month arithmetic for plans and billing: a plan's paid cycle, a month off, an offer's remaining
 * cycles, a provider's charge dates, and how far ahead a date may be booked. Pure (UTC fields only, no
 * clock, no time zone), so the server's payments and subscriptions, the jobs and the rulebook share one
 * definition of "a month later".
 */

/** Calendar months later, clamped to the month's end (31 January + 1 month is 28/29 February). */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  const day = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

/** Whole billing cycles from `from` to `end`, a part-month counting as one. */
export function monthsUntil(from: Date, end: Date): number {
  let months = (end.getUTCFullYear() - from.getUTCFullYear()) * 12 + (end.getUTCMonth() - from.getUTCMonth());
  if (end.getUTCDate() > from.getUTCDate()) months++;
  return Math.max(0, months);
}

/** "2026-01-31" plus n months, clamped to the month's last day, as GoCardless expects (YYYY-MM-DD). */
export function addMonthsToDate(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}
