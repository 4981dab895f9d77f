/**
 * The operators' side of a venue's answer: a confirmation or a decline taken by phone (with its reference),
 * and a time the venue proposed, accepted (the date moves there, confirmed) or refused (the date is re-planned
 * like a decline). Every answer lands on the same request row as the venue's own link would.
 */
import { and, desc, eq } from "drizzle-orm";
import type { AdminAssignment } from "../../../shared/admin/assignments.ts";
import { ASSIGNMENT_MSG } from "../../../shared/admin/assignments.ts";
import type { Tx } from "../../db/client.ts";
import { dateReservations, venueBookings } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { conflict, notFound } from "../../http-error.ts";
import { auditAssignment, dateWords } from "../admin/assignments/audit.ts";
import { moveDateIn } from "../admin/assignments/move.ts";
import { readAssignment } from "../admin/assignments/query.ts";
import { lockDateAndCouple } from "../admin/assignments/status.ts";
import type { Actor } from "../audit/record.ts";
import { recordAnswer, type VenueAnswer } from "./answers.ts";
import { newToken } from "./booking-facts.ts";

export const VENUE_ADMIN_MSG = {
  noVenue: "This date has no venue to answer for",
  notOpen: "This date is not waiting for its venue (cancelled or already past)",
  noProposal: "The venue has not proposed another time for this date",
  recorded: "Venue's answer recorded",
} as const;

/** The date's current request (its venue and time), made now when none went out yet (the phone came first). */
async function currentRequest(deps: Deps, tx: Tx, id: number) {
  const { dateRow } = await lockDateAndCouple(tx, id);
  if (dateRow.venueId === null) throw conflict(VENUE_ADMIN_MSG.noVenue);
  if (dateRow.status === "cancelled" || dateRow.status === "completed" || dateRow.scheduledDate <= deps.now())
    throw conflict(VENUE_ADMIN_MSG.notOpen);
  const [latest] = await tx
    .select()
    .from(venueBookings)
    .where(
      and(
        eq(venueBookings.reservationId, id),
        eq(venueBookings.venueId, dateRow.venueId),
        eq(venueBookings.scheduledDate, dateRow.scheduledDate),
      ),
    )
    .orderBy(desc(venueBookings.id))
    .limit(1)
    .for("update");
  // A declined or cancelled request is closed: an answer by phone after it (the venue changed its mind) opens a
  // fresh one for the date as it is.
  if (latest && latest.status !== "cancelled" && latest.status !== "declined")
    return { dateRow, booking: latest };
  const [made] = await tx
    .insert(venueBookings)
    .values({
      reservationId: id,
      venueId: dateRow.venueId,
      scheduledDate: dateRow.scheduledDate,
      status: "requested",
      tokenHash: newToken().hash,
      expiresAt: dateRow.scheduledDate,
      requestedAt: deps.now(),
    })
    .returning();
  return { dateRow, booking: made };
}

/** POST /api/admin/assignments/:id/venue-booking/{confirm,decline}: an answer given by phone. */
export async function recordByOperator(
  deps: Deps,
  id: number,
  answer: Extract<VenueAnswer, { kind: "confirm" | "decline" }>,
  by: number,
  actor: Actor | null = null,
): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const { booking } = await currentRequest(deps, tx, id);
    const before = (await readAssignment(tx, id))!;
    await recordAnswer(deps, tx, booking, answer, by);
    const after = (await readAssignment(tx, id))!;
    await auditAssignment(tx, {
      actor,
      action: "venue_answer",
      summary: `Venue ${answer.kind === "confirm" ? "confirmed" : "declined"} by phone: ${dateWords(after)}`,
      before,
      after,
    });
    return after;
  });
}

/** POST /api/admin/assignments/:id/venue-booking/proposal: accept (the date moves, confirmed) or refuse it. */
export async function answerProposal(
  deps: Deps,
  id: number,
  accept: boolean,
  by: number,
  overrideReason: string | null,
  actor: Actor | null = null,
): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const { dateRow, booking } = await currentRequest(deps, tx, id);
    const before = (await readAssignment(tx, id))!;
    if (booking.status !== "proposed" || !booking.proposedDate) throw conflict(VENUE_ADMIN_MSG.noProposal);
    const now = deps.now();
    if (!accept) {
      await tx
        .update(venueBookings)
        .set({
          status: "declined",
          declineReason: "The time it proposed did not suit",
          answeredBy: by,
          // Re-planned next (replan.ts), escalated only when nothing fits.
          escalatedAt: null,
        })
        .where(eq(venueBookings.id, booking.id));
      await tx.update(dateReservations).set({ venueStatus: "declined" }).where(eq(dateReservations.id, id));
      const after = (await readAssignment(tx, id))!;
      await auditAssignment(tx, {
        actor,
        action: "venue_answer",
        summary: `The venue's proposed time refused: ${dateWords(after)}`,
        before,
        after,
      });
      return after;
    }
    const at = booking.proposedDate;
    await moveDateIn(
      deps,
      tx,
      id,
      {
        scheduledDate: at,
        venueId: dateRow.venueId ?? undefined,
        override: overrideReason ? { reason: overrideReason, by } : null,
        actor,
        how: "Moved (the venue's proposed time)",
      },
      { undo: false, mayOverride: true },
    );
    // The venue offered this time itself: its request now stands confirmed for it (no new request, no
    // cancellation of the old time).
    await tx
      .update(venueBookings)
      .set({ status: "confirmed", scheduledDate: at, expiresAt: at, answeredAt: now, answeredBy: by })
      .where(eq(venueBookings.id, booking.id));
    const updated = await tx
      .update(dateReservations)
      .set({ venueStatus: "confirmed", venueReference: booking.reference, venueAnsweredAt: now })
      .where(eq(dateReservations.id, id))
      .returning({ id: dateReservations.id });
    if (updated.length === 0) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
    return (await readAssignment(tx, id))!;
  });
}
