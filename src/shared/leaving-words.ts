/**
 * The words of leaving and of the plan offer to a partner: days of dates, and what depends on the offer.
 * Apart from leaving.ts (which re-exports them) so that the dashboard's banner can use them without bringing
 * zod into the member's everyday code.
 */
import { londonParts, londonShortDay, londonTime } from "./london-time.ts";

/** "Fri 4 Dec, 19:30" on London's clock; the year is added when it is not the year of `now`. */
export function dateWhen(at: Date, now: Date): string {
  const year = londonParts(at).year;
  const shown = year !== londonParts(now).year ? ` ${year}` : "";
  return `${londonShortDay(at)}${shown}, ${londonTime(at)}`;
}

/** "Fri 4 Dec" on London's clock; the year is added when it is not the year of `now`. */
export function dateDay(at: Date, now: Date): string {
  return dateWhen(at, now).replace(/, \d{2}:\d{2}$/, "");
}

/** "Fri 4 Dec", "Fri 4 Dec and Sat 12 Dec", "Fri 4 Dec, Sat 12 Dec and Fri 18 Dec". */
export function listDays(days: string[]): string {
  return days.length <= 1 ? days.join("") : `${days.slice(0, -1).join(", ")} and ${days[days.length - 1]}`;
}

/**
 * To the partner offered the membership, after "Set up your own Direct Debit by ... to keep the ... membership."
 * (the dashboard's banner and the e-mail say it the same way): which dates depend on it and which go ahead
 * either way, or that nothing but the membership itself does.
 */
export function offerDependsText(kept: string[], atRisk: string[]): string {
  const total = kept.length + atRisk.length;
  if (total === 0) return "Nothing depends on it except the membership itself.";
  if (atRisk.length === 0)
    return total === 1
      ? `Your date (${kept[0]}) goes ahead either way, so nothing depends on it except the membership itself.`
      : `Your ${total} dates (${listDays(kept)}) go ahead either way, so nothing depends on it except the membership itself.`;
  const which =
    atRisk.length === total
      ? total === 1
        ? "Your date"
        : total === 2
          ? "Both your dates"
          : `All ${total} of your dates`
      : `${atRisk.length} of your dates`;
  const depends = `${which} (${listDays(atRisk)}) ${atRisk.length === 1 ? "depends" : "depend"} on it`;
  if (kept.length === 0) return `${depends}.`;
  return `${depends}; ${listDays(kept)} ${kept.length === 1 ? "goes" : "go"} ahead either way.`;
}
