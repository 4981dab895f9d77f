import { ANALYTICS_EXPORTS, ANALYTICS_DEFINITIONS as DEF } from "../../../../shared/admin/analytics.ts";
import { TIERS } from "../../../../shared/constants.ts";
import { londonNumericDayTime } from "../../../../shared/london-time.ts";
import type { Deps } from "../../../deps.ts";
import type { Download } from "../../../http-download.ts";
import { type Sheet, workbookDownload } from "../spreadsheet.ts";
import { churnAnalytics } from "./churn.ts";
import { operationalAnalytics } from "./operational.ts";
import { subscriptionAnalytics } from "./subscriptions.ts";

interface Metric {
  metric: string;
  value: number | string;
  definition: string;
}

const metricSheet = (rows: Metric[]): Sheet<Metric> => ({
  name: "Summary",
  columns: [
    { header: "Metric", width: 40, value: (r) => r.metric },
    { header: "Value", width: 16, value: (r) => r.value },
    { header: "Definition", width: 100, value: (r) => r.definition },
  ],
  rows,
});

const londonTime = (iso: string | null): string => (iso ? londonNumericDayTime(new Date(iso)) : "");

export async function subscriptionExport(deps: Deps): Promise<Download> {
  const [subs, churn] = await Promise.all([subscriptionAnalytics(deps), churnAnalytics(deps)]);
  const summary = metricSheet([
    { metric: "Monthly Recurring Revenue (£)", value: subs.totalMRR, definition: DEF.totalMRR },
    { metric: "Active Subscribers", value: subs.activeSubscribers, definition: DEF.activeSubscribers },
    { metric: "Average Revenue Per User (£)", value: subs.arpu, definition: DEF.arpu },
    { metric: "Monthly Churn Rate, last 30 days (%)", value: churn.churnRate, definition: DEF.churnRate },
    {
      metric: "Subscribers 30 days ago",
      value: churn.subscribersAtWindowStart,
      definition: "The churn rate's denominator.",
    },
    {
      metric: "Of whom cancelled since",
      value: churn.churnedFromWindowStart,
      definition: "The churn rate's numerator.",
    },
    {
      metric: "Cancellations, last 30 days",
      value: churn.cancelledLast30Days,
      definition: DEF.cancelledLast30Days,
    },
    { metric: "Cancelled (total)", value: churn.totalCancelled, definition: DEF.totalCancelled },
  ]);
  const tiers: Sheet<(typeof subs.tierDistribution)[number]> = {
    name: "Tier distribution",
    columns: [
      { header: "Tier", value: (r) => TIERS[r.tier].name },
      { header: "Active subscribers", width: 20, value: (r) => r.subscribers },
      { header: "Share (%)", value: (r) => r.percentage },
      { header: "MRR (£)", value: (r) => r.mrr },
    ],
    rows: subs.tierDistribution,
  };
  const counts: Sheet<(typeof subs.subscriptionCounts)[number]> = {
    name: "By tier and status",
    columns: [
      { header: "Tier", value: (r) => r.tier },
      { header: "Status", value: (r) => r.status },
      { header: "Members", value: (r) => r.count },
    ],
    rows: subs.subscriptionCounts,
  };
  const monthly: Sheet<number> = {
    name: "Monthly",
    columns: [
      { header: "Month", value: (i) => subs.mrrHistory[i].month },
      { header: "MRR (£)", value: (i) => subs.mrrHistory[i].mrr },
      { header: "Active subscribers", width: 20, value: (i) => subs.mrrHistory[i].subscribers },
      { header: "Sign-ups", value: (i) => churn.newSignups[i]?.count ?? 0 },
      { header: "New subscriptions", width: 20, value: (i) => churn.newSubscriptions[i]?.count ?? 0 },
    ],
    rows: subs.mrrHistory.map((_, i) => i),
  };
  return workbookDownload(ANALYTICS_EXPORTS.subscription.base, deps.now(), [summary, tiers, counts, monthly]);
}

export async function operationalExport(deps: Deps): Promise<Download> {
  const ops = await operationalAnalytics(deps);
  const summary = metricSheet([
    { metric: "Total Reservations", value: ops.totalReservations, definition: DEF.totalReservations },
    { metric: "Completed Dates", value: ops.completedDates, definition: DEF.completedDates },
    { metric: "Completion Rate (%)", value: ops.completionRate, definition: DEF.completionRate },
    { metric: "No-show Rate (%)", value: ops.noShowRate, definition: DEF.noShowRate },
    { metric: "Email Delivery Rate (%)", value: ops.emailDeliveryRate, definition: DEF.emailDeliveryRate },
    {
      metric: "Suggestion Approval Rate (%)",
      value: ops.suggestionApprovalRate,
      definition: DEF.suggestionApprovalRate,
    },
    {
      metric: "Average Rating (of 5)",
      value: ops.averageRating ?? "none yet",
      definition: DEF.averageRating,
    },
    { metric: "Ratings Given", value: ops.ratingsGiven, definition: DEF.ratingsGiven },
    { metric: "Both Partners Rated (%)", value: ops.bothRatedRate, definition: DEF.bothRatedRate },
    {
      metric: `Dates This Week (from ${londonTime(ops.weekStart)})`,
      value: ops.recentReservations,
      definition: DEF.recentReservations,
    },
  ]);
  type Breakdown = { area: string; status: string; count: number };
  const breakdown: Breakdown[] = [
    ...ops.reservationsByStatus.map((r) => ({ area: "Date reservations", ...r })),
    ...ops.emailsByStatus.map((r) => ({ area: "E-mails", ...r })),
    ...ops.suggestionsByStatus.map((r) => ({ area: "AI suggestions", ...r })),
  ];
  const byStatus: Sheet<Breakdown> = {
    name: "By status",
    columns: [
      { header: "Area", width: 20, value: (r) => r.area },
      { header: "Status", width: 20, value: (r) => r.status },
      { header: "Count", value: (r) => r.count },
    ],
    rows: breakdown,
  };
  const activity: Sheet<(typeof ops.recentActivity)[number]> = {
    name: "Recent activity",
    columns: [
      { header: "Time (London)", width: 20, value: (r) => londonTime(r.at) },
      { header: "Type", value: (r) => r.type },
      { header: "Member", width: 30, value: (r) => r.member },
      { header: "Detail", width: 36, value: (r) => r.detail },
      { header: "Date (London)", width: 20, value: (r) => londonTime(r.dateAt) },
    ],
    rows: ops.recentActivity,
  };
  return workbookDownload(ANALYTICS_EXPORTS.operational.base, deps.now(), [summary, byStatus, activity]);
}
