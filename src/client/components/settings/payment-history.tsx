import { ReceiptText } from "lucide-react";
import { paymentStatusWord } from "../../../shared/billing-history.ts";
import { formatPence } from "../../../shared/constants.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import { Badge } from "../ui/badge.tsx";
import { formatShortDate } from "./format.ts";
import { providerStatus } from "./payment-status.ts";

type Payment = BillingOverview["payments"][number];

function Refunded({ pence }: { pence: number }) {
  return pence > 0 ? (
    <span className="text-success-text">{formatPence(pence)}</span>
  ) : (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">None</span>
    </>
  );
}

/**
 * Every Direct Debit payment, newest first: a table from sm up, cards on a phone. Statuses in the billing
 * history's words (Scheduled, Paid, Refunded...), so the two lists never contradict each other.
 */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  if (payments.length === 0)
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input px-6 py-10 text-center"
        data-testid="payments-empty"
      >
        <span
          aria-hidden
          className="flex size-11 items-center justify-center rounded-full bg-muted text-accent-text"
        >
          <ReceiptText className="size-5" />
        </span>
        <p className="font-medium">No payments yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Your payments will be listed here as they're collected, usually a few working days after each
          billing date.
        </p>
      </div>
    );
  const sorted = [...payments].sort((a, b) => (a.chargeDate < b.chargeDate ? 1 : -1));
  return (
    <>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm" data-testid="payments-table">
          <caption className="sr-only">Payment history</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs tracking-wide text-muted-foreground uppercase">
              <th scope="col" className="py-2.5 pr-4 font-semibold">
                Date
              </th>
              <th scope="col" className="py-2.5 pr-4 font-semibold">
                Description
              </th>
              <th scope="col" className="py-2.5 pr-4 text-right font-semibold">
                Amount
              </th>
              <th scope="col" className="py-2.5 pr-4 text-right font-semibold">
                Refunded
              </th>
              <th scope="col" className="py-2.5 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((p) => {
              const status = { ...providerStatus(p.status), label: paymentStatusWord(p.status) };
              return (
                <tr key={p.id} className="border-b border-border/70 last:border-0">
                  <td className="py-3.5 pr-4 whitespace-nowrap">{formatShortDate(p.chargeDate)}</td>
                  <td className="py-3.5 pr-4">{p.description}</td>
                  <td className="py-3.5 pr-4 text-right font-medium tabular-nums">
                    {formatPence(p.amountPence)}
                  </td>
                  <td className="py-3.5 pr-4 text-right tabular-nums">
                    <Refunded pence={p.refundedPence} />
                  </td>
                  <td className="py-3.5">
                    <Badge variant={status.tone}>{status.label}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 sm:hidden" aria-label="Payment history" data-testid="payments-cards">
        {sorted.map((p) => {
          const status = { ...providerStatus(p.status), label: paymentStatusWord(p.status) };
          return (
            <li key={p.id} className="rounded-xl border border-border p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{p.description}</p>
                  <p className="text-sm text-muted-foreground">{formatShortDate(p.chargeDate)}</p>
                </div>
                <p className="font-display text-lg font-medium tabular-nums">{formatPence(p.amountPence)}</p>
              </div>
              <div className="mt-3 flex items-center justify-between gap-3 text-sm">
                <Badge variant={status.tone}>{status.label}</Badge>
                {p.refundedPence > 0 && (
                  <span className="text-success-text">Refunded {formatPence(p.refundedPence)}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
