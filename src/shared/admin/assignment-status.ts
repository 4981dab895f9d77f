/**
 * The status machine of a date, shared so the inline select offers only the moves the server allows:
 * scheduled -> revealed -> confirmed -> completed, forwards only; cancelled from any state before completed;
 * a cancelled date reinstated as scheduled (or revealed inside the reveal window). Revealed and confirmed only
 * in the 48 hours before the date starts, completed only once it has started. A no-show is recorded through
 * its own action (who did not come, a note: POST .../no-show), never by the status select; a no-show can be
 * corrected to completed.
 */
import { z } from "zod";
import { POLICY, REVEAL_WINDOW_HOURS } from "../constants.ts";
import type { MemberDateStatus } from "../schemas/dates.ts";
import type { AssignmentStatus } from "./assignments.ts";
import { adminAssignmentSchema, ASSIGNMENT_MSG as M } from "./assignments.ts";

const HOUR = 3_600_000;
const PATH: readonly string[] = ["scheduled", "revealed", "confirmed", "completed"];

/** Why `from` -> `to` is refused (a 409's message), or null when allowed. The same status again is allowed. */
export function statusMoveRefusal(
  from: string,
  to: AssignmentStatus,
  scheduledDate: Date,
  now: Date,
): string | null {
  if (from === to) return null;
  const untilStart = scheduledDate.getTime() - now.getTime();
  const started = untilStart <= 0;
  const inRevealWindow = !started && untilStart <= REVEAL_WINDOW_HOURS * HOUR;
  if (to === "no_show") {
    if (from === "cancelled") return M.noShowCancelled;
    return started ? M.noShowUseAction : M.noShowBeforeStart;
  }
  if (from === "no_show") return to === "completed" ? null : M.noShowOnlyCompleted;
  if (from === "completed") return to === "cancelled" ? M.completedCannotCancel : M.completedFinal(to);
  if (to === "cancelled") return null;
  if (from === "cancelled") {
    if (to !== "scheduled" && to !== "revealed") return M.reinstateOnly(to);
    if (started) return M.reinstateStarted;
    if (untilStart < POLICY.confirmHoursBefore * HOUR) return M.reinstateTooLate;
    return to === "revealed" && !inRevealWindow ? M.revealOutsideWindow : null;
  }
  // A member-side state (a reschedule request) sits where "scheduled" does.
  const fromIndex = Math.max(0, PATH.indexOf(from));
  if (PATH.indexOf(to) < fromIndex) return M.backwards(from, to);
  if (to === "completed") return started ? null : M.completeBeforeStart;
  if (started) return M.startedOnlyCompleteOrCancel;
  if (to === "revealed" && !inRevealWindow) return M.revealOutsideWindow;
  if (to === "confirmed" && !inRevealWindow) return M.confirmOutsideWindow;
  return null;
}

/** A change that e-mails the couple, and so is held for the undo window: a cancel or a reinstatement. */
export function statusMoveKind(from: string, to: AssignmentStatus): "cancelled" | "reinstated" | null {
  if (from === to) return null;
  if (to === "cancelled") return "cancelled";
  return from === "cancelled" ? "reinstated" : null;
}

/** What Undo can put back (date_reservations.undo_state). */
export const UNDO_KINDS = ["created", "cancelled", "reinstated", "moved"] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];

export interface UndoState {
  kind: UndoKind;
  /** The status before the change (null for a date the change created). */
  previousStatus: MemberDateStatus | null;
  /** The date as the change left it: Undo refuses when it has moved on since (a member's reschedule, say). */
  status: MemberDateStatus;
  scheduledDate: string;
  /** A move: what the date was before it (Undo puts it back). */
  before?: {
    scheduledDate: string;
    venueId: number | null;
    dateIdeaId: number | null;
    status: MemberDateStatus;
    venueStatus: string;
    venueReference: string | null;
    venueAnsweredAt: string | null;
    revealedAt?: string | null;
    confirmedAt?: string | null;
    mailRound?: number;
  };
}

/** POST /api/admin/assignments/:assignmentId/undo: what was undone; `assignment` is null for a removed date. */
export const undoResultSchema = z
  .object({
    kind: z.enum(UNDO_KINDS),
    message: z.string(),
    assignment: adminAssignmentSchema.nullable(),
  })
  .meta({ id: "AdminUndoResult" });
export type UndoResult = z.infer<typeof undoResultSchema>;
