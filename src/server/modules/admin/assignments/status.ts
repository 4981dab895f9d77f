import { and, eq, inArray, ne } from "drizzle-orm";
import { statusMoveKind, statusMoveRefusal } from "../../../../shared/admin/assignment-status.ts";
import {
  type AdminAssignment,
  ASSIGNMENT_MSG,
  type AssignmentStatus,
} from "../../../../shared/admin/assignments.ts";
import type { Tx } from "../../../db/client.ts";
import { dateReservations, outboundMessages, userVenueExclusions, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, notFound } from "../../../http-error.ts";
import { assertFresh } from "../../audit/etag.ts";
import type { Actor } from "../../audit/record.ts";
import { type Couple, readCouple } from "../../couples/couple.ts";
import { DATE_MAIL_KINDS, roundOfKey } from "../../dates/mail-keys.ts";
import { consumeQuota, returnQuota } from "../../quota/quota.ts";
import { checkBooking } from "../../rulebook/check.ts";
import { auditAssignment, dateWords } from "./audit.ts";
import { readAssignment } from "./query.ts";
import { auditOverride, rulebookRefusal } from "./service.ts";
import { clearUndo, holdForUndo } from "./undo-state.ts";

/** A date as stored: its own row, nothing joined (dates/view.ts has the member view's `DateRow`). */
type StoredDate = typeof dateReservations.$inferSelect;

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
  override: { reason: string; by: number } | null = null,
  opts: { actor?: Actor | null; ifMatch?: string | null } = {},
): Promise<AdminAssignment> {
  return deps.db.transaction((tx) => changeStatusIn(deps, tx, id, status, override, opts));
}

/** updateAssignmentStatus inside the caller's transaction (a bulk cancel runs many in one). */
export async function changeStatusIn(
  deps: Deps,
  tx: Tx,
  id: number,
  status: AssignmentStatus,
  override: { reason: string; by: number } | null = null,
  opts: { actor?: Actor | null; ifMatch?: string | null } = {},
): Promise<AdminAssignment> {
  // A deleted member's dates can still be tidied up (cancelled, completed) without the allowance rules.
  const { couple, dateRow } = await lockDateAndCouple(tx, id);
  const before = (await readAssignment(tx, id))!;
  await assertFresh(tx, {
    entity: "assignment",
    entityId: id,
    ifMatch: opts.ifMatch ?? null,
    current: before,
  });
  if (dateRow.status === status) return before;
  const now = deps.now();
  const refusal = statusMoveRefusal(dateRow.status, status, dateRow.scheduledDate, now);
  if (refusal) throw conflict(refusal);
  if (!couple && status !== "cancelled" && status !== "completed")
    throw conflict(ASSIGNMENT_MSG.memberDeleted);
  let mailRound = dateRow.mailRound;
  let overriddenNow = false;
  if (status === "cancelled") await takeBackForCancel(tx, couple, dateRow, now);
  else if (dateRow.status === "cancelled" && couple) {
    // The venue's exclusion came from this very cancellation: lifted first, so the rulebook does not count it
    // (a refusal rolls the whole change back).
    if (dateRow.venueId !== null) await liftExclusion(tx, dateRow.userId, dateRow.venueId, dateRow.id);
    const overridden = await checkReinstatement(deps, tx, dateRow, override);
    overriddenNow = overridden;
    await consumeQuota(tx, couple, dateRow.scheduledDate, { allowOver: overridden });
    if (await cancellationWentOut(tx, dateRow)) mailRound = dateRow.mailRound + 1;
  }
  // A reinstated date is booked again: the venue is asked again (its earlier request was cancelled, or is
  // still open and stays so when the undo comes before the sweep).
  const reinstated = dateRow.status === "cancelled" && status !== "cancelled";
  // Reaching confirmed (or revealed) passes through the reveal: both times are kept once set.
  const revealedNow = (status === "revealed" || status === "confirmed") && !dateRow.revealedAt;
  await tx
    .update(dateReservations)
    .set({
      status,
      mailRound,
      ...(reinstated && dateRow.venueStatus === "cancelled" ? { venueStatus: "pending" } : {}),
      ...(revealedNow ? { revealedAt: now } : {}),
      ...(status === "confirmed" && !dateRow.confirmedAt ? { confirmedAt: now } : {}),
    })
    .where(eq(dateReservations.id, id));
  const kind = statusMoveKind(dateRow.status, status);
  if (kind) {
    await holdForUndo(tx, id, now, {
      kind,
      previousStatus: dateRow.status,
      status,
      scheduledDate: dateRow.scheduledDate.toISOString(),
    });
  } else await clearUndo(tx, id);
  const after = (await readAssignment(tx, id))!;
  const actor = opts.actor ?? null;
  await auditAssignment(tx, {
    actor,
    action: kind === "cancelled" ? "cancel" : kind === "reinstated" ? "reinstate" : "status",
    summary:
      kind === "cancelled"
        ? `Cancelled ${dateWords(after)}`
        : kind === "reinstated"
          ? `Reinstated ${dateWords(after)} as ${status}`
          : `Status of ${dateWords(after)}: ${dateRow.status} to ${status}`,
    before,
    after,
  });
  if (overriddenNow && after.override) await auditOverride(tx, actor, after, after.override.rules);
  return after;
}

