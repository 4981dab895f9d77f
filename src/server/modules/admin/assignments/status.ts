import { and, eq, ne } from "drizzle-orm";
import {
  type AdminAssignment,
  ASSIGNMENT_MSG,
  type AssignmentStatus,
} from "../../../../shared/admin/assignments.ts";
import { dateReservations, userVenueExclusions } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, notFound } from "../../../http-error.ts";
import { readCouple } from "../../couples/couple.ts";
import { readAssignment } from "./query.ts";
import { consumeQuota, returnQuota, type Tx } from "./quota.ts";
import { refuseClash } from "./service.ts";

/**
 * Sets an assignment's status (any of the five, spec section 4). Cancelling gives the month's date back
 * and keeps the venue out of the member's future matches; un-cancelling takes the date again (refused
 * when the month is used up or the time now clashes) and lifts that exclusion.
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
    const member = couple?.member ?? null;
    const ids = couple?.ids ?? [found.userId];
    const [res] = await tx.select().from(dateReservations).where(eq(dateReservations.id, id)).for("update");
    if (!res) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
    const now = deps.now();
    if (!member && res.status !== status && status !== "cancelled" && status !== "completed")
      throw conflict(ASSIGNMENT_MSG.memberDeleted);
    if (res.status !== status) {
      if (status === "cancelled") {
        await returnQuota(tx, couple?.allowanceOwner.id ?? res.userId, res.scheduledDate);
        if (res.venueId !== null)
          await tx
            .insert(userVenueExclusions)
            .values({ userId: res.userId, venueId: res.venueId, reason: "cancelled", excludedAt: now })
            .onConflictDoNothing();
      } else if (res.status === "cancelled" && couple) {
        await refuseClash(tx, ids, res.scheduledDate, res.id);
        await consumeQuota(tx, couple, res.scheduledDate);
        if (res.venueId !== null) await liftExclusion(tx, res.userId, res.venueId, res.id);
      }
    }
    await tx
      .update(dateReservations)
      .set({
        status,
        ...(status === "revealed" && !res.revealedAt ? { revealedAt: now } : {}),
        ...(status === "confirmed" && !res.confirmedAt ? { confirmedAt: now } : {}),
      })
      .where(eq(dateReservations.id, id));
    return (await readAssignment(tx, id))!;
  });
}

/** Removes a "cancelled" exclusion unless another cancelled date of the member at that venue explains it. */
async function liftExclusion(tx: Tx, userId: number, venueId: number, exceptId: number): Promise<void> {
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
