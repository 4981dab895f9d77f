import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { Link } from "wouter";
import type { PublicUser } from "../../shared/api-types.ts";
import { accountApi } from "../../shared/contract/account.ts";
import { offerDependsText } from "../../shared/leaving-words.ts";
import { londonWeekdayDayMonth } from "../../shared/london-time.ts";
import { queryOf } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";

const LIVE = new Set(["active", "past_due", "paused"]);

/**
 * The membership offered to a partner whose plan holder left (couples/leaving.ts): the deadline, what it
 * keeps, and a way to the plans. Asked for only by a member with no partner and no plan of their own.
 */
export function PlanOfferBanner({ user, className }: { user: PublicUser; className?: string }) {
  const mayHaveOffer = !user.partnerId && !LIVE.has(user.subscriptionStatus ?? "");
  const { data } = useQuery({ ...queryOf(accountApi.planOffer), enabled: mayHaveOffer });
  const offer = mayHaveOffer ? data?.offer : null;
  if (!offer) return null;
  const by = londonWeekdayDayMonth(new Date(offer.expiresAt));
  // Old answers (before the days were sent) have no lists: the counts alone still say nothing false.
  const kept = offer.keptDays ?? [];
  const atRisk = offer.atRiskDays ?? [];
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
            {atRisk.length > 0 ? "Keep your dates" : `Keep the ${offer.tierName} membership`}: choose a plan
            by {by}
          </h2>
          <p className="text-sm text-muted-foreground">
            Your partner's {offer.tierName} membership has ended. Set up your own Direct Debit by {by} to keep
            the {offer.tierName} membership. {offerDependsText(kept, atRisk)}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0 self-start sm:self-center">
        <Link href={`/subscription?tier=${encodeURIComponent(offer.tier)}`}>Choose a Plan</Link>
      </Button>
    </section>
  );
}
