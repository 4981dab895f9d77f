import { londonWallClock as wallClock } from "../../../../shared/london-time.ts";

/**
 * Dates in exports are real date cells. Excel has no time zones: a cell holds a wall-clock reading, so the
 * instant is written as London's wall clock (a Date whose UTC fields equal the London local time; ExcelJS
 * writes a Date from its UTC fields). The headers say "(London)".
 */
/** The London wall-clock reading of an instant, as a Date whose UTC fields carry it (seconds kept). */
export function londonWallClock(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  // Whole seconds, as the cells have always held.
  return wallClock(Math.floor(instant.getTime() / 1000) * 1000);
}

/** The London calendar day of an instant, as a Date at 00:00 UTC of that day. */
export function londonDay(value: string | Date | null | undefined): Date | null {
  const wall = londonWallClock(value);
  return wall && new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
}

/** Excel number formats for those cells: "14/05/2031" and "29/07/2031 19:30". */
export const DATE_FMT = "dd/mm/yyyy";
export const DATE_TIME_FMT = "dd/mm/yyyy hh:mm";
