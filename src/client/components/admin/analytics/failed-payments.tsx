import { RotateCcw } from "lucide-react";
import type { ChurnAnalytics } from "../../../../shared/admin/analytics.ts";
import { formatCount, formatCountOf, formatRate } from "./format.ts";
import { StatTile } from "./stat-tile.tsx";

/** Failed payments in the last 30 days and how many were recovered (retried, or new bank details). */
export function FailedPaymentsTile({
  churn,
  loading,
}: {
  churn: ChurnAnalytics | undefined;
  loading: boolean;
}) {
  const f = churn?.failedPayments;
  return (
    <StatTile
      testId="stat-failed-payments"
      label="Failed Payments (last 30 days)"
      icon={<RotateCcw aria-hidden />}
      loading={loading}
      value={f ? formatCount(f.failed) : "-"}
      hint={
        f &&
        `${formatCountOf(f.recovered, "recovered", "recovered")} (${formatRate(f.recoveryRate)}) by a retry or new bank details`
      }
    />
  );
}
