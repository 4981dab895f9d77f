import { ArrowRight, Lock } from "lucide-react";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { call } from "../../../client/lib/api.ts";
import { useAuth } from "../../../client/lib/auth.ts";
import { rememberTier, saveChosenPlan, useChosenTier, withTier } from "../../../client/lib/chosen-tier.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { formatPounds, giftedUntil, hasCurrentPlan, partnerCover } from "../../../client/lib/plan.ts";
import {
  CURRENT_USER_KEY,
  errorMessage,
  errorStatus,
  queryClient,
  toastCallError,
} from "../../../client/lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../client/lib/use-single-flight.ts";
import { formatPence, REVEAL_WINDOW_HOURS, TIERS, type TierId } from "../../../shared/constants.ts";
import { TOAST } from "../../../shared/messages.ts";
import { GiftCreditNotice } from "../../gifts/client/gift-credit.tsx";
import { GiftedPlan } from "../../gifts/client/gifted-plan.tsx";
import { paymentsApi } from "../../payments/contract.ts";
import { CurrentPlan } from "./current-plan.tsx";
import { OnboardingNotice, PaymentNotSetUpNotice } from "./notices.tsx";
import { OfferCodeBox } from "./offer-code-box.tsx";
import { OutsideAreaNotice } from "./outside-area-notice.tsx";
import { PartnerCoverCard } from "./partner-cover.tsx";
import { PreviousPlan } from "./previous-plan.tsx";
import { offerDurationText, TierOptions } from "./tier-options.tsx";
import { useOfferCode } from "./use-offer-code.ts";

/** The payment provider sends members back with one of these when no Direct Debit was set up. */
const NOT_SET_UP = new Set(["declined", "cancelled"]);

