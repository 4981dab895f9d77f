import { Check } from "lucide-react";
import { Link } from "wouter";
import { formatPence, TIER_IDS, TIERS } from "../../../shared/constants.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";

/** The three plans from TIERS; each "Let's Go!" opens sign-up with the plan chosen. */
export function PricingCards() {
  return (
    <ul className="grid gap-5 md:grid-cols-3 md:items-stretch">
      {TIER_IDS.map((id) => {
        const tier = TIERS[id];
        const featured = Boolean(tier.badge);
        return (
          <li
            key={id}
            aria-labelledby={`tier-${id}`}
            className={cn(
              "relative flex min-w-0 flex-col rounded-2xl border p-gutter break-words sm:p-7",
              featured
                ? "border-transparent bg-stage text-stage-foreground shadow-xl ring-1 ring-gold/60 md:-my-3 md:py-10"
                : "border-border bg-surface text-surface-foreground",
            )}
          >
            {tier.badge && (
              <span className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-wide text-accent-foreground">
                {tier.badge}
              </span>
            )}
            <h3 id={`tier-${id}`} className="text-2xl font-medium">
              {tier.name}
            </h3>
            <p className={cn("mt-1 text-sm", featured ? "text-stage-muted" : "text-muted-foreground")}>
              {tier.tagline}
            </p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="font-display text-5xl font-medium tracking-tight">
                {formatPence(tier.monthlyPricePence)}
              </span>
              <span className={cn("text-sm", featured ? "text-stage-muted" : "text-muted-foreground")}>
                /month
              </span>
            </p>
            <ul className="mt-6 grid gap-3 text-sm">
              {tier.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Check
                    aria-hidden
                    className={cn("mt-0.5 size-4 shrink-0", featured ? "text-gold" : "text-accent-text")}
                  />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-1 items-end">
              <Button asChild size="lg" variant={featured ? "gold" : "outline"} className="w-full">
                <Link href={`/auth?tier=${id}`} aria-label={`Let's Go! Choose ${tier.name}`}>
                  Let's Go!
                </Link>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
