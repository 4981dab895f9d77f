import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { statusMoveKind, statusMoveRefusal } from "../../../../shared/admin/assignment-status.ts";
import {
  type AdminAssignment,
  ASSIGNMENT_MSG,
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
} from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { OVERRIDE_REASON_MAX } from "../../../../shared/admin/rulebook.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { call } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { statusText } from "../../../lib/labels.ts";
import { errorRules, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import {
  dateWhen,
  newDateMail,
  refreshAfterDateChange,
  toastWithUndo,
  UNLESS_UNDONE,
} from "../undo/undo-toast.ts";

/**
 * The table's inline Status dropdown: only the moves the status machine allows (shared/admin/assignment-status.ts;
 * the others disabled with the reason). A cancel or a reinstatement e-mails the couple, so it asks first, naming
 * the e-mail, and its toast offers Undo while the mail waits; other moves are saved at once. One request at a time.
 */
export function AssignmentStatusSelect({
  assignment,
  className,
}: {
  assignment: AdminAssignment;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<AssignmentStatus | null>(null);
  // Putting a cancelled date back asks the rulebook again: the rules it now breaks, and the operator's reason.
  const [breaches, setBreaches] = useState<string[] | null>(null);
  const [reason, setReason] = useState("");
  const close = () => {
    setAsking(null);
    setBreaches(null);
    setReason("");
  };
  const who = assignment.user ? memberName(assignment.user) : `member ${assignment.userId}`;
  const when = dateWhen(assignment.scheduledDate);
  const change = useSingleFlightMutation({
    mutationFn: async (status: AssignmentStatus) =>
      await call(adminAssignmentsApi.status, {
        params: { assignmentId: assignment.id },
        body: { status, ...(breaches && reason.trim() ? { overrideReason: reason.trim() } : {}) },
      }),
    onSuccess: (saved, status) => {
      close();
      const kind = statusMoveKind(assignment.status, status);
      if (kind === "cancelled")
        toastWithUndo(queryClient, {
          title: "Date cancelled",
          description: `${who}'s date on ${when} is cancelled.`,
          assignmentId: saved.id,
        });
      else if (kind === "reinstated")
        toastWithUndo(queryClient, {
          title: "Date reinstated",
          description: `${who}'s date on ${when} is ${statusText(saved.status).toLowerCase()} again.`,
          assignmentId: saved.id,
        });
      else
        toast({
          title: ASSIGNMENT_MSG.statusUpdated,
          description: `The date is now ${statusText(saved.status).toLowerCase()}.`,
        });
      refreshAfterDateChange(queryClient);
    },
    onError: (error, status) => {
      const rules = errorRules(error);
      // A reinstatement that breaks rules stays open: the rules are listed and a written reason books it anyway.
      if (rules && rules.length > 0 && statusMoveKind(assignment.status, status) === "reinstated") {
        setBreaches(rules);
        return;
      }
      close();
      toastCallError(ASSIGNMENT_MSG.statusFailed, error);
    },
  });
  const current = change.isPending && change.variables ? change.variables : assignment.status;
  const known = (ASSIGNMENT_STATUSES as readonly string[]).includes(assignment.status);
  const now = new Date();
  const scheduled = new Date(assignment.scheduledDate);
  const askingKind = asking ? statusMoveKind(assignment.status, asking) : null;
  return (
    <>
      <Select
        value={current}
        disabled={change.isPending}
        onValueChange={(v) => {
          const status = v as AssignmentStatus;
          if (status === assignment.status || change.isPending) return;
          // What e-mails the couple is asked first; the rest is saved at once.
          if (statusMoveKind(assignment.status, status)) setAsking(status);
          else change.mutate(status);
        }}
      >
        <SelectTrigger
          className={cn("h-9 w-auto min-w-max", className)}
          aria-label={`Status of ${who}'s date`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {/* A member-side state (a reschedule request) shows as it is until an admin picks one of the five. */}
          {!known && (
            <SelectItem value={assignment.status} disabled>
              {statusText(assignment.status)}
            </SelectItem>
          )}
          {ASSIGNMENT_STATUSES.map((s) => {
            const refusal = statusMoveRefusal(assignment.status, s, scheduled, now);
            return (
              <SelectItem key={s} value={s} disabled={!!refusal} hint={refusal ?? undefined}>
                {statusText(s)}
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && close()}
        pending={change.isPending}
        title={
          askingKind === "cancelled"
            ? `Cancel ${who}'s date on ${when}?`
            : `Reinstate ${who}'s date on ${when}?`
        }
        description={
          askingKind === "cancelled"
            ? `They will be e-mailed a calendar cancellation ${UNLESS_UNDONE}. The date goes back to their month's allowance.`
            : `It takes one of their month's dates again, and they will be e-mailed ${newDateMail(assignment.scheduledDate)} ${UNLESS_UNDONE}.`
        }
        extra={
          breaches && (
            <div className="mt-3 grid gap-3 text-left" data-testid="reinstate-breaches">
              <div className="rounded-lg border border-destructive-text/40 p-3 text-sm">
                <p className="font-medium text-destructive-text">
                  Putting it back now breaks {breaches.length} rule{breaches.length === 1 ? "" : "s"}:
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {breaches.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
              <label htmlFor={`reinstate-reason-${assignment.id}`} className="text-sm font-medium">
                Override reason
              </label>
              <Textarea
                id={`reinstate-reason-${assignment.id}`}
                value={reason}
                maxLength={OVERRIDE_REASON_MAX}
                onChange={(e) => setReason(e.target.value)}
                placeholder="Why this date goes ahead anyway (kept on the record)"
              />
            </div>
          )
        }
        cancelLabel={askingKind === "cancelled" ? "Keep date" : "Not now"}
        confirmLabel={
          askingKind === "cancelled" ? "Cancel date" : breaches ? "Reinstate anyway" : "Reinstate date"
        }
        pendingLabel={askingKind === "cancelled" ? "Cancelling..." : "Reinstating..."}
        onConfirm={() => {
          if (!asking || change.isPending) return;
          if (breaches && !reason.trim()) return;
          change.mutate(asking);
        }}
      />
    </>
  );
}
