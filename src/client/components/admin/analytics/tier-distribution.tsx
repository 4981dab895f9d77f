import type { SubscriptionAnalytics } from "../../../../shared/admin/analytics.ts";
import { TIERS } from "../../../../shared/constants.ts";
import { Progress } from "../../ui/progress.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { formatCount, formatMoney, formatRate } from "./format.ts";

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  past_due: "Past due",
  paused: "Paused",
  cancelled: "Cancelled",
  none: "No status",
};
const statusLabel = (s: string) => STATUS_LABELS[s] ?? s.replace(/_/g, " ");

/** Active subscribers per tier (share and MRR), then every member with a plan by tier and status. */
export function TierDistribution({ data }: { data: SubscriptionAnalytics }) {
  const statuses = [...new Set(data.subscriptionCounts.map((c) => c.status))].sort(
    (a, b) => Object.keys(STATUS_LABELS).indexOf(a) - Object.keys(STATUS_LABELS).indexOf(b),
  );
  const count = (tier: string, status: string) =>
    data.subscriptionCounts.find((c) => c.tier === tier && c.status === status)?.count ?? 0;
  return (
    <div className="grid gap-6">
      <ul className="grid gap-4" aria-label="Active subscribers by tier">
        {data.tierDistribution.map((t) => (
          <li key={t.tier} data-testid={`tier-${t.tier}`}>
            <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium">{TIERS[t.tier].name}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatCount(t.subscribers)} · {formatRate(t.percentage)} · {formatMoney(t.mrrPence)}/mo
              </span>
            </div>
            <Progress
              value={t.percentage}
              aria-label={`${TIERS[t.tier].name}: ${formatRate(t.percentage)}`}
            />
          </li>
        ))}
      </ul>
      {statuses.length > 0 && (
        <ScrollRegion label="Members with a plan by tier and status" className="overflow-x-auto">
          <table className="w-full text-sm tabular-nums" aria-label="Members with a plan by tier and status">
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Tier
                </th>
                {statuses.map((s) => (
                  <th key={s} scope="col" className="px-2 py-2 text-right font-medium">
                    {statusLabel(s)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.tierDistribution.map((t) => (
                <tr key={t.tier} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {TIERS[t.tier].name}
                  </th>
                  {statuses.map((s) => (
                    <td key={s} className="px-2 py-2 text-right">
                      {formatCount(count(t.tier, s))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
