import { useQuery } from "@tanstack/react-query";
import { Activity, PoundSterling, TrendingDown, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { FailedPaymentsTile } from "../../../../client/components/admin/analytics/failed-payments.tsx";
import {
  formatCount,
  formatCountOf,
  formatMoney,
  formatRate,
} from "../../../../client/components/admin/analytics/format.ts";
import { OperationalMetrics } from "../../../../client/components/admin/analytics/operational-metrics.tsx";
import { RecentActivity } from "../../../../client/components/admin/analytics/recent-activity.tsx";
import { StatTile } from "../../../../client/components/admin/analytics/stat-tile.tsx";
import { TierDistribution } from "../../../../client/components/admin/analytics/tier-distribution.tsx";
import { useAnalyticsExport } from "../../../../client/components/admin/analytics/use-analytics-export.ts";
import { WaitlistCard } from "../../../../client/components/admin/analytics/waitlist-card.tsx";
import { AdminSection, formatDateGB, TableSkeleton } from "../../../../client/components/admin/common.tsx";
import { ExportButton } from "../../../../client/components/admin/list-toolbar.tsx";
import { LoadErrorCard } from "../../../../client/components/load-error-card.tsx";
import { Skeleton } from "../../../../client/components/ui/skeleton.tsx";
import { queryOf } from "../../../../client/lib/api.ts";
import { toastCallError } from "../../../../client/lib/queryClient.ts";
import { GiftFigures } from "../../../../features/gifts/client/admin/gift-figures.tsx";
import { GIFT_ANALYTICS_DEFINITIONS } from "../../../../features/gifts/shared/admin.ts";
import { ANALYTICS_DEFINITIONS, ANALYTICS_MSG } from "../../../../shared/admin/analytics.ts";
import { adminAnalyticsApi as api } from "../../../../shared/contract/admin-analytics.ts";

// recharts loads after the figures, in its own chunk (only this tab uses it).
const MrrChart = lazy(() =>
  import("../../../../client/components/admin/analytics/charts.tsx").then((m) => ({ default: m.MrrChart })),
);
const SignupsChart = lazy(() =>
  import("../../../../client/components/admin/analytics/charts.tsx").then((m) => ({
    default: m.SignupsChart,
  })),
);

const chartSkeleton = <Skeleton className="h-[260px] w-full" />;

/** A failed read: the spec's toast once per failure (a lost session is left to the app-wide handler). */
function useFailureToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) toastCallError(title, error);
  }, [error, title]);
}

function Failed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return <LoadErrorCard title={title} error={error} onRetry={retry} heading="h2" />;
}

