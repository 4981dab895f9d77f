import { useQuery } from "@tanstack/react-query";
import { formatPence } from "../../../shared/constants.ts";
import { datesApi } from "../../../shared/contract/dates.ts";
import { queryOf } from "../../lib/api.ts";
import { formatLongDate } from "../settings/format.ts";

/**
 * "Next payment £20 on 29 April 2027" under the dashboard's plan, for the plan holder and the covered partner:
 * the same words and day as /billing and Settings, from the plan account's next collection on the dashboard's
 * own counts (datesApi.stats: no call to the payment provider on every dashboard load). Nothing is shown while it
 * loads or when none is due.
 */
export function PlanNextPayment() {
  const stats = useQuery(queryOf(datesApi.stats));
  const next = stats.data?.nextPayment;
  if (!next) return null;
  return (
    <p className="mt-1 text-sm text-muted-foreground" data-testid="dashboard-next-payment">
      Next payment {formatPence(next.amountPence)} on{" "}
      <span className="whitespace-nowrap">{formatLongDate(next.date)}</span>
    </p>
  );
}
