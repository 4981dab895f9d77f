/**
 * The audit rows of a date's changes in the back office (entity "assignment", the reservation's id, about its
 * member): created (Assign, Auto Assign, Create Booking, the planner), moved, status changed, overridden,
 * undone, cancelled, reinstated, no-show and venue feedback. Each row keeps the fields an operator cares about
 * before and after; it is written inside the change's transaction.
 */
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { londonDayTime } from "../../../../shared/london-time.ts";
import type { Tx } from "../../../db/client.ts";
import { type Actor, recordAudit } from "../../audit/record.ts";

/** The fields of a date an audit row compares. */
export function auditedFields(a: AdminAssignment | null): Record<string, unknown> | null {
  if (!a) return null;
  return {
    scheduledDate: a.scheduledDate,
    status: a.status,
    venue: a.venue ? `${a.venue.name} (${a.venue.id})` : null,
    idea: a.dateIdea?.title ?? null,
    venueAnswer: a.venueBooking.status,
    overrideReason: a.override?.reason ?? null,
    noShowBy: a.noShow?.by ?? null,
    noShowNote: a.noShow?.note ?? null,
    venueFeedback: a.venueFeedback,
  };
}

/** The date's London day and time ("Friday 5 June 2026 at 19:30"). */
export const whenWords = (a: Pick<AdminAssignment, "scheduledDate">): string =>
  londonDayTime(new Date(a.scheduledDate));

/** "Ann Lee's date on Friday 5 June 2026 at 19:30". */
export function dateWords(a: AdminAssignment): string {
  const who = a.user
    ? [a.user.firstName, a.user.lastName].filter(Boolean).join(" ") || a.user.email
    : `Member ${a.userId}`;
  return `${who}'s date on ${whenWords(a)}`;
}

/** Writes one assignment audit row inside `tx`; `before` null for a created date, `after` null for a removed one. */
export async function auditAssignment(
  tx: Tx,
  input: {
    actor: Actor | null;
    action: string;
    summary: string;
    before: AdminAssignment | null;
    after: AdminAssignment | null;
  },
): Promise<void> {
  const subject = input.after ?? input.before;
  if (!subject) return;
  await recordAudit(tx, {
    actor: input.actor,
    entity: "assignment",
    entityId: subject.id,
    action: input.action,
    summary: input.summary,
    before: auditedFields(input.before),
    after: auditedFields(input.after),
    subjectUserId: subject.userId,
  });
}
