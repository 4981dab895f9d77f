/**
 * The venue spreadsheet's Closures cell: "2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit". Each closure
 * is a day or a range of days (inclusive) and an optional reason, closures apart by ";" or a new line. Only the
 * cell's shape is read here: the days and their order are checked by the venue schema (closuresSchema), as
 * for the API.
 */
import type { Closure } from "../../../../../shared/venue-hours.ts";

export const CLOSURES_CELL_EXAMPLE = "2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit";

export const CLOSURES_CELL_MSG = {
  part: (text: string) => `"${text}" is not a closure: write it like ${CLOSURES_CELL_EXAMPLE}`,
  tooMany: "At most 100 closures",
} as const;

/** One closure as written in the cell (its text kept for messages). */
export interface ClosureCellItem {
  from: string;
  to: string;
  reason: string;
  text: string;
}

/** A day as YYYY-MM-DD, or as the UK writes it (24/12/2026). */
const DAY = String.raw`(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{4})`;
const PART = new RegExp(String.raw`^${DAY}(?:\s*(?:to|until|-|–|—)\s*${DAY})?(?:\s+([\s\S]*))?$`, "i");
/** Closures are split only where a day follows, so a reason may hold ";" and still read back as written. */
const SPLIT = /\s*[;\n]\s*(?=\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/\d{4})/;
const NONE = /^(?:none|no closures)$/i;

const pad = (n: string) => n.padStart(2, "0");
/** "2026-1-5" and "5/1/2026" -> "2026-01-05"; the schema decides whether that day exists. */
function isoDay(text: string): string {
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (uk) return `${uk[3]}-${pad(uk[2])}-${pad(uk[1])}`;
  const [y, m, d] = text.split("-");
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The cell's closures in its order, or what in it is not a closure. An empty cell is none. */
export function parseClosuresCell(cell: string): { closures: ClosureCellItem[] } | { errors: string[] } {
  const text = cell.trim().replace(/[;\s]+$/, "");
  if (text === "" || NONE.test(text)) return { closures: [] };
  const closures: ClosureCellItem[] = [];
  const errors: string[] = [];
  for (const part of text.split(SPLIT)) {
    const m = PART.exec(part);
    if (!m) {
      errors.push(CLOSURES_CELL_MSG.part(part.length > 60 ? `${part.slice(0, 60)}…` : part));
      continue;
    }
    const from = isoDay(m[1]);
    closures.push({ from, to: m[2] ? isoDay(m[2]) : from, reason: (m[3] ?? "").trim(), text: part });
  }
  if (closures.length > 100) errors.push(CLOSURES_CELL_MSG.tooMany);
  return errors.length > 0 ? { errors } : { closures };
}

/** Closures -> the cell: "2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit" (a one-day closure once). */
export function formatClosuresCell(closures: readonly Closure[]): string {
  return closures
    .map((c) => {
      const days = c.to && c.to !== c.from ? `${c.from} to ${c.to}` : c.from;
      return c.reason ? `${days} ${c.reason}` : days;
    })
    .join("; ");
}
