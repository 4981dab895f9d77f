import { ArrowLeft, ArrowRight } from "lucide-react";
import { useState } from "react";
import { formatLongDate } from "../../../../client/components/settings/format.ts";
import { Badge } from "../../../../client/components/ui/badge.tsx";
import { Button } from "../../../../client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../../client/components/ui/dialog.tsx";
import { call } from "../../../../client/lib/api.ts";
import { cn } from "../../../../client/lib/cn.ts";
import { toast } from "../../../../client/lib/toast.ts";
import { useSingleFlightMutation } from "../../../../client/lib/use-single-flight.ts";
import type { PublicUser } from "../../../../shared/api-types.ts";
import { formatPence, TIER_IDS, TIERS, type TierId } from "../../../../shared/constants.ts";
import { discountPence, offerAppliesTo, offerPlanNames } from "../../../../shared/offer-price.ts";
import { subscriptionApi } from "../../contract.ts";
import { PlanFeatures } from "../plan-features.tsx";
import { onPlanActionError, refreshPlan } from "./plan-actions.ts";

/** A plan can be changed while it runs: active, or with a month off booked or under way. */
export function canChangePlan(user: PublicUser): boolean {
  return (
    !!user.subscriptionTier && (user.subscriptionStatus === "active" || user.subscriptionStatus === "paused")
  );
}

/** "Gold plan", "Gold or Platinum plans": as the offer's refusal names them. */
function plansNamed(tiers: readonly TierId[]): string {
  return `${offerPlanNames(tiers)} plan${tiers.length > 1 ? "s" : ""}`;
}

/**
 * What confirming does, in words: the price, and the day it starts (the server's date, so a booked month off
 * moves it to the first payment after it). Choosing the current plan again withdraws a waiting change.
 */
export function changeWords(
  user: PublicUser,
  target: TierId,
): { title: string; body: string; action: string } {
  const current = user.subscriptionTier;
  const tier = TIERS[target];
  if (target === current) {
    const pending = user.pendingTier ? TIERS[user.pendingTier].name : "another plan";
    return {
      title: `Stay on ${tier.name}?`,
      body: `Your move to ${pending} is withdrawn. You keep ${tier.name} at ${formatPence(tier.monthlyPricePence)} a month and nothing else changes.`,
      action: `Stay on ${tier.name}`,
    };
  }
  const monthOff = !!user.pausedUntil;
  const from = user.planChangeFrom ? formatLongDate(user.planChangeFrom) : null;
  const when = monthOff
    ? `from your first payment after your month off${from ? `, on ${from}` : ""}`
    : `from your next payment${from ? `, on ${from}` : ""}`;
  const dates = `${tier.datesPerMonth} mystery date${tier.datesPerMonth === 1 ? "" : "s"} a month`;
  // The price the new plan's collections take: the running offer's saving when it is for that plan too and
  // still runs on the day the change starts (the server's rule: plan-account/schedule.ts offerFor).
  const d = user.activeDiscount;
  const startsAt = user.planChangeFrom ? Date.parse(user.planChangeFrom) : Date.now();
  const endedBy = !!d?.discountEndDate && Date.parse(d.discountEndDate) <= startsAt;
  const forPlan = !!d && offerAppliesTo(d.applicableTiers, target);
  const price =
    tier.monthlyPricePence - (d && forPlan && !endedBy ? discountPence(d, tier.monthlyPricePence) : 0);
  const offer = !d
    ? ""
    : !forPlan
      ? ` Your offer ${d.offerCode} is for the ${plansNamed(d.applicableTiers ?? [])} only, so ${tier.name} is at its full price.`
      : endedBy
        ? ` Your offer ${d.offerCode} ends before then.`
        : price < tier.monthlyPricePence
          ? ` That is with your offer ${d.offerCode}; then ${formatPence(tier.monthlyPricePence)} a month once it ends.`
          : "";
  return {
    title: `Switch to ${tier.name}?`,
    body: `You'll pay ${formatPence(price)} a month for ${dates}, ${when}. Until then your ${current ? `${TIERS[current].name} ` : ""}plan carries on as it is, and no payment is taken today.${offer}`,
    action: `Switch to ${tier.name}`,
  };
}

