/** Times in support conversations, as London sees them. */
const LONDON = "Europe/London";

const dayKey = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, dateStyle: "short" });
const time = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, hour: "2-digit", minute: "2-digit" });
const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, day: "numeric", month: "short" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  day: "numeric",
  month: "short",
  year: "numeric",
});
const full = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "Today, 14:05", "Yesterday, 09:12", "3 Mar" or "3 Mar 2024": short, for lists. */
export function formatShortWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (dayKey.format(at) === dayKey.format(now)) return `Today, ${time.format(at)}`;
  if (dayKey.format(at) === dayKey.format(yesterday)) return `Yesterday, ${time.format(at)}`;
  const sameYear =
    new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, year: "numeric" }).format(at) ===
    new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, year: "numeric" }).format(now);
  return sameYear ? dayMonth.format(at) : dayMonthYear.format(at);
}

/** "Mon, 3 Mar 2025, 14:05": for a message in a thread. */
export function formatFullWhen(iso: string): string {
  return full.format(new Date(iso));
}
