import { and, eq, ne } from "drizzle-orm";
import { statusMoveKind, statusMoveRefusal } from "../../../../shared/admin/assignment-status.ts";
import {
  type AdminAssignment,
  ASSIGNMENT_MSG,
  type AssignmentStatus,
} from "../../../../shared/admin/assignments.ts";
import { dateReservations, userVenueExclusions } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, notFound } from "../../../http-error.ts";
import { type Couple, readCouple } from "../../couples/couple.ts";
import { readAssignment } from "./query.ts";
import { consumeQuota, returnQuota, type Tx } from "./quota.ts";
import { refuseClash } from "./service.ts";
import { clearUndo, holdForUndo } from "./undo-state.ts";

type DateReservation = typeof dateReservations.$inferSelect;

/**
 * PATCH /api/admin/assignments/:assignmentId/status: one move of the status machine (shared/admin/assignment-status.ts;
 * a wrong move is a 409 naming it, the same status again changes nothing). Cancelling gives the month's date back
 * and keeps the venue out of the member's future matches; reinstating takes the date again (checkReinstatement)
 * and lifts that exclusion. A cancel or a reinstatement e-mails the couple, so its mail waits the undo window
 * (undo.ts); any other move ends an earlier change's undo, so Undo never reverts a later change.
 */
export async function updateAssignmentStatus(
  deps: Deps,
  id: number,
  status: AssignmentStatus,
): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: dateReservations.userId })
      .from(dateReservations)
      .where(eq(dateReservations.id, id));
    if (!found) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
    // Member first, then the reservation: the same order as createAssignment, so no deadlock.
    // A deleted member's dates can still be tidied up (cancelled, completed) without the allowance rules.
    const couple = await readCouple(tx, found.userId, { lock: true });
    const [res] = await tx.select().from(dateReservations).where(eq(dateReservations.id, id)).for("update");
    if (!res) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
    if (res.status === status) return (await readAssignment(tx, id))!;
    const now = deps.now();
    const refusal = statusMoveRefusal(res.status, status, res.scheduledDate, now);
    if (refusal) throw conflict(refusal);
    if (!couple && status !== "cancelled" && status !== "completed")
      throw conflict(ASSIGNMENT_MSG.memberDeleted);
    if (status === "cancelled") await takeBackForCancel(tx, couple, res, now);
    else if (res.status === "cancelled" && couple) {
      await checkReinstatement(tx, couple, res);
      await consumeQuota(tx, couple, res.scheduledDate);
      if (res.venueId !== null) await liftExclusion(tx, res.userId, res.venueId, res.id);
    }
    // Reaching confirmed (or revealed) passes through the reveal: both times are kept once set.
    const revealedNow = (status === "revealed" || status === "confirmed") && !res.revealedAt;
    await tx
      .update(dateReservations)
      .set({
        status,
        ...(revealedNow ? { revealedAt: now } : {}),
        ...(status === "confirmed" && !res.confirmedAt ? { confirmedAt: now } : {}),
      })
      .where(eq(dateReservations.id, id));
    const kind = statusMoveKind(res.status, status);
    if (kind) {
      await holdForUndo(tx, id, now, {
        kind,
        previousStatus: res.status,
        status,
        scheduledDate: res.scheduledDate.toISOString(),
      });
    } else await clearUndo(tx, id);
    return (await readAssignment(tx, id))!;
  });
}

/**
 * THE RULEBOOK'S PLACE (issue #17 part 3): reinstating a cancelled date asks the rules again. Today that is the
 * clash check; the allowance is checked (and taken) by consumeQuota just after. When the rulebook module lands,
 * ask it here for the couple, venue, idea and time of `res`, and refuse (409) with the rules it names.
 */
export async function checkReinstatement(tx: Tx, couple: Couple, res: DateReservation): Promise<void> {
  await refuseClash(tx, couple.ids, res.scheduledDate, res.id);
}

/** A cancelled date's effects: its month's date back to the couple, its venue out of the member's matches. */
export async function takeBackForCancel(
  tx: Tx,
  couple: Couple | null,
  res: Pick<DateReservation, "userId" | "venueId" | "scheduledDate">,
  now: Date,
): Promise<void> {
  await returnQuota(tx, couple?.allowanceOwner.id ?? res.userId, res.scheduledDate);
  if (res.venueId !== null)
    await tx
      .insert(userVenueExclusions)
      .values({ userId: res.userId, venueId: res.venueId, reason: "cancelled", excludedAt: now })
      .onConflictDoNothing();
}

/** Removes a "cancelled" exclusion unless another cancelled date of the member at that venue explains it. */
export async function liftExclusion(
  tx: Tx,
  userId: number,
  venueId: number,
  exceptId: number,
): Promise<void> {
  const [other] = await tx
    .select({ id: dateReservations.id })
    .from(dateReservations)
    .where(
      and(
        eq(dateReservations.userId, userId),
        eq(dateReservations.venueId, venueId),
        eq(dateReservations.status, "cancelled"),
        ne(dateReservations.id, exceptId),
      ),
    )
    .limit(1);
  if (other) return;
  await tx
    .delete(userVenueExclusions)
    .where(
      and(
        eq(userVenueExclusions.userId, userId),
        eq(userVenueExclusions.venueId, venueId),
        eq(userVenueExclusions.reason, "cancelled"),
      ),
    );
}
