/**
 * Quiet hours for pushes and texts: none between 21:00 and 08:00 London time, except on the day of the date
 * itself (a member on their way at 20:30 or a date at 21:30 still hears about it). E-mail is not bound by them.
 * A message held by quiet hours is not claimed, so the next sweep after 08:00 sends it.
 */
import { londonParts, sameLondonDay } from "../../../shared/london-time.ts";

/** Quiet from this London hour... */
export const QUIET_FROM_HOUR = 21;
/** ...until this one. */
export const QUIET_UNTIL_HOUR = 8;

/**
 * True when a push or text must wait at `now`. `dateAt` is the date the message is about: on that London day
 * quiet hours do not apply.
 */
export function isQuietHour(now: Date, dateAt?: Date | null): boolean {
  const { hour } = londonParts(now);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return false;
  return !(dateAt && sameLondonDay(dateAt, now));
}
