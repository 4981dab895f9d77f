import { addMonths } from "../../../shared/calendar-months.ts";

/**
 * How a member's month off reads at `now`, for every screen that shows it (member, Settings, back office): one
 * booked or running. One that has ended is not shown, even before the cycle job tidies it.
 */
export function pauseOf(
  u: { pausedUntil: Date | null; pauseStartsAt: Date | null },
  now: Date,
): { pausedFrom: string | null; pausedUntil: string | null } {
  if (!u.pausedUntil || u.pausedUntil <= now) return { pausedFrom: null, pausedUntil: null };
  return { pausedFrom: u.pauseStartsAt?.toISOString() ?? null, pausedUntil: u.pausedUntil.toISOString() };
}

/**
 * When the next collection starts, which is also when a tier change takes effect: the end of the paid cycle,
 * or, when a booked month off skips the payment due then, a month later. One answer for the change-plan call,
 * its message and every screen that announces the date, so none can say "16 December" while the payment that
 * day is skipped.
 */
export function nextCollectionStart(
  u: { subscriptionStatus: string | null; currentPeriodEnd: Date | null; pausedUntil: Date | null },
  now: Date,
): Date {
  const end = u.currentPeriodEnd && u.currentPeriodEnd > now ? u.currentPeriodEnd : now;
  // A booked month off skips the payment due at the end of the paid cycle, and only that one (pause.ts): the
  // next is a month later, even when the month off itself starts later, after dates the couple kept. While
  // the month off runs (status paused), the cycle's end is already the day payments resume.
  const skips =
    u.subscriptionStatus !== "paused" &&
    !!u.pausedUntil &&
    !!u.currentPeriodEnd &&
    u.pausedUntil > u.currentPeriodEnd;
  return skips ? addMonths(end, 1) : end;
}
