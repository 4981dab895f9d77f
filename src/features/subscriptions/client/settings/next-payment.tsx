import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { formatLongDate } from "../../../../client/components/settings/format.ts";
import { Card } from "../../../../client/components/ui/card.tsx";
import { queryOf } from "../../../../client/lib/api.ts";
import { formatPence } from "../../../../shared/constants.ts";
import { subscriptionApi } from "../../contract.ts";
import { PlanTimeline } from "../plan-timeline.tsx";

/**
 * "Next payment £20 on 19 December 2026", as GET /api/billing answers it (the plan account's next collection,
 * the month off and any gift months already counted): Settings never works out a payment day of its own.
 * Nothing is shown while it loads or when no payment is due (the plan's own line says why).
 */
export function NextPaymentLine({ payer }: { payer?: string }) {
  const line = useNextPayment(payer);
  // The covered partner's line stands alone under the plan card; the holder's sits inside it.
  return line && payer ? <Card className="p-5 sm:p-6">{line}</Card> : line;
}

function useNextPayment(payer?: string) {
  const billing = useQuery(queryOf(subscriptionApi.billing));
  const next = billing.data?.nextPayment;
  if (!next || !billing.data) return null;
  return (
    <div className="grid gap-2">
      <p className="flex items-start gap-2.5 text-sm" data-testid="settings-next-payment">
        <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-semibold">
            Next payment {formatPence(next.amountPence)} on {formatLongDate(next.date)}
          </span>
          {payer ? <span className="text-muted-foreground">, from {payer}'s Direct Debit</span> : null}
        </span>
      </p>
      {/* A month off or gift months before it, so a far-off payment day reads as it is meant. */}
      <PlanTimeline billing={billing.data} className="ml-6.5 text-muted-foreground" />
    </div>
  );
}
