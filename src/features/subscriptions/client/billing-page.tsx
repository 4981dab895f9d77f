import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, FlaskConical } from "lucide-react";
import { Link } from "wouter";
import { BillingHistory } from "../../../client/components/settings/billing-history.tsx";
import { PaymentHistory } from "../../../client/components/settings/payment-history.tsx";
import { planHasEnded } from "../../../client/components/settings/plan-status.ts";
import { SettingsSection } from "../../../client/components/settings/section.tsx";
import { useNoIndex } from "../../../client/components/settings/use-noindex.ts";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { Skeleton } from "../../../client/components/ui/skeleton.tsx";
import { queryOf } from "../../../client/lib/api.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { errorMessage } from "../../../client/lib/queryClient.ts";
import { subscriptionApi } from "../contract.ts";
import { BillingSummary } from "./billing-summary.tsx";
import { PaymentProblemBanner } from "./payment-problem-banner.tsx";

function BillingSkeleton() {
  return (
    <div role="status" aria-label="Loading your billing" className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="grid gap-3 p-6">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-4 w-40" />
          </Card>
        ))}
      </div>
      <Card className="grid gap-3 p-6">
        <Skeleton className="h-6 w-40" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </Card>
    </div>
  );
}

/** /billing: what the member pays, when, from which account, and every payment so far. */
export default function BillingPage() {
  useDocumentTitle("Billing");
  useNoIndex();
  const query = useQuery({ ...queryOf(subscriptionApi.billing), staleTime: 0 });
  const billing = query.data;

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-8 pb-16 sm:px-6 sm:pt-14 sm:pb-24">
      <Button asChild variant="link" size="sm" className="mb-6 text-muted-foreground hover:text-foreground">
        <Link href="/settings?tab=subscription">
          <ArrowLeft aria-hidden />
          Subscription settings
        </Link>
      </Button>
      <header className="mb-8">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Your account</p>
        <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Billing</h1>
        <p className="mt-2 text-muted-foreground">
          Your plan, your Direct Debit, every payment so far and its receipt.
        </p>
      </header>

      {query.isPending ? (
        <BillingSkeleton />
      ) : query.isError || !billing ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <p>We couldn't load your billing just now. {errorMessage(query.error)}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <div className="grid gap-6">
          {billing.provider === "sandbox" && (
            <p
              className="flex items-center gap-2 text-sm text-muted-foreground"
              data-testid="billing-test-mode"
            >
              <FlaskConical aria-hidden className="size-4 text-accent-text" />
              Test mode: payments here are simulated and no money moves.
            </p>
          )}
          <PaymentProblemBanner problem={billing.paymentProblem} onBilling />
          <BillingSummary billing={billing} />
          <SettingsSection
            title="Billing history"
            description="Every payment, refund and change to your Direct Debit, kept for good. Download a receipt for any payment or refund."
          >
            <BillingHistory items={billing.history} coveredBy={billing.coveredBy} />
          </SettingsSection>
          {/* The covered partner has no payments of their own: the holder's stay with the holder. */}
          {!(billing.coveredBy && billing.payments.length === 0) && (
            <SettingsSection
              title="Payments"
              description="Collected by Direct Debit, protected by the Direct Debit Guarantee."
            >
              <PaymentHistory payments={billing.payments} />
            </SettingsSection>
          )}
          {(!billing.tier || planHasEnded(billing.status, billing.currentPeriodEnd)) && (
            <Button asChild className="justify-self-start">
              <Link href="/subscription">
                Choose a plan
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
