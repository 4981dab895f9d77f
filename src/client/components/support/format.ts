/** Times in support conversations, as London sees them. */
import {
  londonFormat,
  londonParts,
  londonShortDate,
  londonShortDayMonth,
  londonTime,
  sameLondonDay,
} from "../../../shared/london-time.ts";

/** "Today, 14:05", "Yesterday, 09:12", "3 Mar" or "3 Mar 2024": short, for lists. */
export function formatShortWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (sameLondonDay(at, now)) return `Today, ${londonTime(at)}`;
  if (sameLondonDay(at, yesterday)) return `Yesterday, ${londonTime(at)}`;
  return londonParts(at).year === londonParts(now).year ? londonShortDayMonth(at) : londonShortDate(at);
}

/** "Mon, 3 Mar 2025, 14:05": for a message in a thread. */
export function formatFullWhen(iso: string): string {
  return londonFormat({
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}
