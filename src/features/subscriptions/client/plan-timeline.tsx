import { CalendarClock, CircleAlert, CircleCheck, CirclePause, Gift } from "lucide-react";
import type { ReactNode } from "react";
import { formatShortDate } from "../../../client/components/settings/format.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";

type Cycle = BillingOverview["cycles"][number];

/** Consecutive cycles of one kind, read as one stretch ("3 gift months to 29 Apr 2027"). */
function stretches(
  cycles: Cycle[],
): Array<{ kind: Cycle["kind"]; from: string; to: string; months: number }> {
  const out: Array<{ kind: Cycle["kind"]; from: string; to: string; months: number }> = [];
  for (const c of cycles) {
    const last = out.at(-1);
    if (last && last.kind === c.kind) {
      last.to = c.to;
      last.months += 1;
    } else out.push({ kind: c.kind, from: c.from, to: c.to, months: 1 });
  }
  return out;
}

const months = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/**
 * What covers the plan from now until the next payment, as the plan account has it: "Paid until 29 Dec 2026 ·
 * Month off 29 Dec 2026 to 29 Jan 2027 · 3 gift months to 29 Apr 2027", under the next payment. Shown only when
 * there is more than a paid month before the next payment (a month off, gift months, a payment overdue), where
 * the next payment's day would otherwise look far off for no reason. The cycles and the next payment are the
 * server's: no day is worked out here.
 */
export function PlanTimeline({ billing, className }: { billing: BillingOverview; className?: string }) {
  // The cycles up to the next collection; the ones after it are all alike ("due").
  const cut = billing.cycles.findIndex((c, i) => i > 0 && c.kind === "due");
  const covering = stretches(cut === -1 ? billing.cycles : billing.cycles.slice(0, cut));
  if (!covering.some((s) => s.kind !== "paid" && s.kind !== "due")) return null;
  const items: Array<{ key: string; icon: ReactNode; text: string }> = covering.map((s) => {
    const to = formatShortDate(s.to);
    switch (s.kind) {
      case "paid":
        return { key: `paid-${s.from}`, icon: <CircleCheck />, text: `Paid until ${to}` };
      case "due":
        return { key: `due-${s.from}`, icon: <CircleCheck />, text: `This month, to ${to}` };
      case "paused":
        return {
          key: `paused-${s.from}`,
          icon: <CirclePause />,
          text: `Month off ${formatShortDate(s.from)} to ${to}`,
        };
      case "credited":
        return {
          key: `credited-${s.from}`,
          icon: <Gift />,
          text: `${s.months === 1 ? "1 gift month" : `${s.months} gift months`} to ${to}`,
        };
      case "gifted":
        return { key: `gifted-${s.from}`, icon: <Gift />, text: `Gift, ${months(s.months)}, to ${to}` };
      default:
        // overdue
        return {
          key: `overdue-${s.from}`,
          icon: <CircleAlert />,
          text: `Payment overdue since ${formatShortDate(s.from)}`,
        };
    }
  });
  // The next payment itself is named just above the list, wherever it is shown; an end is not.
  if (!billing.nextPayment && billing.endsAt)
    items.push({
      key: "ends",
      icon: <CalendarClock />,
      text: `Plan ends ${formatShortDate(billing.endsAt)}`,
    });
  return (
    <ol aria-label="Your plan, month by month" className={className} data-testid="plan-timeline">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2 py-0.5 text-sm">
          <span aria-hidden className="text-accent-text [&_svg]:size-4">
            {item.icon}
          </span>
          <span className="min-w-0 [overflow-wrap:anywhere]">{item.text}</span>
        </li>
      ))}
    </ol>
  );
}
