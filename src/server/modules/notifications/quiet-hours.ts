/**
 * Quiet hours for pushes and texts: none between 21:00 and 08:00 London time, except on the day of the date
 * itself (a member on their way at 20:30 or a date at 21:30 still hears about it). E-mail is not bound by them.
 * A message held by quiet hours is not claimed, so the next sweep after 08:00 sends it.
 */

/** Quiet from this London hour... */
export const QUIET_FROM_HOUR = 21;
/** ...until this one. */
export const QUIET_UNTIL_HOUR = 8;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function london(at: Date): { day: string; hour: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

/** The London calendar day of an instant, "2026-12-05". */
export function londonDayOf(at: Date): string {
  return london(at).day;
}

/**
 * True when a push or text must wait at `now`. `dateAt` is the date the message is about: on that London day
 * quiet hours do not apply.
 */
export function isQuietHour(now: Date, dateAt?: Date | null): boolean {
  const { day, hour } = london(now);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return false;
  return !(dateAt && londonDayOf(dateAt) === day);
}
