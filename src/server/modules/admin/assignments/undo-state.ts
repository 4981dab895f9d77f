/**
 * The undo window's bookkeeping on a date (date_reservations.mail_hold_until and undo_state): the date sweep
 * (jobs/dates.ts) sends nothing about a date while its mail is held, and Undo (undo.ts) reads what to put back.
 */
import { eq } from "drizzle-orm";
import type { UndoState } from "../../../../shared/admin/assignment-status.ts";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { UNDO_WINDOW_MS } from "../../../../shared/constants.ts";
import type { MemberDateStatus } from "../../../../shared/schemas/dates.ts";
import type { Tx } from "../../../db/client.ts";
import { dateReservations } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";

/** Holds the date's mail for the undo window from `now` and records what Undo restores (replacing any earlier). */
export async function holdForUndo(tx: Tx, id: number, now: Date, state: UndoState): Promise<void> {
  await tx
    .update(dateReservations)
    .set({ mailHoldUntil: new Date(now.getTime() + UNDO_WINDOW_MS), undoState: { ...state } })
    .where(eq(dateReservations.id, id));
}

/** Ends an earlier change's undo (a later change happened): its mail goes on the next sweep. */
export async function clearUndo(tx: Tx, id: number): Promise<void> {
  await tx
    .update(dateReservations)
    .set({ mailHoldUntil: null, undoState: null })
    .where(eq(dateReservations.id, id));
}

/** A date the back office has just created (Assign, Auto Assign, Create Booking): held, and Undo removes it. */
export async function holdCreatedForUndo(
  tx: Tx,
  now: Date,
  a: Pick<AdminAssignment, "id" | "scheduledDate"> & { status: MemberDateStatus },
) {
  await holdForUndo(tx, a.id, now, {
    kind: "created",
    previousStatus: null,
    status: a.status,
    scheduledDate: a.scheduledDate,
  });
}

/**
 * Runs `create` (a booking made inside the given transaction) and holds the new date's mail for Undo, in one
 * transaction, so no sweep can send the first mail between the booking and the hold. For POST
 * /api/admin/assignments, whose createAssignment takes the caller's transaction.
 */
export async function createdWithUndo(
  deps: Deps,
  create: (tx: Tx) => Promise<AdminAssignment>,
): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const created = await create(tx);
    await holdCreatedForUndo(tx, deps.now(), created);
    return created;
  });
}