/** The "analytics" tab of /admin: subscriptions, churn, operations and the latest activity. */
export default function AnalyticsTab() {
  const subs = useQuery({ ...queryOf(api.subscriptions), staleTime: 0 });
  const churn = useQuery({ ...queryOf(api.churn), staleTime: 0 });
  const ops = useQuery({ ...queryOf(api.operational), staleTime: 0 });
  useFailureToast(subs.error, ANALYTICS_MSG.fetchSubscriptions);
  useFailureToast(churn.error, ANALYTICS_MSG.fetchChurn);
  useFailureToast(ops.error, ANALYTICS_MSG.fetchOperational);
  const subscriptionExport = useAnalyticsExport("subscription");
  const operationalExport = useAnalyticsExport("operational");

  const s = subs.data;
  const c = churn.data;
  const dash = (ready: boolean, value: () => ReactNode) => (ready ? value() : "-");

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-display text-3xl leading-tight font-medium">Business Analytics</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Revenue, subscribers, gifts, churn and how dates are going. Money is per month, in pounds.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportButton download={subscriptionExport} label="Export Subscription Data" />
          <ExportButton download={operationalExport} label="Export Operational Data" />
        </div>
      </div>

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile
          testId="stat-mrr"
          label="Monthly Recurring Revenue"
          icon={<PoundSterling aria-hidden />}
          loading={subs.isPending}
          value={dash(!!s, () => formatMoney(s!.totalMRRPence))}
          hint={s && "Active plans after running offers. Gifts are paid once, so they are not counted"}
        />
        <StatTile
          testId="stat-active-subscribers"
          label="Active Subscribers"
          icon={<Users aria-hidden />}
          loading={subs.isPending}
          value={dash(!!s, () => formatCount(s!.activeSubscribers))}
          hint={c && `${formatCountOf(c.totalCancelled, "cancelled plan")} in all`}
        />
        <StatTile
          testId="stat-arpu"
          label="Average Revenue Per User"
          icon={<Activity aria-hidden />}
          loading={subs.isPending}
          value={dash(!!s, () => formatMoney(s!.arpuPence))}
          hint={s && "MRR divided by active subscribers"}
        />
        <StatTile
          testId="stat-churn"
          label="Monthly Churn Rate (last 30 days)"
          icon={<TrendingDown aria-hidden />}
          loading={churn.isPending}
          value={dash(!!c, () => formatRate(c!.churnRate))}
          hint={
            c &&
            `${c.definition} ${formatCount(c.churnedFromWindowStart)} of ${formatCountOf(c.subscribersAtWindowStart, "subscriber")} on ${formatDateGB(c.windowStart)} ${c.churnedFromWindowStart === 1 ? "has" : "have"} cancelled since; ${formatCountOf(c.cancelledLast30Days, "cancellation")} in 30 days (new members included)`
          }
        />
      </section>
      {subs.isError && (
        <Failed title={ANALYTICS_MSG.fetchSubscriptions} error={subs.error} retry={() => subs.refetch()} />
      )}
      {churn.isError && (
        <Failed title={ANALYTICS_MSG.fetchChurn} error={churn.error} retry={() => churn.refetch()} />
      )}

      <section aria-label="Failed payments" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <FailedPaymentsTile churn={c} loading={churn.isPending} />
      </section>
      <GiftFigures />

      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection
          title="Monthly Recurring Revenue"
          description="Last 12 months, at each month's end; this month as it stands"
          className="min-w-0"
        >
          {s ? (
            <Suspense fallback={chartSkeleton}>
              <MrrChart data={s.mrrHistory} />
            </Suspense>
          ) : (
            chartSkeleton
          )}
        </AdminSection>
        <AdminSection
          title="Sign-ups"
          description="Accounts created and subscriptions started, last 12 months"
          className="min-w-0"
        >
          {c ? (
            <Suspense fallback={chartSkeleton}>
              <SignupsChart signups={c.newSignups} subscriptions={c.newSubscriptions} />
            </Suspense>
          ) : (
            chartSkeleton
          )}
        </AdminSection>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection title="Tier Distribution" description="Active subscribers by plan" className="min-w-0">
          {s ? <TierDistribution data={s} /> : <TableSkeleton rows={3} label="Loading tier distribution" />}
        </AdminSection>
        {ops.isError ? (
          <Failed title={ANALYTICS_MSG.fetchOperational} error={ops.error} retry={() => ops.refetch()} />
        ) : (
          <AdminSection
            title="Operational Metrics"
            description="Dates, e-mail and suggestions"
            className="min-w-0"
          >
            {ops.data ? (
              <OperationalMetrics data={ops.data} />
            ) : (
              <TableSkeleton rows={3} label="Loading operational metrics" />
            )}
          </AdminSection>
        )}
      </div>

      <WaitlistCard />

      {!ops.isError && (
        <AdminSection
          title="Recent Activity"
          description="Sign-ups, subscriptions, cancellations and bookings, newest first"
        >
          {ops.data ? (
            <RecentActivity items={ops.data.recentActivity} />
          ) : (
            <TableSkeleton rows={4} label="Loading recent activity" />
          )}
        </AdminSection>
      )}

      <details className="rounded-2xl border border-border px-4 py-3 text-sm sm:px-6">
        <summary className="cursor-pointer font-medium">How these figures are worked out</summary>
        <dl className="mt-3 grid gap-3 pb-2">
          {DEFINITIONS.map(([label, text]) => (
            <div key={label}>
              <dt className="font-medium">{label}</dt>
              <dd className="text-muted-foreground">{text}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

const DEFINITIONS: Array<[string, string]> = [
  ["Monthly Recurring Revenue", ANALYTICS_DEFINITIONS.totalMRR],
  ["Active Subscribers", ANALYTICS_DEFINITIONS.activeSubscribers],
  ["Average Revenue Per User", ANALYTICS_DEFINITIONS.arpu],
  ["Monthly Churn Rate (last 30 days)", ANALYTICS_DEFINITIONS.churnRate],
  ["Cancellations", ANALYTICS_DEFINITIONS.cancelledLast30Days],
  ["Failed Payments", ANALYTICS_DEFINITIONS.failedPayments],
  ["MRR chart", ANALYTICS_DEFINITIONS.mrrHistory],
  ["Sign-ups", `${ANALYTICS_DEFINITIONS.newSignups} ${ANALYTICS_DEFINITIONS.newSubscriptions}`],
  ["Tier Distribution", ANALYTICS_DEFINITIONS.tierDistribution],
  ["Completion Rate", ANALYTICS_DEFINITIONS.completionRate],
  ["No-show Rate", ANALYTICS_DEFINITIONS.noShowRate],
  ["Email Delivery Rate", ANALYTICS_DEFINITIONS.emailDeliveryRate],
  ["Suggestion Approval Rate", ANALYTICS_DEFINITIONS.suggestionApprovalRate],
  ["Average Rating", ANALYTICS_DEFINITIONS.averageRating],
  ["Both Partners Rated", ANALYTICS_DEFINITIONS.bothRatedRate],
  ["Dates This Week", ANALYTICS_DEFINITIONS.recentReservations],
  ["Recent Activity", ANALYTICS_DEFINITIONS.recentActivity],
  ["Gift Revenue", GIFT_ANALYTICS_DEFINITIONS.revenue],
  ["Gift Redemption Rate", GIFT_ANALYTICS_DEFINITIONS.redemptionRate],
  ["Gift-to-Paid Conversion", GIFT_ANALYTICS_DEFINITIONS.giftToPaid],
];
