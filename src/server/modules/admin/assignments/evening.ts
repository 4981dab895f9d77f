/**
 * What happened on the evening (decision 0073). A date that has started can be marked as a no-show (status
 * no_show, who says so, their note, when): by an operator for the venue or the couple, or by the couple on their
 * date page (dates/no-show.ts). An operator records the venue's feedback. No rating is asked after a no-show:
 * the rating route refuses one, the completion sweep skips the date (it completes only revealed or confirmed
 * dates) and the rating e-mail is built only for a completed date.
 */
import { eq } from "drizzle-orm";
import { EVENING_MSG, type NoShowBy } from "../../../../shared/admin/assignment-evening.ts";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import type { Tx } from "../../../db/client.ts";
import { dateReservations } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict } from "../../../http-error.ts";
import { assertFresh } from "../../audit/etag.ts";
import type { Actor } from "../../audit/record.ts";
import { auditAssignment, dateWords } from "./audit.ts";
import { readAssignment } from "./query.ts";
import { lockDateAndCouple } from "./status.ts";

/** Why the date cannot be marked as a no-show now (a refusal's words), or null when it can. */
export function noShowRefusal(row: { status: string; scheduledDate: Date }, now: Date): string | null {
  if (row.status === "cancelled") return EVENING_MSG.cancelled;
  if (row.status === "no_show") return EVENING_MSG.already;
  if (row.scheduledDate.getTime() > now.getTime()) return EVENING_MSG.notStarted;
  return null;
}

/**
 * Marks the date as a no-show inside `tx`: status no_show with who says so, the note and the time; any held
 * undo ends (the change is not undone, a no-show is corrected to completed by the status select). 409 when
 * refused (not started, cancelled, already a no-show); 412 on a stale If-Match. Writes the audit row.
 */
export async function markNoShowIn(
  deps: Deps,
  tx: Tx,
  id: number,
  input: { by: NoShowBy; note: string | null },
  opts: { actor: Actor | null; ifMatch?: string | null },
): Promise<AdminAssignment> {
  const { dateRow } = await lockDateAndCouple(tx, id);
  const before = (await readAssignment(tx, id))!;
  await assertFresh(tx, {
    entity: "assignment",
    entityId: id,
    ifMatch: opts.ifMatch ?? null,
    current: before,
  });
  const now = deps.now();
  const refusal = noShowRefusal(dateRow, now);
  if (refusal) throw conflict(refusal);
  await tx
    .update(dateReservations)
    .set({
      status: "no_show",
      noShowBy: input.by,
      noShowNote: input.note,
      noShowAt: now,
      mailHoldUntil: null,
      undoState: null,
    })
    .where(eq(dateReservations.id, id));
  const after = (await readAssignment(tx, id))!;
  await auditAssignment(tx, {
    actor: opts.actor,
    action: "no_show",
    summary: `${EVENING_MSG.auditNoShow(input.by)}: ${dateWords(after)}`,
    before,
    after,
  });
  return after;
}

/** POST /api/admin/assignments/:assignmentId/no-show. */
export function markNoShow(
  deps: Deps,
  id: number,
  input: { by: NoShowBy; note: string | null },
  opts: { actor: Actor | null; ifMatch?: string | null },
): Promise<AdminAssignment> {
  return deps.db.transaction((tx) => markNoShowIn(deps, tx, id, input, opts));
}

/**
 * PUT /api/admin/assignments/:assignmentId/venue-feedback: what the venue said about the evening, once the date
 * has started (409 before). Replaces earlier feedback; audited; 412 on a stale If-Match.
 */
export function saveVenueFeedback(
  deps: Deps,
  id: number,
  feedback: string,
  opts: { actor: Actor | null; ifMatch?: string | null },
): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const { dateRow } = await lockDateAndCouple(tx, id);
    const before = (await readAssignment(tx, id))!;
    await assertFresh(tx, {
      entity: "assignment",
      entityId: id,
      ifMatch: opts.ifMatch ?? null,
      current: before,
    });
    if (dateRow.scheduledDate.getTime() > deps.now().getTime())
      throw conflict(EVENING_MSG.feedbackBeforeStart);
    if (before.venueFeedback === feedback) return before;
    await tx.update(dateReservations).set({ venueFeedback: feedback }).where(eq(dateReservations.id, id));
    const after = (await readAssignment(tx, id))!;
    await auditAssignment(tx, {
      actor: opts.actor,
      action: "venue_feedback",
      summary: `${EVENING_MSG.auditFeedback}: ${dateWords(after)}`,
      before,
      after,
    });
    return after;
  });
}
