import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { Link } from "wouter";
import type { PublicUser } from "../../shared/api-types.ts";
import type { PlanOffer } from "../../shared/leaving.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";

const LIVE = new Set(["active", "past_due", "paused"]);
const longDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
});

/**
 * The membership offered to a partner whose plan holder left (couples/leaving.ts): the deadline, what it
 * keeps, and a way to the plans. Asked for only by a member with no partner and no plan of their own.
 */
export function PlanOfferBanner({ user, className }: { user: PublicUser; className?: string }) {
  const mayHaveOffer = !user.partnerId && !LIVE.has(user.subscriptionStatus ?? "");
  const { data } = useQuery<{ offer: PlanOffer | null }>({
    queryKey: ["/api/account/plan-offer"],
    enabled: mayHaveOffer,
  });
  const offer = mayHaveOffer ? data?.offer : null;
  if (!offer) return null;
  const by = longDay.format(new Date(offer.expiresAt));
  const paid = longDay.format(new Date(offer.paidUntil));
  const dates = `${offer.dates} booked ${offer.dates === 1 ? "date" : "dates"}`;
  return (
    <section
      aria-labelledby="plan-offer-heading"
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-accent/60 bg-accent/10 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6",
        className,
      )}
      data-testid="plan-offer"
    >
      <div className="flex gap-3">
        <CalendarClock aria-hidden className="mt-1 size-5 shrink-0 text-accent-text" />
        <div className="grid gap-1">
          <h2 id="plan-offer-heading" className="font-display text-xl font-medium">
            Keep your dates: choose a plan by {by}
          </h2>
          <p className="text-sm text-muted-foreground">
            Your partner's {offer.tierName} membership has ended.{" "}
            {offer.dates > 0
              ? `Set up your own Direct Debit by ${by} to keep your ${dates}.`
              : `You can carry on with a membership of your own.`}
            {offer.atRisk > 0 &&
              ` Otherwise the ${offer.atRisk === 1 ? "date" : `${offer.atRisk} dates`} after ${paid} will be cancelled.`}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0 self-start sm:self-center">
        <Link href="/subscription">Choose a Plan</Link>
      </Button>
    </section>
  );
}
