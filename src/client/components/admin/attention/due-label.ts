/** How an item's deadline reads on its card: "due in 3 h", "overdue by 1 day". */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function span(ms: number): string {
  if (ms < HOUR) {
    const m = Math.max(1, Math.round(ms / MINUTE));
    return `${m} min`;
  }
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  const d = Math.round(ms / DAY);
  return d === 1 ? "1 day" : `${d} days`;
}

/** The deadline relative to `now`, and whether it has passed. */
export function dueLabel(dueAt: string, now: number = Date.now()): { text: string; overdue: boolean } {
  const diff = new Date(dueAt).getTime() - now;
  return diff >= 0
    ? { text: `due in ${span(diff)}`, overdue: false }
    : { text: `overdue by ${span(-diff)}`, overdue: true };
}
