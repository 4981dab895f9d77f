/**
 * GET /api/dates/user as JSON text, kept per member while nothing it shows can have changed. The couple's rows
 * come from the session cache (the same array until a change of a date, a rating, a clue or either partner
 * forgets it, or it ages out), so the text made from them holds while the rows are the same array, the viewer's
 * own fields are the same, and the clock has not reached the next instant at which any date's answer turns:
 * its reveal, a deadline, a clue's unlock, the date itself, the end of rating (`changesAt`). The answer at
 * any time before that instant is the one made now, so a member is never shown a clue or a reveal early, nor
 * late. A clock that goes back (a test's) makes it again.
 */
import { POLICY, REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import type { MemberDate } from "../../../shared/member-api.ts";
import { memberDateListSchema } from "../../../shared/schemas/dates.ts";
import { visibleClues } from "../clues/view.ts";
import { type DateRow, RATING_WINDOW_DAYS } from "./view.ts";

const HOUR = 3_600_000;

/**
 * The instants at which toMemberDate's answer for `row` may turn (each comparison with the clock is against
 * one of these, with `<`, `<=`, `>` or `>=`, so the millisecond after is listed too).
 */
export function clockEdges(row: DateRow): number[] {
  const at = row.scheduledDate.getTime();
  const instants = [
    at - REVEAL_WINDOW_HOURS * HOUR,
    at - POLICY.confirmHoursBefore * HOUR,
    at - POLICY.rescheduleNoticeHours * HOUR,
    at,
    at + RATING_WINDOW_DAYS * 24 * HOUR,
    ...visibleClues(row, row.clueEdits).map((c) => c.unlockAt.getTime()),
  ];
  return instants.flatMap((t) => [t, t + 1]);
}

/** The first instant after `now` at which any of the rows' answers may turn (Infinity: none ahead). */
export function changesAt(rows: DateRow[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) for (const t of clockEdges(row)) if (t > now && t < next) next = t;
  return next;
}

/** What the text was made for: the rows (by identity), the viewer, and the instants it holds between. */
interface Entry {
  rows: DateRow[];
  viewer: string;
  madeAt: number;
  until: number;
  json: string;
}

/** At most this many members' texts (about 8 kB each for a couple with a few dates); the oldest go first. */
const MAX_ENTRIES = 2000;
const texts = new Map<number, Entry>();

/** The answer's text as the route's serializer would write it: encoded through the list's schema. */
export function encodeDates(dates: MemberDate[]): string {
  return JSON.stringify(memberDateListSchema.encode(dates));
}

/**
 * The JSON text of `make()`'s answer for the member `userId` viewing `rows` at `now`, reused while it holds.
 * `viewer` names everything else the answer depends on (partner, plan, this month's reschedule).
 */
export function datesJson(
  userId: number,
  rows: DateRow[],
  viewer: string,
  now: Date,
  make: () => MemberDate[],
): string {
  const at = now.getTime();
  const known = texts.get(userId);
  if (known && known.rows === rows && known.viewer === viewer && known.madeAt <= at && at < known.until)
    return known.json;
  const json = encodeDates(make());
  texts.delete(userId);
  if (texts.size >= MAX_ENTRIES) {
    const oldest = texts.keys().next();
    if (!oldest.done) texts.delete(oldest.value);
  }
  texts.set(userId, { rows, viewer, madeAt: at, until: changesAt(rows, at), json });
  return json;
}

/** Forgets every text (tests). */
export function clearDatesJson(): void {
  texts.clear();
}
