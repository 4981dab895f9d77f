import { CalendarRange, PartyPopper, Sparkles } from "lucide-react";
import { useMemo, useState } from "react";
import { memberName, tierLabel } from "../../../../shared/admin/members.ts";
import { monthLabel, nextMonthOf } from "../../../../shared/admin/planning.ts";
import {
  AI_SUGGESTION_MSG,
  type MemberNeedingDates,
  NEEDING_DATES_NOTE,
} from "../../../../shared/admin/suggestions.ts";
import { adminSuggestionsApi } from "../../../../shared/contract/admin-suggestions.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { LoadErrorCard } from "../../load-error-card.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { TableCell, TableHead, TableRow } from "../../ui/table.tsx";
import {
  AdminSection,
  EmptyState,
  formatDateTimeGB,
  Pager,
  TableSkeleton,
  usePagedEndpoint,
} from "../common.tsx";
import { CardsAndTable } from "../short-list.tsx";
import { generateSuggestion, useRefreshAfterSuggestion, useRowMutation } from "./api.ts";
import { PlanMonthDialog } from "./plan-month-dialog.tsx";
import { Member } from "./suggestions-list.tsx";

const neededLabel = (n: number) => `${n} date${n === 1 ? "" : "s"}`;

/** "Members Needing Dates (Next 30 Days)": who is short of dates, greatest need first, with Generate Date. */
export function NeedingDatesCard() {
  const [offset, setOffset] = useState(0);
  const [planning, setPlanning] = useState(false);
  const month = useMemo(() => nextMonthOf(new Date()), []);
  const monthName = monthLabel(month).split(" ")[0];
  const list = usePagedEndpoint(adminSuggestionsApi.needingDates, { offset });
  const refresh = useRefreshAfterSuggestion();
  const generate = useRowMutation({
    mutationFn: (v: { id: number }) => generateSuggestion(v.id),
    onSuccess: (created) => {
      const top = created.suggestedVenues[0];
      toast({
        title: "Suggestion Created",
        description: `${top?.name ? `${top.name}${top.suggestedDate ? ` on ${formatDateTimeGB(top.suggestedDate)}` : ""} for ${memberName(created.user)}` : `A new date suggestion for ${memberName(created.user)}`} is waiting for approval.`,
      });
      refresh();
    },
    onError: (error) => toastCallError(AI_SUGGESTION_MSG.createFailed, error),
  });

  const generateButton = (row: MemberNeedingDates) => {
    const name = memberName(row.user);
    const busy = generate.busy(row.user.id);
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Generate Date for ${name}`}
        onClick={() => generate.run({ id: row.user.id })}
      >
        <Sparkles aria-hidden />
        {busy ? "Processing..." : "Generate Date"}
      </Button>
    );
  };

  return (
    <AdminSection
      title="Members Needing Dates (Next 30 Days)"
      description={NEEDING_DATES_NOTE}
      actions={
        <Button onClick={() => setPlanning(true)}>
          <CalendarRange aria-hidden />
          Plan {monthName}
        </Button>
      }
    >
      <PlanMonthDialog month={month} open={planning} onOpenChange={setPlanning} />
      {list.query.isError ? (
        <LoadErrorCard
          title="Couldn't load members needing dates"
          error={list.query.error}
          onRetry={() => list.query.refetch()}
          heading="h2"
          className="border-0 p-0 shadow-none sm:p-0"
        />
      ) : list.query.isPending ? (
        <TableSkeleton rows={3} label="Loading members needing dates" />
      ) : list.total === 0 ? (
        <EmptyState icon={<PartyPopper aria-hidden />} title="All Members Up to Date!">
          <p className="text-sm text-muted-foreground">
            Every active member has their dates planned for the next 30 days.
          </p>
        </EmptyState>
      ) : (
        <>
          <CardsAndTable
            items={list.rows}
            label="Members needing dates"
            head={
              <>
                <TableHead>Member</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead>Planned</TableHead>
                <TableHead>Needed</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </>
            }
            card={(row) => (
              <li key={row.user.id} className="grid gap-3 rounded-xl border border-border p-4">
                <div className="flex items-start justify-between gap-3">
                  <Member user={row.user} />
                  <Badge variant="neutral">{tierLabel(row.user.subscriptionTier)}</Badge>
                </div>
                <p className="text-sm">
                  <span className="font-medium">{neededLabel(row.needed)}</span>
                  <span className="text-muted-foreground">
                    {" "}
                    · {row.scheduled} of {row.required} planned
                  </span>
                </p>
                {generateButton(row)}
              </li>
            )}
            row={(row) => (
              <TableRow key={row.user.id} data-testid={`needing-${row.user.id}`}>
                <TableCell className="min-w-44">
                  <Member user={row.user} />
                </TableCell>
                <TableCell>
                  <Badge variant="neutral">{tierLabel(row.user.subscriptionTier)}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {row.scheduled} of {row.required}
                </TableCell>
                <TableCell className="whitespace-nowrap font-medium tabular-nums">
                  {neededLabel(row.needed)}
                </TableCell>
                <TableCell className="text-right">{generateButton(row)}</TableCell>
              </TableRow>
            )}
          />
          <Pager
            total={list.total}
            limit={list.limit}
            offset={list.offset}
            onOffset={setOffset}
            label="members"
          />
        </>
      )}
    </AdminSection>
  );
}
