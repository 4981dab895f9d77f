import type { OperationalAnalytics } from "../../../../shared/admin/analytics.ts";
import { formatDateGB } from "../common.tsx";
import { formatCount, formatRate } from "./format.ts";

/** The nine operational figures as a definition list (label, value, what it counts). */
export function OperationalMetrics({ data }: { data: OperationalAnalytics }) {
  const sum = (rows: { status: string; count: number }[], keep: (status: string) => boolean = () => true) =>
    rows.reduce((n, r) => n + (keep(r.status) ? r.count : 0), 0);
  // A rate of nothing is not 0%: with nothing sent or decided yet the figure is a dash.
  const rateOf = (percent: number, denominator: number) => (denominator > 0 ? formatRate(percent) : "—");
  const emails = sum(data.emailsByStatus);
  const decided = sum(data.suggestionsByStatus, (s) => ["approved", "booked", "rejected"].includes(s));
  const weekEndsOn = new Date(new Date(data.weekEnd).getTime() - 1);
  const items: Array<{ id: string; label: string; value: string; hint: string }> = [
    {
      id: "total-reservations",
      label: "Total Reservations",
      value: formatCount(data.totalReservations),
      hint: "Every date booked, whatever its status",
    },
    {
      id: "completed-dates",
      label: "Completed Dates",
      value: formatCount(data.completedDates),
      hint: "Dates marked completed",
    },
    {
      id: "completion-rate",
      label: "Completion Rate",
      value: rateOf(data.completionRate, data.totalReservations),
      hint: "Of dates due or settled; cancellations count against",
    },
    {
      id: "no-show-rate",
      label: "No-show Rate",
      value: rateOf(data.noShowRate, data.datesTakenPlace),
      hint: `${formatCount(data.noShows)} of ${formatCount(data.datesTakenPlace)} date${data.datesTakenPlace === 1 ? "" : "s"} in the last ${data.noShowWindowDays} days: nobody came`,
    },
    {
      id: "email-delivery-rate",
      label: "Email Delivery Rate",
      value: rateOf(data.emailDeliveryRate, emails),
      hint: "E-mails sent of all logged",
    },
    {
      id: "suggestion-approval-rate",
      label: "Suggestion Approval Rate",
      value: rateOf(data.suggestionApprovalRate, decided),
      hint: "Approved or booked of those decided",
    },
    {
      id: "average-rating",
      label: "Average Rating",
      value: data.averageRating === null ? "—" : `${data.averageRating.toFixed(1)} / 5`,
      hint: `${formatCount(data.ratingsGiven)} rating${data.ratingsGiven === 1 ? "" : "s"}, each partner's own`,
    },
    {
      id: "both-rated",
      label: "Both Partners Rated",
      value: rateOf(data.bothRatedRate, data.ratingsGiven),
      hint: "Of rated dates, rated by both of the couple",
    },
    {
      id: "dates-this-week",
      label: "Dates This Week",
      value: formatCount(data.recentReservations),
      hint: `${formatDateGB(data.weekStart)} to ${formatDateGB(weekEndsOn)}, not cancelled`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 xl:grid-cols-3">
      {items.map((i) => (
        <div key={i.id} className="min-w-0 rounded-xl bg-muted/60 p-3 sm:p-4" data-testid={`ops-${i.id}`}>
          <dt className="text-sm text-muted-foreground">{i.label}</dt>
          <dd className="mt-1 font-display text-2xl font-medium tabular-nums">{i.value}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">{i.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
