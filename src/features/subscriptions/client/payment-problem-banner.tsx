import { CircleAlert, Landmark } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";
import { call } from "../../../client/lib/api.ts";
import { cn } from "../../../client/lib/cn.ts";
import { toastCallError } from "../../../client/lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../client/lib/use-single-flight.ts";
import { formatPence } from "../../../shared/constants.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { TOAST } from "../../../shared/messages.ts";
import {
  BANK_DETAILS_PARAM,
  bankDetailsPath,
  PAYMENT_RECOVERY_MSG,
  type PaymentProblem,
} from "../../../shared/payment-recovery.ts";
import { subscriptionApi } from "../contract.ts";

/** What the banner says: the amount, the day it failed, the retry and what happens meanwhile. */
export function paymentProblemLines(p: PaymentProblem): { lead: string; next: string } {
  const amount = formatPence(p.amountPence);
  const lead = `The Direct Debit of ${amount} failed on ${londonDay(new Date(p.failedAt))}.`;
  const retry = p.retryOn
    ? `We will try again on ${londonDay(new Date(p.retryOn))}${p.retriesLeft > 1 ? " (and once more after that if needed)" : ""}.`
    : p.retriesLeft > 0
      ? "We are asking the bank for it again now."
      : "The last try is with the bank now.";
  return {
    lead,
    next: `${retry} Your dates stay booked; their reveals wait until it has gone through.`,
  };
}

/**
 * A failed payment being recovered, on the dashboard and /billing, for both partners: what failed, when it is
 * tried again, and new bank details in one click (only the plan holder's; the covered partner is told who).
 * On /billing (`onBilling`), the e-mails' link (?bank=1) starts the change of bank details at once.
 */
export function PaymentProblemBanner({
  problem,
  onBilling = false,
  className,
}: {
  problem: PaymentProblem | null | undefined;
  onBilling?: boolean;
  className?: string;
}) {
  const search = useSearch();
  const change = useSingleFlightMutation({
    mutationFn: () => call(subscriptionApi.updatePaymentMethod),
    onSuccess: ({ redirect_url }) => {
      window.location.href = redirect_url;
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const fromLink =
    onBilling &&
    !!problem?.canChangeBankDetails &&
    new URLSearchParams(search).get(BANK_DETAILS_PARAM) === "1";
  const started = useRef(false);
  useEffect(() => {
    if (!fromLink || started.current) return;
    started.current = true;
    change.mutate();
  }, [fromLink, change]);
  if (!problem) return null;
  const { lead, next } = paymentProblemLines(problem);
  const busy = change.isPending || change.isSuccess;
  return (
    <section
      aria-labelledby="payment-problem-heading"
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-destructive-text/40 bg-destructive/5 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6",
        className,
      )}
      data-testid="payment-problem"
    >
      <div className="flex min-w-0 gap-3">
        <CircleAlert aria-hidden className="mt-1 size-5 shrink-0 text-destructive-text" />
        <div className="grid min-w-0 gap-1">
          <h2 id="payment-problem-heading" className="font-display text-xl font-medium">
            {PAYMENT_RECOVERY_MSG.bannerTitle}
          </h2>
          <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
            {lead} {next}
          </p>
          {!problem.canChangeBankDetails && (
            <p className="text-sm text-muted-foreground">
              {problem.holderName ?? "Your partner"} holds the plan and can put in new bank details.
            </p>
          )}
        </div>
      </div>
      {problem.canChangeBankDetails &&
        (onBilling ? (
          <Button
            className="shrink-0 self-start sm:self-center"
            onClick={() => change.mutate()}
            disabled={busy}
            data-testid="payment-problem-bank"
          >
            <Landmark aria-hidden />
            {busy ? "Opening..." : PAYMENT_RECOVERY_MSG.changeBankDetails}
          </Button>
        ) : (
          <Button asChild className="shrink-0 self-start sm:self-center" data-testid="payment-problem-bank">
            <Link href={bankDetailsPath}>
              <Landmark aria-hidden />
              {PAYMENT_RECOVERY_MSG.changeBankDetails}
            </Link>
          </Button>
        ))}
    </section>
  );
}
