/**
 * The back office's clue editor: a date's clues as members will get them (derived, edited, added, hidden),
 * and saving the team's version. Only what differs from derivation is stored, so an untouched clue keeps
 * following the idea and venue; saving an empty list resets the date to its derived clues. The clue list is
 * one record (audit entity "clue", id = the date's): its read and save answer an ETag, a save with a stale
 * If-Match is refused (412), and each save writes an audit row of the clues it changed.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ASSIGNMENT_MSG } from "../../../shared/admin/assignments.ts";
import { memberName } from "../../../shared/admin/members.ts";
import { type AdminClues, CLUE_MSG, type ClueEdit } from "../../../shared/clues.ts";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import type { Tx } from "../../db/client.ts";
import { dateClues, dateReservations, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { assertFresh } from "../audit/etag.ts";
import { type Actor, recordAudit } from "../audit/record.ts";
import { baseQuery, toRow } from "../dates/service.ts";
import type { DateRow } from "../dates/view.ts";
import { clueSecrets, deriveClues } from "./derive.ts";
import { secretWords, spoilerOf } from "./guard.ts";
import { type EffectiveClue, effectiveClues, type StoredClue, unlockAt } from "./view.ts";

const HOUR = 3_600_000;

async function loadDate(deps: Pick<Deps, "db">, id: number): Promise<DateRow> {
  const [row] = await baseQuery(deps).where(eq(dateReservations.id, id)).limit(1);
  if (!row) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
  return toRow(row);
}

export async function getClues(deps: Pick<Deps, "db">, id: number): Promise<AdminClues> {
  return cluesOf(deps, await loadDate(deps, id));
}

/** The version of a date's clues behind its ETag: what members get (not the unlock times of a moved date). */
export function cluesVersion(c: AdminClues) {
  return c.clues.map(({ slot, text, hoursBefore, hidden, source }) => ({
    slot,
    text,
    hoursBefore,
    hidden,
    source,
  }));
}

/** The clues as an audit row shows them: one field per slot ("text · 24 h before", hidden ones marked). */
function auditView(clues: EffectiveClue[]): Record<string, string> {
  return Object.fromEntries(
    clues.map((c) => [c.slot, `${c.text} · ${c.hoursBefore} h before${c.hidden ? " (hidden)" : ""}`]),
  );
}

async function cluesOf(deps: Pick<Deps, "db">, row: DateRow): Promise<AdminClues> {
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

/**
 * Refuses (422) any clue whose words would give the venue, its street or address, the idea or the dress code
 * away, hidden ones too (a hidden clue may be shown again).
 */
function checkSpoilers(row: DateRow, clues: ClueEdit[]): void {
  const secret = secretWords(clueSecrets(row), "lenient");
  const errors = clues.flatMap((c, i) => {
    const spoiler = spoilerOf(c.text, secret);
    if (!spoiler) return [];
    const message =
      spoiler.what === "dress" ? CLUE_MSG.givesDressAway(spoiler.word) : CLUE_MSG.givesAway(spoiler.word);
    return [{ path: `clues.${i}.text`, message }];
  });
  if (errors.length) throw new HttpError(422, errors[0].message, {}, errors);
}

/**
 * Saves the team's clues for a date. With `ifMatch`, the date's row is locked and a save made since the
 * editor read them is refused (412, nothing changed); either way an audit row lists the slots that changed.
 */
export async function saveClues(
  deps: Pick<Deps, "db">,
  id: number,
  clues: ClueEdit[],
  adminId: number,
  by: { actor: Actor | null; ifMatch?: string | null } = { actor: null },
): Promise<AdminClues> {
  await deps.db.transaction(async (tx) => {
    // Locked first: another save of this date's clues waits here, so the read below is the current one.
    const [locked] = await tx
      .select({ id: dateReservations.id })
      .from(dateReservations)
      .where(eq(dateReservations.id, id))
      .for("update");
    if (!locked) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
    const row = await loadDate(deps, id);
    await assertFresh(tx, {
      entity: "clue",
      entityId: id,
      ifMatch: by.ifMatch ?? null,
      current: cluesVersion(await cluesOf(deps, row)),
    });
    await writeClues(tx, row, clues, adminId, by.actor);
  });
  return getClues(deps, id);
}

async function writeClues(tx: Tx, row: DateRow, clues: ClueEdit[], adminId: number, actor: Actor | null) {
  const id = row.id;
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
  {
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
  }
  const now = new Date();
  const stored: StoredClue[] = wanted.map((c) => {
    const e = existing.get(c.slot);
    const same = changed.every((x) => x.slot !== c.slot);
    return same && e ? e : { ...c, updatedBy: adminId, updatedAt: now };
  });
  const derivedList = deriveClues(row);
  const before = auditView(effectiveClues(derivedList, row.clueEdits));
  const after = auditView(effectiveClues(derivedList, stored));
  const reset = clues.length === 0;
  await recordAudit(tx, {
    actor,
    entity: "clue",
    entityId: id,
    action: reset ? "reset" : "update",
    summary: reset ? `Clues of date #${id} reset to the derived ones` : `Clues of date #${id} saved`,
    before,
    after,
    subjectUserId: row.userId,
  });
}