/** /subscription: choose a plan, apply an offer code, and go to the payment provider to set up the debit. */
export default function SubscriptionPage() {
  const { user } = useAuth();
  const chosen = useChosenTier();
  const payment = new URLSearchParams(useSearch()).get("payment");
  const [tier, setTier] = useState<TierId | null>(chosen);
  const offer = useOfferCode(tier);
  // The server's refusal for a postcode outside the area served (422): said on the page, with the waitlist.
  const [outsideArea, setOutsideArea] = useState<string | null>(null);
  const holdsPlan = hasCurrentPlan(user);
  const cover = partnerCover(user);
  useDocumentTitle(holdsPlan || cover ? "Your plan" : "Choose your plan");

  const subscribe = useSingleFlightMutation({
    mutationFn: async (input: { tier: TierId; offerCode?: string }) =>
      await call(paymentsApi.createSubscription, { body: input }),
    onSuccess: ({ redirect_url }) => {
      window.location.href = redirect_url;
    },
    onError: (error) => {
      if (errorStatus(error) === 422) return setOutsideArea(errorMessage(error));
      toastCallError(TOAST.errorTitle, error);
      // Already subscribed (perhaps in another tab): show the plan they hold.
      if (errorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });

  if (!user) return null;

  if (cover)
    return (
      <div className="mx-auto grid w-full max-w-xl flex-1 gap-4 px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-4 text-4xl font-normal sm:text-5xl">Your membership</h1>
        <PartnerCoverCard cover={cover} showDashboardLink />
        <GiftCreditNotice />
      </div>
    );

  // A gifted plan (the reminders' link lands here): the gift, its end, and Continue with Direct Debit.
  const gift = giftedUntil(user);
  if (holdsPlan && gift)
    return (
      <div className="mx-auto w-full max-w-xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-8 text-4xl font-normal sm:text-5xl">Your membership</h1>
        <GiftedPlan user={user} until={gift} />
      </div>
    );

  if (holdsPlan)
    return (
      <div className="mx-auto w-full max-w-xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-8 text-4xl font-normal sm:text-5xl">Your membership</h1>
        <CurrentPlan user={user} />
      </div>
    );

  const applied = offer.applied && offer.applied.tier === tier ? offer.applied : null;
  // The server sets up no Direct Debit before the Terms are accepted (the questionnaire's last step).
  const needsPreferences = !user.termsAccepted;
  const showOnboardingNotice = !user.onboardingCompleted || needsPreferences;
  // Stay "Processing..." until the payment page replaces this one.
  const busy = subscribe.isPending || subscribe.isSuccess;

  function chooseTier(next: TierId) {
    setTier(next);
    rememberTier(next);
    saveChosenPlan(next);
    offer.retier(next);
  }

  function startSubscription() {
    if (!tier || busy) return;
    // Coming back from the payment page without a Direct Debit, the same plan is still chosen.
    rememberTier(tier);
    subscribe.mutate({ tier, ...(applied ? { offerCode: applied.code } : {}) });
  }

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-8 pb-16 sm:px-6 sm:pt-14 sm:pb-24">
      <header className="max-w-2xl">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Membership</p>
        <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Choose your plan</h1>
        <p className="mt-3 text-muted-foreground sm:text-lg">
          Each date is chosen around the two of you, booked for you, and revealed {REVEAL_WINDOW_HOURS} hours
          before.
        </p>
      </header>

      <PreviousPlan user={user} />
      {(payment && NOT_SET_UP.has(payment)) || showOnboardingNotice || outsideArea ? (
        <div className="mt-8 grid max-w-2xl gap-3">
          {outsideArea && <OutsideAreaNotice message={outsideArea} />}
          {payment && NOT_SET_UP.has(payment) && <PaymentNotSetUpNotice />}
          {showOnboardingNotice && <OnboardingNotice href={withTier("/onboarding", tier)} />}
        </div>
      ) : null}

      <div className="mt-10">
        <TierOptions value={tier} onChange={chooseTier} quote={applied} />
      </div>

      <Card className="mx-auto mt-10 max-w-xl p-5 sm:p-7">
        <h2 className="font-display text-xl font-medium">Your membership</h2>
        <div className="mt-4 flex items-baseline justify-between gap-4 border-b border-border pb-4">
          {tier ? (
            <>
              <p className="font-medium">{TIERS[tier].name} plan</p>
              <p className="text-right" data-testid="checkout-price">
                <span className="font-display text-xl font-medium">
                  {applied ? formatPounds(applied.finalPrice) : formatPence(TIERS[tier].monthlyPricePence)}
                </span>
                <span className="text-sm text-muted-foreground"> a month</span>
                {applied && offerDurationText(applied, TIERS[tier].monthlyPricePence) && (
                  <span className="block text-xs text-muted-foreground">
                    {offerDurationText(applied, TIERS[tier].monthlyPricePence)}
                  </span>
                )}
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">Choose a plan above.</p>
          )}
        </div>

        <OfferCodeBox tier={tier} offer={offer} className="mt-5" />

        {needsPreferences ? (
          <Button
            asChild
            size="lg"
            className="mt-6 h-auto min-h-12 w-full whitespace-normal px-4 py-3 text-center sm:px-7"
          >
            <Link href={withTier("/onboarding", tier)}>
              Continue to your preferences
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : (
          <Button size="lg" className="mt-6 w-full" disabled={!tier || busy} onClick={startSubscription}>
            {busy ? "Processing..." : "Subscribe"}
          </Button>
        )}
        <p className="mt-4 text-center text-sm font-medium">
          Monthly by Direct Debit. Cancel anytime. No setup fees.
        </p>
        <p className="mt-2 flex items-start justify-center gap-1.5 text-center text-xs text-muted-foreground">
          <Lock aria-hidden className="mt-px size-3.5 shrink-0" />
          <span>
            You'll set up the Direct Debit on our payment provider's secure page, protected by the Direct
            Debit Guarantee. You pay venues directly for what you eat, drink and do.
          </span>
        </p>
      </Card>
    </div>
  );
}
