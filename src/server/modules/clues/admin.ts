/**
 * The back office's clue editor: a date's clues as members will get them (derived, edited, added, hidden),
 * and saving the team's version. Only what differs from derivation is stored, so an untouched clue keeps
 * following the idea and venue; saving an empty list resets the date to its derived clues.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ASSIGNMENT_MSG } from "../../../shared/admin/assignments.ts";
import { memberName } from "../../../shared/admin/members.ts";
import { type AdminClues, CLUE_MSG, type ClueEdit } from "../../../shared/clues.ts";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { dateClues, dateReservations, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { baseQuery, toRow } from "../dates/service.ts";
import type { DateRow } from "../dates/view.ts";
import { clueSecrets, deriveClues } from "./derive.ts";
import { secretWords, spoilerWord } from "./guard.ts";
import { effectiveClues, unlockAt } from "./view.ts";

const HOUR = 3_600_000;

async function loadDate(deps: Pick<Deps, "db">, id: number): Promise<DateRow> {
  const [row] = await baseQuery(deps).where(eq(dateReservations.id, id)).limit(1);
  if (!row) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
  return toRow(row);
}

export async function getClues(deps: Pick<Deps, "db">, id: number): Promise<AdminClues> {
  const row = await loadDate(deps, id);
  const editorIds = [
    ...new Set(row.clueEdits.map((e) => e.updatedBy).filter((x): x is number => x !== null)),
  ];
  const editors = editorIds.length
    ? await deps.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, editorIds))
    : [];
  const names = new Map(editors.map((u) => [u.id, memberName(u)]));
  return {
    assignmentId: row.id,
    scheduledDate: row.scheduledDate.toISOString(),
    revealAt: new Date(row.scheduledDate.getTime() - REVEAL_WINDOW_HOURS * HOUR).toISOString(),
    clues: effectiveClues(deriveClues(row), row.clueEdits).map((c) => ({
      slot: c.slot,
      text: c.text,
      hoursBefore: c.hoursBefore,
      unlockAt: unlockAt(row.scheduledDate, c.hoursBefore).toISOString(),
      hidden: c.hidden,
      source: !c.edit ? "derived" : c.derived ? "edited" : "added",
      derived: c.derived ? { text: c.derived.text, hoursBefore: c.derived.hoursBefore } : null,
      updatedBy:
        c.edit?.updatedBy != null
          ? { id: c.edit.updatedBy, name: names.get(c.edit.updatedBy) ?? `Admin ${c.edit.updatedBy}` }
          : null,
      updatedAt: c.edit?.updatedAt.toISOString() ?? null,
    })),
  };
}

/** Refuses (422) any clue whose words would give the venue, its address or the idea away. */
function checkSpoilers(row: DateRow, clues: ClueEdit[]): void {
  const secret = secretWords(clueSecrets(row), "lenient");
  const errors = clues.flatMap((c, i) => {
    const word = spoilerWord(c.text, secret);
    return word ? [{ path: `clues.${i}.text`, message: CLUE_MSG.givesAway(word) }] : [];
  });
  if (errors.length) throw new HttpError(422, errors[0].message, {}, errors);
}

export async function saveClues(
  deps: Pick<Deps, "db">,
  id: number,
  clues: ClueEdit[],
  adminId: number,
): Promise<AdminClues> {
  const row = await loadDate(deps, id);
  checkSpoilers(row, clues);
  const derived = new Map(deriveClues(row).map((d) => [d.slot, d]));
  const existing = new Map(row.clueEdits.map((e) => [e.slot, e]));
  // A derived clue sent back as it is needs no row: it keeps following the idea and venue.
  const wanted = clues.filter((c) => {
    const d = derived.get(c.slot as never);
    return !(d && !c.hidden && d.text === c.text && d.hoursBefore === c.hoursBefore);
  });
  const changed = wanted.filter((c) => {
    const e = existing.get(c.slot);
    return !(e && e.text === c.text && e.hoursBefore === c.hoursBefore && e.hidden === c.hidden);
  });
  await deps.db.transaction(async (tx) => {
    const keep = wanted.map((c) => c.slot);
    await tx
      .delete(dateClues)
      .where(
        keep.length
          ? and(eq(dateClues.reservationId, id), notInArray(dateClues.slot, keep))
          : eq(dateClues.reservationId, id),
      );
    for (const c of changed) {
      const values = { text: c.text, hoursBefore: c.hoursBefore, hidden: c.hidden, updatedBy: adminId };
      await tx
        .insert(dateClues)
        .values({ reservationId: id, slot: c.slot, ...values })
        .onConflictDoUpdate({ target: [dateClues.reservationId, dateClues.slot], set: values });
    }
    // Every instance forgets the couple's cached dates at commit, as a change to the date's row would do.
    await tx.execute(
      sql`select pg_notify('auth_cache', 'd:' || ${dateReservations.userId}) from ${dateReservations} where ${dateReservations.id} = ${id}`,
    );
  });
  return getClues(deps, id);
}
