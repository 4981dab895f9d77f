import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "../../../shared/api-types.ts";
import { formatPence } from "../../../shared/constants.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import { hasCurrentPlan, partnerCover } from "../../lib/plan.ts";
import { formatLongDate } from "../settings/format.ts";

/**
 * "Next payment £20 on 29 April 2027" under the dashboard's plan, for the plan holder and the covered partner:
 * the same words and day as /billing and Settings, from the same GET /api/billing (the plan account's next
 * collection). Asked only while the couple has a plan; nothing is shown while it loads or when none is due.
 */
export function PlanNextPayment({ user }: { user: PublicUser }) {
  const billing = useQuery<BillingOverview>({
    queryKey: ["/api/billing"],
    enabled: hasCurrentPlan(user) || !!partnerCover(user),
  });
  const next = billing.data?.nextPayment;
  if (!next) return null;
  return (
    <p className="mt-1 text-sm text-muted-foreground" data-testid="dashboard-next-payment">
      Next payment {formatPence(next.amountPence)} on{" "}
      <span className="whitespace-nowrap">{formatLongDate(next.date)}</span>
    </p>
  );
}
