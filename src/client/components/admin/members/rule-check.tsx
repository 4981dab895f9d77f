import { useQuery } from "@tanstack/react-query";
import { Ban, CircleCheck, TriangleAlert } from "lucide-react";
import type { CheckAssignmentInput } from "../../../../shared/admin/rulebook.ts";
import { OVERRIDE_REASON_MAX } from "../../../../shared/admin/rulebook.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { call } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/queryClient.ts";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { useDebounced } from "../common.tsx";

/**
 * The Assign dialog's live rulebook check (adminAssignmentsApi.check): asked again 400 ms after the
 * member, venue or time last changed. `current` is false while the answer is for an earlier choice.
 */
export function useRuleCheck(input: CheckAssignmentInput | null) {
  const key = input ? JSON.stringify(input) : null;
  const debounced = useDebounced(key, 400);
  const query = useQuery({
    queryKey: [adminAssignmentsApi.check.path, debounced],
    enabled: debounced !== null,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    queryFn: () => {
      // The choice the key holds, as it was written above.
      const body: CheckAssignmentInput = JSON.parse(debounced!);
      return call(adminAssignmentsApi.check, { body });
    },
  });
  const current = key !== null && key === debounced && query.isSuccess && !query.isFetching;
  return { ...query, current };
}

/** The override reason's box, which a refused "Assign anyway" focuses. */
export const OVERRIDE_REASON_ID = "override-reason";

/** What the check says: checking, not eligible, the rules broken (with the override reason), or all clear. */
export function RuleCheckPanel({
  check,
  reason,
  onReason,
  reasonError,
}: {
  check: ReturnType<typeof useRuleCheck>;
  reason: string;
  onReason: (text: string) => void;
  reasonError?: string;
}) {
  if (check.isError)
    return (
      <p role="alert" className="rounded-lg bg-destructive/10 px-3.5 py-2.5 text-sm text-destructive-text">
        Couldn't check the rules: {errorMessage(check.error)}
      </p>
    );
  if (!check.current || !check.data)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" label="Checking the rules" /> Checking the rules…
      </p>
    );
  const c = check.data;
  if (!c.eligible)
    return (
      <div
        role="alert"
        data-testid="rule-check"
        className="flex gap-2.5 rounded-lg border border-destructive-text/40 bg-destructive/10 p-3.5 text-sm"
      >
        <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive-text" />
        <div className="grid gap-0.5">
          <p className="font-medium text-destructive-text">Can't be booked</p>
          <p>{c.reason}</p>
        </div>
      </div>
    );
  const idea = c.dateIdea ? `Date idea: ${c.dateIdea.title}` : "The venue itself (no date idea)";
  if (c.broken.length === 0)
    return (
      <div role="status" data-testid="rule-check" className="flex gap-2.5 text-sm">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-text" />
        <div className="grid gap-0.5">
          <p className="font-medium text-success-text">Fits every rule</p>
          <p className="text-muted-foreground">{idea}</p>
        </div>
      </div>
    );
  const count = `${c.broken.length} rule${c.broken.length === 1 ? "" : "s"}`;
  return (
    <div className="grid gap-3">
      <div
        role="alert"
        data-testid="rule-check"
        className="grid gap-2 rounded-lg border border-accent/50 bg-accent/10 p-3.5 text-sm"
      >
        <p className="flex items-center gap-2 font-medium">
          <TriangleAlert aria-hidden className="size-4 shrink-0 text-accent-text" />
          This date breaks {count}
        </p>
        <ul className="grid list-disc gap-1 pl-6">
          {c.broken.map((r) => (
            <li key={r} className="wrap-anywhere">
              {r}
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">{idea}</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={OVERRIDE_REASON_ID}>Override reason</Label>
        <Textarea
          id={OVERRIDE_REASON_ID}
          value={reason}
          maxLength={OVERRIDE_REASON_MAX}
          onChange={(e) => onReason(e.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${reasonError ? "override-reason-error " : ""}override-reason-hint`}
          placeholder="Why this date should go ahead anyway (kept with the date)"
          className="min-h-20"
        />
        {reasonError && (
          <p id="override-reason-error" className="text-sm font-medium text-destructive-text">
            {reasonError}
          </p>
        )}
        <p id="override-reason-hint" className="flex justify-between gap-3 text-xs text-muted-foreground">
          <span>Kept with the date, with your name and the time.</span>
          <span className="tabular-nums">
            {reason.length}/{OVERRIDE_REASON_MAX}
          </span>
        </p>
      </div>
    </div>
  );
}