/** One plan in the comparison: price, what it includes, and whether it is the member's now or next. */
function PlanCard({
  user,
  id,
  onChoose,
}: {
  user: PublicUser;
  id: TierId;
  onChoose: ((tier: TierId) => void) | null;
}) {
  const tier = TIERS[id];
  const current = user.subscriptionTier === id;
  const next = user.pendingTier === id && !current;
  // The plan that runs next cycle: a waiting change, else the current one.
  const upcoming = user.pendingTier ?? user.subscriptionTier;
  return (
    <section
      aria-labelledby={`compare-${id}`}
      data-testid={`compare-${id}`}
      className={cn(
        "flex flex-col rounded-2xl border bg-surface p-5 sm:p-6",
        current ? "border-brand ring-2 ring-brand" : "border-border",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`compare-${id}`} className="font-display text-2xl font-medium">
          {tier.name}
        </h3>
        {current && (
          <Badge variant="brand" data-testid="compare-current">
            Your plan
          </Badge>
        )}
        {next && user.planChangeFrom && (
          <Badge variant="gold">From {formatLongDate(user.planChangeFrom)}</Badge>
        )}
        {!current && !next && tier.badge && <Badge variant="neutral">{tier.badge}</Badge>}
      </div>
      <p className="mt-0.5 text-sm text-muted-foreground">{tier.tagline}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="font-display text-4xl font-medium tracking-tight">
          {formatPence(tier.monthlyPricePence)}
        </span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      <PlanFeatures
        tier={tier}
        className="mt-4 flex-1 border-t border-border pt-4"
        label={`${tier.name} includes`}
      />
      {onChoose && id !== upcoming && (
        <Button
          className="mt-5 w-full"
          variant={current ? "outline" : "primary"}
          onClick={() => onChoose(id)}
        >
          {current ? `Stay on ${tier.name}` : `Switch to ${tier.name}`}
          {!current && <ArrowRight aria-hidden />}
        </Button>
      )}
    </section>
  );
}

/**
 * View All Plans: Silver, Gold and Platinum side by side (stacked on a phone), the member's own marked, and a
 * change of plan that says exactly what happens before it is made (POST /api/subscription/change-tier).
 */
export function ComparePlansDialog({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<TierId | null>(null);
  const changeable = canChangePlan(user);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) setChoice(null);
  }

  const change = useSingleFlightMutation({
    // The waiting change this screen shows goes with it: if another tab changed it meanwhile, nothing is
    // replaced and the dialog says so (409).
    mutationFn: (tier: TierId) =>
      call(subscriptionApi.changeTier, { body: { tier, pendingTier: user.pendingTier ?? null } }),
    onSuccess: (result, tier) => {
      // Close first: while a modal dialog is open, everything outside it (the toast too) is hidden from
      // assistive technology.
      onOpenChange(false);
      toast({
        title: tier === user.subscriptionTier ? "Plan Change Withdrawn" : "Plan Change Scheduled",
        description: result.message,
        variant: "success",
      });
      refreshPlan();
    },
    onError: (error) => onPlanActionError(error, () => onOpenChange(false)),
  });
  const words = choice ? changeWords(user, choice) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          View All Plans
          <ArrowRight aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className={words ? "max-w-lg" : "max-w-5xl"}>
        {words && choice ? (
          <>
            <DialogHeader>
              <DialogTitle>{words.title}</DialogTitle>
              <DialogDescription className="text-base text-foreground" data-testid="change-plan-terms">
                {words.body}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setChoice(null)} disabled={change.isPending}>
                <ArrowLeft aria-hidden />
                Back to plans
              </Button>
              <Button onClick={() => change.mutate(choice)} pending={change.isPending}>
                {change.isPending ? "Saving..." : words.action}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>All plans</DialogTitle>
              <DialogDescription>
                {changeable
                  ? "Every plan is paid monthly by Direct Debit. A change starts with your next payment; this month stays as it is."
                  : "Every plan is paid monthly by Direct Debit."}
              </DialogDescription>
            </DialogHeader>
            <div className="mt-6 grid gap-4 md:grid-cols-3">
              {TIER_IDS.map((id) => (
                <PlanCard key={id} user={user} id={id} onChoose={changeable ? setChoice : null} />
              ))}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