/**
 * Locks a date's couple, then the date itself (404 when either read finds no date): the order every booking
 * path locks in, so two changes for one couple never deadlock. `couple` is null for a deleted member.
 */
export async function lockDateAndCouple(
  tx: Tx,
  id: number,
): Promise<{ couple: Couple | null; dateRow: StoredDate }> {
  const [found] = await tx
    .select({ userId: dateReservations.userId })
    .from(dateReservations)
    .where(eq(dateReservations.id, id));
  if (!found) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
  const couple = await readCouple(tx, found.userId, { lock: true });
  const [dateRow] = await tx.select().from(dateReservations).where(eq(dateReservations.id, id)).for("update");
  if (!dateRow) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
  return { couple, dateRow };
}

/**
 * Reinstating a cancelled date asks the rulebook again, as a new booking would (the date itself, being
 * cancelled, counts neither as a clash nor against the allowance): a couple that may no longer have dates is
 * refused (422), and a date that now breaks hard rules is refused (422 with the rules) unless the operator gives
 * a written reason, which is then stored with the date. Answers whether the rules were overridden.
 */
export async function checkReinstatement(
  deps: Deps,
  tx: Tx,
  dateRow: StoredDate,
  override: { reason: string; by: number } | null,
): Promise<boolean> {
  if (dateRow.venueId === null) return false;
  // The venue is locked first (after the couple), so its capacity holds until the date is back.
  await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, dateRow.venueId)).for("no key update");
  const answer = await checkBooking(
    deps,
    {
      userId: dateRow.userId,
      venueId: dateRow.venueId,
      scheduledDate: dateRow.scheduledDate,
      dateIdeaId: dateRow.dateIdeaId,
    },
    tx,
  );
  if (!answer.eligible || (answer.broken.length > 0 && !override)) throw rulebookRefusal(answer, true);
  if (answer.broken.length === 0 || !override) return false;
  await tx
    .update(dateReservations)
    .set({
      overrideRules: answer.broken,
      overrideReason: override.reason,
      overriddenBy: override.by,
      overriddenAt: deps.now(),
    })
    .where(eq(dateReservations.id, dateRow.id));
  return true;
}

/**
 * Whether the couple was already told of this round's cancellation (the "we cancelled it" mail or the calendar
 * cancellation went out). Then a reinstated date starts a new mail round (date_reservations.mail_round): its
 * hold, reveal and any later cancellation have new once-only keys (dates/mail-keys.ts), so the couple hears
 * of it again. A cancellation still waiting (the undo window) never went out, so the round stays.
 */
async function cancellationWentOut(tx: Tx, dateRow: StoredDate): Promise<boolean> {
  const sent = await tx
    .select({ key: outboundMessages.key })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.reservationId, dateRow.id),
        inArray(outboundMessages.kind, [DATE_MAIL_KINDS.cancelled, DATE_MAIL_KINDS.holdCancel]),
        eq(outboundMessages.status, "sent"),
      ),
    );
  return sent.some((m) => roundOfKey(m.key) === dateRow.mailRound);
}

/**
 * A cancelled date's effects: its month's date back to the couple. The venue is not excluded for the couple
 * (a cancellation says nothing about the venue; exclusions are only the members' own choices), and the venue
 * is told by the venue-bookings sweep once the undo window has passed.
 */
export async function takeBackForCancel(
  tx: Tx,
  couple: Couple | null,
  dateRow: Pick<StoredDate, "userId" | "venueId" | "scheduledDate">,
  _now: Date,
): Promise<void> {
  await returnQuota(tx, couple?.allowanceOwner.id ?? dateRow.userId, dateRow.scheduledDate);
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
