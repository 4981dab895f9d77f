import { useQueryClient } from "@tanstack/react-query";
import { Check, ShieldCheck, TriangleAlert, Wand2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { AdminAssignment, AssignmentFixProposal } from "../../../../shared/admin/assignments.ts";
import { keepDateSchema, OVERRIDE_REASON_MAX } from "../../../../shared/admin/rulebook.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { adminAttentionApi } from "../../../../shared/contract/admin-attention.ts";
import { call, invalidate } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { errorMessage, errorRules, isUnauthorizedError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useOneFieldErrors } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { refreshAfterDateChange, toastWithUndo } from "../undo/undo-toast.ts";

type Flagged = Pick<AdminAssignment, "id" | "ruleProblems" | "fixProposal">;

/** "Move to Leaf House · Leafy supper, same evening" */
export function fixText(fix: AssignmentFixProposal): string {
  return `Move to ${fix.venueName}${fix.ideaTitle ? ` · ${fix.ideaTitle}` : ""}, same evening`;
}

function refresh(queryClient: ReturnType<typeof useQueryClient>) {
  refreshAfterDateChange(queryClient);
  void invalidate(queryClient, adminAttentionApi.queue);
}

/**
 * A date that breaks a rule since it was booked (the re-check's ruleProblems): the rules in the rulebook's
 * words, the engine's best fix ("Move to {venue} · {idea}, same evening") with Accept fix (one click: the date
 * moves in place, with Undo while the couple's e-mail waits), and Keep with reason (a small dialog; the rules
 * are then overridden with the reason on the record). `compact`: the list row's form (no rules list; the
 * badge beside it names them). Nothing when the date breaks no rule.
 */
export function RuleFix({
  assignment: a,
  compact = false,
  showRules = !compact,
  onChanged,
  className,
}: {
  assignment: Flagged;
  compact?: boolean;
  showRules?: boolean;
  onChanged?: (updated: AdminAssignment) => void;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const [keeping, setKeeping] = useState(false);
  // Why the fix was refused, said here by the button (which keeps focus); the toast repeats it.
  const [refused, setRefused] = useState<string | null>(null);
  const accept = useSingleFlightMutation({
    mutationFn: () => call(adminAssignmentsApi.fixAccept, { params: { assignmentId: a.id }, body: {} }),
    onSuccess: (moved) => {
      setRefused(null);
      toastWithUndo(queryClient, {
        title: "Fix accepted",
        description: `The date moves to ${moved.venue?.name ?? "the new venue"}, same evening; the couple hears only of the new plan.`,
        assignmentId: moved.id,
      });
      refresh(queryClient);
      onChanged?.(moved);
    },
    onError: (error: unknown) => {
      const rules = errorRules(error);
      if (!isUnauthorizedError(error))
        setRefused(rules ? `The fix no longer fits: ${rules.join("; ")}` : errorMessage(error));
      toast({ title: "Fix not accepted", description: errorMessage(error), variant: "destructive" });
      refresh(queryClient);
    },
  });
  if (a.ruleProblems.length === 0) return null;
  const fix = a.fixProposal;
  return (
    <div className={cn("grid gap-2", className)} data-testid="rule-fix">
      {showRules && (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {a.ruleProblems.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {fix ? (
        <p className={cn("flex items-start gap-1.5", compact ? "text-xs" : "text-sm")}>
          <Wand2 aria-hidden className="mt-0.5 size-3.5 shrink-0 text-brand" />
          <span className="min-w-0 wrap-anywhere">
            <span className="sr-only">Proposed fix: </span>
            {fixText(fix)}
          </span>
        </p>
      ) : (
        <p className={cn("text-muted-foreground", compact ? "text-xs" : "text-sm")}>
          No other venue fits every rule that evening: move the date by hand, or keep it with a reason.
        </p>
      )}
      {refused && (
        <div role="alert" className="flex items-start gap-1.5 text-sm text-destructive-text">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{refused}</span>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {fix && (
          <Button
            size="sm"
            className="min-h-8"
            pending={accept.isPending}
            aria-label={compact ? `Accept fix (date ${a.id}): ${fixText(fix)}` : undefined}
            onClick={() => accept.mutate()}
          >
            <Check aria-hidden />
            {accept.isPending ? "Moving..." : "Accept fix"}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          className="min-h-8"
          disabled={accept.isPending}
          aria-label={compact ? `Keep with reason (date ${a.id})` : undefined}
          onClick={() => setKeeping(true)}
        >
          <ShieldCheck aria-hidden />
          Keep with reason
        </Button>
      </div>
      <KeepDialog assignment={a} open={keeping} onOpenChange={setKeeping} onKept={onChanged} />
    </div>
  );
}

/** Keep with reason: a required reason; the date's current rules are overridden with it. */
function KeepDialog({
  assignment: a,
  open,
  onOpenChange,
  onKept,
}: {
  assignment: Flagged;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onKept?: (updated: AdminAssignment) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [reason, setReason] = useState("");
  const errors = useOneFieldErrors();
  const keep = useSingleFlightMutation({
    mutationFn: (body: { reason: string }) =>
      call(adminAssignmentsApi.fixOverride, { params: { assignmentId: a.id }, body }),
    onSuccess: (kept) => {
      toast({
        title: "Date kept",
        description: "The rules it breaks are overridden, with your reason on record.",
      });
      refresh(queryClient);
      onOpenChange(false);
      setReason("");
      onKept?.(kept);
    },
    // The server's words at the top of the form (focused) and beside the reason.
    onError: errors.refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    const parsed = keepDateSchema.safeParse({ reason });
    if (!parsed.success) return errors.invalid(parsed.error.issues[0]?.message);
    keep.mutate(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) errors.clear();
        onOpenChange(o);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keep this date</DialogTitle>
          <DialogDescription>
            It stays as booked. The{" "}
            {a.ruleProblems.length === 1 ? "rule it breaks is" : "rules it breaks are"} overridden, with your
            reason on the record.
          </DialogDescription>
        </DialogHeader>
        <SummaryForm summary={errors.summary} id={formId} onSubmit={submit} className="grid gap-4">
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {a.ruleProblems.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <TextareaField
            id={errors.fieldId}
            label="Reason"
            value={reason}
            maxLength={OVERRIDE_REASON_MAX}
            rows={3}
            required
            error={errors.error}
            hint="For example: the venue confirmed they can cater for it."
            onChange={(e) => setReason(e.target.value)}
          />
          <FormDialogFooter
            pending={keep.isPending}
            onCancel={() => onOpenChange(false)}
            label="Keep date"
            busyLabel="Keeping..."
          />
        </SummaryForm>
      </DialogContent>
    </Dialog>
  );
}
