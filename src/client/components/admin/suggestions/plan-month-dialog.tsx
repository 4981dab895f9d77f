/**
 * Plan {Month}: the dialog first runs the planner as a dry run (who it considered, the dates it would plan,
 * who it cannot place and why), then "Plan N dates" applies it. One request per click: the buttons are
 * guarded while a call is in flight, and the planner itself never plans a couple twice.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarRange, RotateCcw, UserX } from "lucide-react";
import { useEffect, useRef } from "react";
import { monthLabel, PLANNING_MSG } from "../../../../shared/admin/planning.ts";
import { adminApi } from "../../../../shared/contract/admin.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { adminPlanningApi } from "../../../../shared/contract/admin-planning.ts";
import { adminSuggestionsApi } from "../../../../shared/contract/admin-suggestions.ts";
import type { AnswerOf } from "../../../../shared/contract/endpoint.ts";
import { call, invalidate, queryOf } from "../../../lib/api.ts";
import { errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlight } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { formatDateTimeGB } from "../common.tsx";

type AdminPlanSummary = AnswerOf<typeof adminPlanningApi.run>;

function runPlanning(month: string, dryRun: boolean) {
  return call(adminPlanningApi.run, { body: { month, dryRun } });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Figure({ label, value, tone }: { label: string; value: number; tone?: "warn" }) {
  return (
    <div className="rounded-xl border border-border bg-muted/40 p-3">
      <dt className="text-xs leading-snug text-muted-foreground">{label}</dt>
      <dd
        className={`mt-1 font-display text-2xl tabular-nums ${tone === "warn" && value > 0 ? "text-destructive-text" : ""}`}
      >
        {value}
      </dd>
    </div>
  );
}

function Preview({ s }: { s: AdminPlanSummary }) {
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Figure label="Members considered" value={s.membersConsidered} />
        <Figure label="Dates it would plan" value={s.datesPlanned} />
        <Figure label="Cannot place" value={s.membersUnplaced} tone="warn" />
      </dl>
      {s.planned.length > 0 && (
        <div className="grid gap-2">
          <h3
            id="plan-dates-heading"
            className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Dates it would plan
            {s.datesPlanned > s.planned.length && ` (first ${s.planned.length} of ${s.datesPlanned})`}
          </h3>
          <ScrollRegion
            labelledBy="plan-dates-heading"
            className="max-h-48 rounded-lg border border-border p-3"
          >
            <ul className="grid gap-2 text-sm">
              {s.planned.map((p, i) => (
                <li key={`${p.userId}-${p.scheduledDate}-${i}`} className="grid gap-0.5">
                  <span className="font-medium break-words">{p.memberName}</span>
                  <span className="text-xs break-words text-muted-foreground">
                    {p.dateIdeaTitle ? `${p.dateIdeaTitle} at ` : ""}
                    {p.venueName} · {formatDateTimeGB(p.scheduledDate)}
                  </span>
                </li>
              ))}
            </ul>
          </ScrollRegion>
        </div>
      )}
      {s.unplaced.length > 0 && (
        <div className="grid gap-2">
          <h3
            id="plan-unplaced-heading"
            className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Members it cannot place
          </h3>
          <ScrollRegion
            labelledBy="plan-unplaced-heading"
            className="max-h-48 rounded-lg border border-border p-3"
          >
            <ul className="grid gap-2 text-sm">
              {s.unplaced.map((u) => (
                <li key={u.userId} className="flex gap-2">
                  <UserX aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{u.name}</span>
                    <span className="text-muted-foreground"> · {u.reason}</span>
                  </span>
                </li>
              ))}
            </ul>
          </ScrollRegion>
        </div>
      )}
      {s.membersConsidered === 0 && (
        <p className="text-sm text-muted-foreground">
          No active member needs a date in {monthLabel(s.month)}.
        </p>
      )}
    </div>
  );
}

export function PlanMonthDialog({
  month,
  open,
  onOpenChange,
}: {
  month: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const once = useSingleFlight();
  const label = monthLabel(month);
  const preview = useMutation({ mutationFn: () => runPlanning(month, true) });
  const apply = useMutation({
    mutationFn: () => runPlanning(month, false),
    onSuccess: (s) => {
      toast({
        title: PLANNING_MSG.planned,
        description: `${plural(s.datesPlanned, "date")} planned for ${label}${
          s.membersUnplaced > 0 ? `; ${plural(s.membersUnplaced, "member")} could not be placed` : ""
        }.`,
      });
      for (const ep of [
        adminSuggestionsApi.needingDates,
        adminSuggestionsApi.list,
        adminAssignmentsApi.list,
        adminApi.stats,
        adminPlanningApi.runs,
      ])
        void invalidate(queryClient, ep);
      onOpenChange(false);
    },
    onError: (error) => toastCallError(PLANNING_MSG.failed, error),
  });

  // Each opening starts with a fresh dry run.
  const started = useRef(false);
  useEffect(() => {
    if (open && !started.current) {
      started.current = true;
      apply.reset();
      preview.reset();
      preview.mutate();
    }
    if (!open) started.current = false;
  }, [open, preview.mutate, preview.reset, apply.reset]);

  const runs = useQuery({ ...queryOf(adminPlanningApi.runs), enabled: open });
  const lastApplied = runs.data?.find((r) => !r.dryRun && r.status === "done" && r.month === month);

  const s = preview.data;
  const count = s?.datesPlanned ?? 0;
  const busy = preview.isPending || apply.isPending;

  return (
    <Dialog open={open} onOpenChange={(o) => !apply.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Plan {label}</DialogTitle>
          <DialogDescription>
            Every active member who still needs dates in {label} gets them in one pass, within their rules and
            spread across venues. This is a preview: nothing is booked until you confirm.
          </DialogDescription>
          {lastApplied && (
            <p className="text-xs text-muted-foreground" data-testid="plan-last-run">
              Last planned {formatDateTimeGB(lastApplied.finishedAt ?? lastApplied.startedAt)}
              {lastApplied.triggeredBy ? ` by ${lastApplied.triggeredBy.name}` : ""}:{" "}
              {plural(lastApplied.datesPlanned, "date")}.
            </p>
          )}
        </DialogHeader>
        <div className="mt-6" aria-live="polite" aria-busy={preview.isPending || undefined}>
          {preview.isPending ? (
            <div role="status" aria-label="Checking who can be planned" className="grid gap-3">
              <div className="grid grid-cols-3 gap-3">
                <Skeleton className="h-[4.5rem]" />
                <Skeleton className="h-[4.5rem]" />
                <Skeleton className="h-[4.5rem]" />
              </div>
              <Skeleton className="h-24" />
            </div>
          ) : preview.isError ? (
            <div className="grid gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
              <p className="font-medium">Couldn't preview the plan</p>
              <p className="text-muted-foreground">{errorMessage(preview.error)}</p>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => preview.mutate()}>
                <RotateCcw aria-hidden />
                Try again
              </Button>
            </div>
          ) : s ? (
            <Preview s={s} />
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={apply.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={busy || !s || count === 0}
            onClick={() => once(() => apply.mutateAsync().catch(() => {}))}
          >
            <CalendarRange aria-hidden />
            {apply.isPending ? "Processing..." : `Plan ${plural(count, "date")}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
