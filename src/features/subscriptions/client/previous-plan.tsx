import { formatLongDate } from "../../../client/components/settings/format.ts";
import { Badge } from "../../../client/components/ui/badge.tsx";
import type { PublicUser } from "../../../shared/api-types.ts";
import { TIERS } from "../../../shared/constants.ts";
import { planStatus } from "../../../shared/plan-status.ts";

/**
 * On the plans page, a plan the member held before, in the same words as Settings, /billing and the dashboard:
 * "Your Gold plan · Ended" after a refund or its last cycle, "Cancelled" while its paid cycle still runs.
 */
export function PreviousPlan({ user }: { user: PublicUser }) {
  if (!user.subscriptionTier) return null;
  const status = planStatus(user.subscriptionStatus, user.currentPeriodEnd);
  if (status.key !== "ended" && status.key !== "cancelled") return null;
  const end = user.currentPeriodEnd ? formatLongDate(user.currentPeriodEnd) : null;
  return (
    <p
      className="mt-6 flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
      data-testid="previous-plan"
    >
      <span className="font-medium text-foreground">Your {TIERS[user.subscriptionTier].name} plan</span>
      <Badge variant={status.tone}>{status.label}</Badge>
      <span>
        {status.key === "ended"
          ? `${end ? `Ended on ${end}. ` : ""}Choose a plan to start again.`
          : `It runs until ${end ?? "the end of this billing period"}.`}
      </span>
    </p>
  );
}
