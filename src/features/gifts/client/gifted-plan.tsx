import { ArrowRight, Gift, Lock } from "lucide-react";
import { Link } from "wouter";
import { formatLongDate } from "../../../client/components/settings/format.ts";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { call } from "../../../client/lib/api.ts";
import { toastCallError } from "../../../client/lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../client/lib/use-single-flight.ts";
import type { PublicUser } from "../../../shared/api-types.ts";
import { formatPence, TIERS } from "../../../shared/constants.ts";
import { TOAST } from "../../../shared/messages.ts";
import { paymentsApi } from "../../payments/contract.ts";
import { PlanFeatures } from "../../subscriptions/client/plan-features.tsx";
import { GIFT_MSG, giftUntilText, yourGiftText } from "../shared/schemas.ts";

/**
 * A gifted plan on /subscription (where the reminders' link lands): the gift and its end, and Continue with
 * Direct Debit on the same plan. Nothing is collected before the gift ends; with nothing done it simply ends.
 */
export function GiftedPlan({ user, until }: { user: PublicUser; until: string }) {
  const tier = TIERS[user.subscriptionTier ?? "silver"];
  const day = formatLongDate(until);
  const carryOn = useSingleFlightMutation({
    mutationFn: async () => await call(paymentsApi.createSubscription, { body: { tier: tier.id } }),
    onSuccess: ({ redirect_url }) => {
      window.location.href = redirect_url;
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const busy = carryOn.isPending || carryOn.isSuccess;
  return (
    <Card className="overflow-hidden" data-testid="gifted-plan">
      <div className="curtain-stage px-6 py-7 sm:px-8">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.22em] text-gold uppercase">
          <Gift aria-hidden className="size-4" />
          Your plan
        </p>
        <p className="mt-2 font-display text-3xl sm:text-4xl" data-testid="gifted-plan-title">
          {yourGiftText(tier.name, until)}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stage-muted">
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
            {GIFT_MSG.statusWord}
          </span>
          <span>{giftUntilText(until)} · no Direct Debit</span>
        </p>
      </div>
      <div className="grid gap-5 p-6 sm:p-8">
        <p className="text-sm">
          Keep the dates coming: set up a Direct Debit now and your {tier.name} plan carries on after {day}{" "}
          without a gap. Nothing is collected before then; from {day} it's{" "}
          {formatPence(tier.monthlyPricePence)} a month, and you can cancel at any time. If you do nothing,
          the plan simply ends on {day} and nothing is charged.
        </p>
        <PlanFeatures tier={tier} />
        {user.termsAccepted ? (
          <Button size="lg" disabled={busy} onClick={() => carryOn.mutate()} data-testid="gift-continue">
            {busy ? "Processing..." : "Continue with Direct Debit"}
            {!busy && <ArrowRight aria-hidden />}
          </Button>
        ) : (
          <Button asChild size="lg">
            <Link href="/onboarding">
              Continue to your preferences
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Lock aria-hidden className="mt-px size-3.5 shrink-0" />
          <span>
            You'll set up the Direct Debit on our payment provider's secure page, protected by the Direct
            Debit Guarantee.
          </span>
        </p>
      </div>
    </Card>
  );
}
