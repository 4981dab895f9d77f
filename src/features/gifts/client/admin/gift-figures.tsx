/**
 * The analytics tab's gift figures: revenue this month, the redemption rate and gift-to-paid conversion as
 * tiles beside the MRR ones, and gift revenue by month. Gifts are paid once, so none of it is in MRR.
 */
import { useQuery } from "@tanstack/react-query";
import { Gift, HeartHandshake, PartyPopper, Repeat } from "lucide-react";
import { useEffect } from "react";
import {
  formatCount,
  formatCountOf,
  formatMoney,
  formatMonth,
  formatRate,
} from "../../../../client/components/admin/analytics/format.ts";
import { StatTile } from "../../../../client/components/admin/analytics/stat-tile.tsx";
import { AdminSection, TableSkeleton } from "../../../../client/components/admin/common.tsx";
import { LoadErrorCard } from "../../../../client/components/load-error-card.tsx";
import { queryOf } from "../../../../client/lib/api.ts";
import { toastCallError } from "../../../../client/lib/queryClient.ts";
import type { AnswerOf } from "../../../../shared/contract/endpoint.ts";
import { giftsApi } from "../../contract.ts";
import { GIFT_ANALYTICS_MSG } from "../../shared/admin.ts";
import { londonToday } from "../format.ts";

type GiftAnalytics = AnswerOf<typeof giftsApi.adminAnalytics>;

/** The figures' months, newest first, at most the last 12 with any gift money. */
const MONTHS_SHOWN = 12;

export function GiftFigures() {
  const q = useQuery({ ...queryOf(giftsApi.adminAnalytics), staleTime: 0 });
  useEffect(() => {
    if (q.error) toastCallError(GIFT_ANALYTICS_MSG.fetchFailed, q.error);
  }, [q.error]);
  if (q.isError)
    return (
      <LoadErrorCard title={GIFT_ANALYTICS_MSG.fetchFailed} error={q.error} onRetry={() => q.refetch()} />
    );
  const d = q.data;
  const thisMonth = londonToday().slice(0, 7);
  const months = d ? [...d.revenueByMonth].reverse().slice(0, MONTHS_SHOWN) : [];
  const current = d?.revenueByMonth.find((m) => m.month === thisMonth);
  const yearPence = months.reduce((sum, m) => sum + m.revenuePence, 0);
  const top = Math.max(1, ...months.map((m) => Math.abs(m.revenuePence)));
  const dash = <T,>(f: (d: GiftAnalytics) => T) => (d ? f(d) : "-");

  return (
    <>
      <section aria-label="Gift figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile
          testId="stat-gift-revenue"
          label="Gift Revenue (this month)"
          icon={<Gift aria-hidden />}
          loading={q.isPending}
          value={formatMoney(current?.revenuePence ?? 0)}
          hint={`${formatMoney(yearPence)} over the months below. Paid once, so not in MRR.`}
        />
        <StatTile
          testId="stat-gift-redemption"
          label="Gift Redemption Rate"
          icon={<PartyPopper aria-hidden />}
          loading={q.isPending}
          value={dash((x) => formatRate(x.redemptionRate * 100))}
          hint={d && `${formatCount(d.redeemed)} of ${formatCountOf(d.sold, "gift")} sold, refunds left out`}
        />
        <StatTile
          testId="stat-gift-conversion"
          label="Gift-to-Paid Conversion"
          icon={<Repeat aria-hidden />}
          loading={q.isPending}
          value={dash((x) => formatRate(x.giftToPaidConversion * 100))}
          hint="Couples on a gifted plan who went on to a Direct Debit"
        />
        <StatTile
          testId="stat-gifted-plans"
          label="Gifted Plans Running"
          icon={<HeartHandshake aria-hidden />}
          loading={q.isPending}
          value={dash((x) => formatCount(x.giftedPlansActive))}
          hint="Active subscribers whose plan is a gift: £0 in MRR"
        />
      </section>
      <AdminSection
        title="Gift Revenue by Month"
        description="Paid in each London month, less refunds; newest first"
        className="min-w-0"
      >
        {!d ? (
          <TableSkeleton rows={3} label="Loading gift revenue" />
        ) : months.length === 0 ? (
          <p className="text-sm text-muted-foreground">No gifts have been paid for yet.</p>
        ) : (
          <table className="w-full text-sm" data-testid="gift-revenue-by-month">
            <caption className="sr-only">Gift revenue by month</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Gifts
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Revenue
                </th>
                <th scope="col" className="hidden w-2/5 py-2 sm:table-cell">
                  <span className="sr-only">Share of the best month</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-border/60 last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                    {formatMonth(m.month, "long")}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(m.gifts)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(m.revenuePence)}</td>
                  <td aria-hidden className="hidden py-2 sm:table-cell">
                    <span
                      className="block h-2 rounded-full bg-brand"
                      style={{ width: `${Math.max(2, (Math.max(0, m.revenuePence) / top) * 100)}%` }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminSection>
    </>
  );
}
