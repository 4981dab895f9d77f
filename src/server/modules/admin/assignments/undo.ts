/**
 * POST /api/admin/assignments/:assignmentId/undo: puts back the back office's last change to a date
 * while its mail is still held (undo-state.ts), so the couple never hears of it. A created date is removed (its
 * allowance returned, a suggestion it booked approved again); a cancel is reverted (status restored, allowance
 * taken again, venue exclusion lifted); a reinstatement is reverted (cancelled again, allowance returned).
 */
import { and, eq } from "drizzle-orm";
import type { UndoKind, UndoResult, UndoState } from "../../../../shared/admin/assignment-status.ts";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { londonMonthKey } from "../../../../shared/london-time.ts";
import { isDateStatus, type MemberDateStatus } from "../../../../shared/schemas/dates.ts";
import type { Tx } from "../../../db/client.ts";
import { aiDateSuggestions, dateReservations } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict } from "../../../http-error.ts";
import type { Actor } from "../../audit/record.ts";
import { consumeQuota, returnQuota } from "../../quota/quota.ts";
import { lockVenueAndCheckRoom } from "../../rulebook/check.ts";
import { auditAssignment, dateWords } from "./audit.ts";
import { readAssignment } from "./query.ts";
import { refuseClash } from "./service.ts";
import { liftExclusion, lockDateAndCouple, takeBackForCancel } from "./status.ts";

const KINDS: readonly UndoKind[] = ["created", "cancelled", "reinstated", "moved"];

/** The stored undo_state, or null when there is none (or it is not one this code wrote). */
function readUndoState(raw: unknown): UndoState | null {
  if (!raw || typeof raw !== "object") return null;
  const s = raw as Record<string, unknown>;
  if (!KINDS.includes(s.kind as UndoKind) || !isDateStatus(s.status) || typeof s.scheduledDate !== "string")
    return null;
  const before = s.before as UndoState["before"] | undefined;
  if (
    s.kind === "moved" &&
    (!before || typeof before.scheduledDate !== "string" || !isDateStatus(before.status))
  )
    return null;
  return {
    kind: s.kind as UndoKind,
    previousStatus: isDateStatus(s.previousStatus) ? s.previousStatus : null,
    status: s.status,
    scheduledDate: s.scheduledDate,
    ...(before ? { before } : {}),
  };
}

export async function undoChange(deps: Deps, id: number, actor: Actor | null = null): Promise<UndoResult> {
  return deps.db.transaction(async (tx) => {
    const result = await undoIn(deps, tx, id);
    await auditUndo(tx, actor, result);
    return result;
  });
}

/** The audit row of an undo: the date before the undo and as it stands after (null: a booking removed). */
export async function auditUndo(
  tx: Tx,
  actor: Actor | null,
  result: UndoResult & { before: AdminAssignment },
): Promise<void> {
  await auditAssignment(tx, {
    actor,
    action: "undo",
    summary: `${result.message}: ${dateWords(result.before)}`,
    before: result.before,
    after: result.assignment,
  });
}

/** Undoes the date's last change inside the caller's transaction (a bulk undo runs many in one). */
export async function undoIn(
  deps: Deps,
  tx: Tx,
  id: number,
): Promise<UndoResult & { before: AdminAssignment }> {
  const { couple, dateRow } = await lockDateAndCouple(tx, id);
  const before = (await readAssignment(tx, id))!;
  const state = readUndoState(dateRow.undoState);
  if (!state) throw conflict(ASSIGNMENT_MSG.undoNothing);
  const now = deps.now();
  if (!dateRow.mailHoldUntil || dateRow.mailHoldUntil.getTime() <= now.getTime())
    throw conflict(ASSIGNMENT_MSG.undoTooLate);
  if (dateRow.status !== state.status || dateRow.scheduledDate.toISOString() !== state.scheduledDate)
    throw conflict(ASSIGNMENT_MSG.undoChanged);
  const message = ASSIGNMENT_MSG.undone[state.kind];

  if (state.kind === "created") {
    await returnQuota(tx, couple?.allowanceOwner.id ?? dateRow.userId, dateRow.scheduledDate);
    await tx
      .update(aiDateSuggestions)
      .set({ status: "approved", reservationId: null })
      .where(and(eq(aiDateSuggestions.reservationId, id), eq(aiDateSuggestions.status, "booked")));
    await tx.delete(dateReservations).where(eq(dateReservations.id, id));
    return { kind: state.kind, message, assignment: null, before };
  }

  if (state.kind === "moved" && state.before) {
    // Back to its time, venue and idea, two minutes at most ago; its old time is asked for a clash again, and
    // the allowance moves back when the move changed the month.
    const b = state.before;
    const at = new Date(b.scheduledDate);
    if (b.venueId !== null) {
      const full = await lockVenueAndCheckRoom(tx, b.venueId, at, b.dateIdeaId, dateRow.id, now);
      if (full) throw conflict(`${ASSIGNMENT_MSG.undoChanged}: ${full}`);
    }
    if (couple) {
      await refuseClash(tx, couple.ids, at, dateRow.id);
      if (londonMonthKey(at) !== londonMonthKey(dateRow.scheduledDate)) {
        await returnQuota(tx, couple.allowanceOwner.id, dateRow.scheduledDate);
        await consumeQuota(tx, couple, at, { allowOver: true });
      }
    }
    await tx
      .update(dateReservations)
      .set({
        scheduledDate: at,
        venueId: b.venueId,
        dateIdeaId: b.dateIdeaId,
        status: b.status,
        venueStatus: b.venueStatus,
        venueReference: b.venueReference,
        venueAnsweredAt: b.venueAnsweredAt ? new Date(b.venueAnsweredAt) : null,
        revealedAt: b.revealedAt ? new Date(b.revealedAt) : null,
        confirmedAt: b.confirmedAt ? new Date(b.confirmedAt) : null,
        ...(typeof b.mailRound === "number" ? { mailRound: b.mailRound } : {}),
        mailHoldUntil: null,
        undoState: null,
      })
      .where(eq(dateReservations.id, id));
    return { kind: state.kind, message, assignment: await readAssignment(tx, id), before };
  }

  let status: MemberDateStatus;
  if (state.kind === "cancelled") {
    // The date is live again, as before the cancel, two minutes at most ago (the undo window). It was booked
    // under the rulebook then (or overridden, on the record); what can change in the window is another
    // booking at the time or of the month's allowance, so those two are asked again.
    if (couple) {
      await refuseClash(tx, couple.ids, dateRow.scheduledDate, dateRow.id);
      await consumeQuota(tx, couple, dateRow.scheduledDate);
    }
    // Its place at the venue may have been taken in the meantime.
    if (dateRow.venueId !== null) {
      const full = await lockVenueAndCheckRoom(
        tx,
        dateRow.venueId,
        dateRow.scheduledDate,
        dateRow.dateIdeaId,
        dateRow.id,
        now,
      );
      if (full) throw conflict(`${ASSIGNMENT_MSG.undoChanged}: ${full}`);
    }
    if (dateRow.venueId !== null) await liftExclusion(tx, dateRow.userId, dateRow.venueId, dateRow.id);
    status = state.previousStatus ?? "scheduled";
  } else {
    await takeBackForCancel(tx, couple, dateRow, now);
    status = "cancelled";
  }
  await tx
    .update(dateReservations)
    .set({ status, mailHoldUntil: null, undoState: null })
    .where(eq(dateReservations.id, id));
  return { kind: state.kind, message, assignment: await readAssignment(tx, id), before };
}
