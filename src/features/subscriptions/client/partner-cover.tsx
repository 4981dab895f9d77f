import { ArrowRight, HeartHandshake } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "../../../client/components/ui/badge.tsx";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { partnerName } from "../../../client/lib/plan.ts";
import type { PublicUser } from "../../../shared/api-types.ts";
import { TIERS } from "../../../shared/constants.ts";
import { planStatus } from "../../../shared/plan-status.ts";
import { giftUntilText } from "../../gifts/shared/schemas.ts";
import { PlanFeatures } from "./plan-features.tsx";

/**
 * One membership covers a couple: when the partner's plan covers this member, this card stands in for the
 * plan, its benefits and its billing (all of which the partner manages).
 */
export function PartnerCoverCard({
  cover,
  showDashboardLink = false,
}: {
  cover: NonNullable<PublicUser["partnerPlan"]>;
  showDashboardLink?: boolean;
}) {
  const tier = TIERS[cover.tier];
  const name = partnerName(cover);
  const owner = cover.firstName?.trim() ? `${name}'s` : "Your partner's";
  // The partner's plan covers this member only while it runs: a cancelled one is still in its paid cycle.
  const badge = planStatus(cover.status, null, Date.now(), cover.giftedUntil);
  return (
    <Card className="overflow-hidden" data-testid="partner-cover">
      <div className="curtain-stage px-5 py-6 sm:px-7 sm:py-7">
        <p className="text-xs font-semibold tracking-[0.22em] text-gold uppercase">Your plan</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2
            className="font-display text-3xl font-normal [overflow-wrap:anywhere] sm:text-4xl"
            data-testid="partner-cover-plan"
          >
            {tier.name} · with {name}
          </h2>
          <Badge variant={badge.tone} className="bg-surface/95">
            {badge.label}
          </Badge>
        </div>
      </div>
      <div className="grid gap-5 p-5 sm:p-7">
        <div className="flex gap-3 rounded-xl border border-accent/60 bg-accent/10 p-3.5 text-sm sm:p-4">
          <HeartHandshake aria-hidden className="mt-0.5 size-4.5 shrink-0 text-accent-text" />
          <p className="min-w-0 [overflow-wrap:anywhere]" data-testid="partner-cover-notice">
            <span className="font-semibold">
              {owner} {tier.name} membership covers you both.
            </span>{" "}
            <span className="text-muted-foreground">
              {badge.key === "gift" && cover.giftedUntil
                ? `${giftUntilText(cover.giftedUntil)}, with no Direct Debit. ${name} can continue it by Direct Debit.`
                : `Billing is managed by ${name}.`}
            </span>
          </p>
        </div>
        <div>
          <h3 className="font-sans text-sm font-semibold">What your plan includes</h3>
          <PlanFeatures tier={tier} className="mt-3 sm:grid-cols-2" label="Plan benefits" />
        </div>
        {showDashboardLink && (
          <Button asChild size="lg" className="justify-self-start">
            <Link href="/dashboard">
              Go to Dashboard
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
