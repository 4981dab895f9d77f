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
