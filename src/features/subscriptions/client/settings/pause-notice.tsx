import { useQuery } from "@tanstack/react-query";
import { CirclePause } from "lucide-react";
import { toastThenReload } from "../../../../client/components/settings/api.ts";
import { formatLongDate } from "../../../../client/components/settings/format.ts";
import { Notice } from "../../../../client/components/settings/section.tsx";
import { Button } from "../../../../client/components/ui/button.tsx";
import { call, queryOf } from "../../../../client/lib/api.ts";
import { useSingleFlightMutation } from "../../../../client/lib/use-single-flight.ts";
import type { PublicUser } from "../../../../shared/api-types.ts";
import { subscriptionApi } from "../../contract.ts";
import { onPlanActionError } from "./plan-actions.ts";

/**
 * "Paused until 10 January 2027" (or "Month off booked: 19 December 2026 to 19 January 2027" while it has not started), what
 * it means for dates and payments, and Resume now.
 */
export function PauseNotice({
  user,
  pausedUntil,
}: {
  user: Pick<PublicUser, "pausedFrom" | "subscriptionStatus" | "currentPeriodEnd">;
  pausedUntil: string;
}) {
  const from = user.pausedFrom;
  const started = !from || new Date(from).getTime() <= Date.now();
  const end = user.currentPeriodEnd;
  // The skipped payment is still ahead while the plan is active and the month off runs past the cycle's end.
  const skipAhead = user.subscriptionStatus === "active" && !!end && pausedUntil > end;
  // The next payment as the plan account has it (gift months after the month off included), never worked out here.
  const billing = useQuery(queryOf(subscriptionApi.billing));
  const next = billing.data?.nextPayment?.date ?? null;
  const resume = useSingleFlightMutation({
    mutationFn: () => call(subscriptionApi.resume),
    onSuccess: (result) => toastThenReload({ title: "Plan Resumed", description: result.message }),
    // A stale tab (resumed elsewhere): the server's words, and the page reads the plan again.
    onError: (error) => onPlanActionError(error, () => {}),
  });
  const busy = resume.isPending || resume.isSuccess;
  return (
    <Notice
      tone="gold"
      icon={<CirclePause />}
      title={
        started
          ? `Paused until ${formatLongDate(pausedUntil)}`
          : // Booked, not begun: the plan is still running (Active beside it), as /billing words it.
            `Month off booked: ${formatLongDate(from)} to ${formatLongDate(pausedUntil)}`
      }
      role="status"
      testId="pause-notice"
    >
      <p>
        {started
          ? "No dates are planned until then."
          : "Dates before then go ahead; none are planned in that month."}{" "}
        {skipAhead && end
          ? `The payment due on ${formatLongDate(end)} is not taken.`
          : user.subscriptionStatus === "paused"
            ? `This month's payment is not taken${next ? `; the next is on ${formatLongDate(next)}` : ""}.`
            : next
              ? `Payments carry on as usual: the next is on ${formatLongDate(next)}.`
              : ""}
      </p>
      <p className="mt-2">
        {skipAhead || (!end && !started)
          ? "Resume now and your plan carries on as if no month off had been booked."
          : `Resume now and dates can be planned again straight away; the skipped payment stays skipped${next ? ` and the next is on ${formatLongDate(next)}` : ""}.`}
      </p>
      <Button className="mt-3" variant="outline" onClick={() => resume.mutate()} disabled={busy}>
        {busy ? "Resuming..." : "Resume now"}
      </Button>
    </Notice>
  );
}
