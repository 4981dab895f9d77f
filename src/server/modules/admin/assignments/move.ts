/**
 * POST /api/admin/assignments/:assignmentId/move: a date moved as one action, to another time, venue or idea.
 * The rulebook checks the new time and venue (the date itself is neither a clash nor a second allowance, nor
 * counted against the venue's capacity); an operator may override broken rules with a reason, as Assign does.
 * The date keeps its id, so its calendar entry keeps its UID (the hold sweep sends the couple one e-mail with
 * the updated entry, a higher SEQUENCE); the old venue is sent a cancellation and the new one a request by the
 * venue-bookings sweep once the undo window has passed. No exclusion is created. The same move, without an
 * undo window, re-plans a date its venue declined (venue-bookings/replan.ts).
 */
import { eq } from "drizzle-orm";
import { type AdminAssignment, ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { londonMonthKey } from "../../../../shared/london-time.ts";
import type { Tx } from "../../../db/client.ts";
import { dateIdeas, dateReservations, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, notFound } from "../../../http-error.ts";
import { assertFresh } from "../../audit/etag.ts";
import type { Actor } from "../../audit/record.ts";
import { consumeQuota, returnQuota } from "../../quota/quota.ts";
import { checkBooking } from "../../rulebook/check.ts";
import { auditAssignment, dateWords, whenWords } from "./audit.ts";
import { readAssignment } from "./query.ts";
import { auditOverride, rulebookRefusal } from "./service.ts";
import { lockDateAndCouple } from "./status.ts";
import { holdForUndo } from "./undo-state.ts";

export const MOVE_MSG = {
  notMovable: "Only a date still ahead can be moved (not a cancelled or completed one)",
  nothingToMove: "The date is already at that time and venue",
  moved: "Date moved",
} as const;

export interface MoveInput {
  scheduledDate: Date;
  venueId?: number;
  /** undefined: the date's idea when the venue stays, else the rulebook's pick; null: the venue itself. */
  dateIdeaId?: number | null;
  override?: { reason: string; by: number } | null;
  matchReasons?: string[] | null;
  /**
   * The state the caller read the date in (the re-plan of a declined date): refused (409) when the date has
   * changed since, so an operator's own fix in the meantime is never moved back.
   */
  expect?: { venueId: number | null; scheduledDate: Date; venueStatus: string };
  /** Who moves it (the audit row's actor); null or left out: the system (the re-plan of a declined date). */
  actor?: Actor | null;
  /** The audit row's words for the move ("Moved", "Re-planned"). */
  how?: string;
  /** The back office's If-Match: a stale one is refused (412) with nothing changed. */
  ifMatch?: string | null;
}

/** Moves a date inside the caller's transaction. `undo`: hold the couple's and venues' mail for the undo window. */
export async function moveDateIn(
  deps: Deps,
  tx: Tx,
  id: number,
  input: MoveInput,
  opts: { undo: boolean; mayOverride: boolean },
): Promise<AdminAssignment> {
  const { couple, dateRow } = await lockDateAndCouple(tx, id);
  const before = (await readAssignment(tx, id))!;
  await assertFresh(tx, {
    entity: "assignment",
    entityId: id,
    ifMatch: input.ifMatch ?? null,
    current: before,
  });
  const now = deps.now();
  if (dateRow.status === "cancelled" || dateRow.status === "completed" || dateRow.scheduledDate <= now)
    throw conflict(MOVE_MSG.notMovable);
  if (!couple) throw conflict(ASSIGNMENT_MSG.memberDeleted);
  const e = input.expect;
  if (
    e &&
    (e.venueId !== dateRow.venueId ||
      e.venueStatus !== dateRow.venueStatus ||
      e.scheduledDate.getTime() !== dateRow.scheduledDate.getTime())
  )
    throw conflict(ASSIGNMENT_MSG.undoChanged);
  const venueId = input.venueId ?? dateRow.venueId;
  if (venueId === null) throw notFound(ASSIGNMENT_MSG.venueNotFound);
  const sameVenue = venueId === dateRow.venueId;
  const dateIdeaId =
    input.dateIdeaId !== undefined ? input.dateIdeaId : sameVenue ? dateRow.dateIdeaId : undefined;
  if (
    sameVenue &&
    dateIdeaId === dateRow.dateIdeaId &&
    input.scheduledDate.getTime() === dateRow.scheduledDate.getTime()
  )
    throw conflict(MOVE_MSG.nothingToMove);
  // Couple first, then the venue (every booking path's order): the capacity check holds until the commit.
  const [venue] = await tx
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.id, venueId))
    .for("no key update");
  if (!venue) throw notFound(ASSIGNMENT_MSG.venueNotFound);
  if (typeof dateIdeaId === "number") {
    const [idea] = await tx
      .select({ id: dateIdeas.id })
      .from(dateIdeas)
      .where(eq(dateIdeas.id, dateIdeaId))
      .for("key share");
    if (!idea) throw notFound(ASSIGNMENT_MSG.dateIdeaNotFound);
  }
  const answer = await checkBooking(
    deps,
    {
      userId: dateRow.userId,
      venueId,
      scheduledDate: input.scheduledDate,
      dateIdeaId,
      exceptReservationId: id,
    },
    tx,
  );
  const override = input.override ?? null;
  if (!answer.eligible || (answer.broken.length > 0 && !override))
    throw rulebookRefusal(answer, opts.mayOverride);
  const overridden = answer.broken.length > 0 && override !== null;
  // Another London month: the old month's date goes back, the new month's is taken.
  if (londonMonthKey(dateRow.scheduledDate) !== londonMonthKey(input.scheduledDate)) {
    await returnQuota(tx, couple.allowanceOwner.id, dateRow.scheduledDate);
    await consumeQuota(tx, couple, input.scheduledDate, { allowOver: overridden });
  }
  // Another venue or time is a new booking for the venue side (asked again, not revealed until it confirms); a
  // new idea alone keeps the venue's answer. The couple hears of it once: a date already revealed (or its hold
  // sent at this time) starts a new mail round, so its new hold or reveal goes out with the updated calendar
  // entry (same UID, higher SEQUENCE).
  const venueOrTime =
    venueId !== dateRow.venueId || input.scheduledDate.getTime() !== dateRow.scheduledDate.getTime();
  const wasRevealed =
    dateRow.revealedAt !== null || dateRow.status === "revealed" || dateRow.status === "confirmed";
  await tx
    .update(dateReservations)
    .set({
      scheduledDate: input.scheduledDate,
      venueId,
      dateIdeaId: answer.dateIdea?.id ?? null,
      ...(venueOrTime
        ? {
            // Not revealed at the new time until its venue confirms; a member's reschedule request is answered.
            status: "scheduled",
            revealedAt: null,
            confirmedAt: null,
            venueStatus: "pending",
            venueReference: null,
            venueAnsweredAt: null,
            ruleProblems: null,
            fixProposal: null,
            mailRound: wasRevealed ? dateRow.mailRound + 1 : dateRow.mailRound,
          }
        : { ruleProblems: null, fixProposal: null }),
      ...(input.matchReasons !== undefined ? { matchReasons: input.matchReasons } : {}),
      ...(overridden && override
        ? {
            overrideRules: answer.broken,
            overrideReason: override.reason,
            overriddenBy: override.by,
            overriddenAt: now,
          }
        : {}),
    })
    .where(eq(dateReservations.id, id));
  if (opts.undo) {
    await holdForUndo(tx, id, now, {
      kind: "moved",
      previousStatus: dateRow.status,
      status: "scheduled",
      scheduledDate: input.scheduledDate.toISOString(),
      before: {
        scheduledDate: dateRow.scheduledDate.toISOString(),
        venueId: dateRow.venueId,
        dateIdeaId: dateRow.dateIdeaId,
        status: dateRow.status,
        venueStatus: dateRow.venueStatus,
        venueReference: dateRow.venueReference,
        venueAnsweredAt: dateRow.venueAnsweredAt?.toISOString() ?? null,
        revealedAt: dateRow.revealedAt?.toISOString() ?? null,
        confirmedAt: dateRow.confirmedAt?.toISOString() ?? null,
        mailRound: dateRow.mailRound,
      },
    });
  }
  const after = (await readAssignment(tx, id))!;
  const actor = input.actor ?? null;
  await auditAssignment(tx, {
    actor,
    action: "move",
    summary: `${input.how ?? "Moved"} ${dateWords(before)} to ${whenWords(after)}${
      after.venue && after.venueId !== before.venueId ? ` at ${after.venue.name}` : ""
    }`,
    before,
    after,
  });
  if (overridden && after.override) await auditOverride(tx, actor, after, answer.broken);
  return after;
}

export async function moveAssignment(deps: Deps, id: number, input: MoveInput): Promise<AdminAssignment> {
  return deps.db.transaction((tx) => moveDateIn(deps, tx, id, input, { undo: true, mayOverride: true }));
}
