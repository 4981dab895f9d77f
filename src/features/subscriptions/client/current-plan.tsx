import { ArrowRight, TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import {
  discountRemainingText,
  discountText,
  monthlyPriceText,
} from "../../../client/components/settings/plan-status.ts";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { cn } from "../../../client/lib/cn.ts";
import { planSummary } from "../../../client/lib/plan.ts";
import type { PublicUser } from "../../../shared/api-types.ts";
import { TIERS } from "../../../shared/constants.ts";
import { GiftCreditNotice } from "../../gifts/client/gift-credit.tsx";
import { PlanFeatures } from "./plan-features.tsx";

/** A member who already holds a plan sees it here instead of the plans; changes live in Settings. */
export function CurrentPlan({ user }: { user: PublicUser }) {
  const summary = planSummary(user);
  if (!summary || summary.shared || !user.subscriptionTier) return null;
  const tier = TIERS[user.subscriptionTier];
  const discount = user.activeDiscount;
  return (
    <Card className="overflow-hidden">
      <div className="curtain-stage px-6 py-7 sm:px-8">
        <p className="text-xs font-semibold tracking-[0.22em] text-gold uppercase">Your plan</p>
        <p className="mt-2 font-display text-3xl sm:text-4xl" data-testid="current-plan">
          {summary.name}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stage-muted">
          <span
            className={cn(
              "rounded-full px-2.5 py-0.5 text-xs font-semibold",
              user.subscriptionStatus === "active"
                ? "bg-accent text-accent-foreground"
                : "bg-stage-foreground/15 text-stage-foreground",
            )}
          >
            {summary.status}
          </span>
          <span data-testid="current-plan-price">{monthlyPriceText(user, tier.id)}</span>
        </p>
      </div>
      <div className="grid gap-5 p-6 sm:p-8">
        {user.subscriptionStatus === "past_due" && (
          <p className="flex gap-2.5 rounded-xl bg-destructive/10 p-3 text-sm text-destructive-text">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            Your last payment didn't go through. Please update your payment method in Settings within 7 days.
          </p>
        )}
        <GiftCreditNotice />
        {discount && (
          <p className="text-sm text-success-text" data-testid="current-plan-offer">
            Offer {discount.offerCode}: {discountText(discount)} {discountRemainingText(discount)}.
          </p>
        )}
        <PlanFeatures tier={tier} />
        {/* One above the other at every width: side by side they need about 500 px and the card gives 464, so
            the second ran past its clipped edge. The labels wrap on the narrowest screens. */}
        <div className="flex flex-col gap-3">
          <Button asChild size="lg" className="h-auto min-h-12 py-2 text-center whitespace-normal">
            <Link href="/dashboard">
              Go to Dashboard
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="h-auto min-h-12 py-2 text-center whitespace-normal"
          >
            <Link href="/settings">Change or cancel in Settings</Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
