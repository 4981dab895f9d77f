import { Check } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { cn } from "../../../client/lib/cn.ts";
import { formatPounds } from "../../../client/lib/plan.ts";
import { formatPence, TIER_IDS, TIERS, type TierId } from "../../../shared/constants.ts";
import type { OfferQuote } from "../../../shared/schemas/subscription.ts";

/** "for 3 months, then £20 a month" for a time-limited offer; nothing for a lasting one. */
export function offerDurationText(quote: OfferQuote, originalPence: number): string {
  if (!quote.isTimeLimited || !quote.durationMonths) return "";
  const months = quote.durationMonths === 1 ? "your first month" : `${quote.durationMonths} months`;
  return `for ${months}, then ${formatPence(originalPence)} a month`;
}

const ARROW_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The three plans as a radio group. Each card is one radio (a transparent button over the whole card, so
 * any click selects it and the focus ring outlines the card); its name labels it and its price describes it.
 */
export function TierOptions({
  value,
  onChange,
  quote,
}: {
  value: TierId | null;
  onChange: (tier: TierId) => void;
  /** An applied offer code, shown on the selected card. */
  quote: OfferQuote | null;
}) {
  return (
    <RadioGroup.Root
      aria-label="Plans"
      value={value ?? ""}
      onValueChange={(v) => onChange(v as TierId)}
      // An arrow key selects the next plan at once. Radix selects on the focus that follows, and only while the
      // key is still down; its focus move waits for a timer, so a quick press on a busy phone moved focus alone.
      onKeyDown={(e) => {
        const step = ARROW_STEPS[e.key];
        const i = TIER_IDS.indexOf((e.target as HTMLElement).getAttribute("value") as TierId);
        if (step && i >= 0) onChange(TIER_IDS[(i + step + TIER_IDS.length) % TIER_IDS.length]);
      }}
      className="grid gap-4 md:grid-cols-3 md:items-stretch md:gap-5"
    >
      {TIER_IDS.map((id) => {
        const tier = TIERS[id];
        const selected = value === id;
        const discounted = selected && quote ? quote : null;
        return (
          <div
            key={id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-surface p-5 text-surface-foreground transition-[border-color,box-shadow] sm:p-6",
              selected
                ? "border-brand shadow-[0_12px_32px_-16px_rgb(40_10_40/0.45)] ring-2 ring-brand"
                : "border-border hover:border-brand/50",
            )}
          >
            <RadioGroup.Item
              value={id}
              aria-labelledby={`plan-${id}-name`}
              aria-describedby={`plan-${id}-price plan-${id}-tagline`}
              className="absolute inset-0 z-10 cursor-pointer rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
            />
            {tier.badge && (
              <span className="absolute -top-3 left-5 rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-wide text-accent-foreground sm:left-6">
                {tier.badge}
              </span>
            )}
            <div className="flex items-start justify-between gap-4">
              <div>
                <p id={`plan-${id}-name`} className="font-display text-2xl font-medium">
                  {tier.name}
                </p>
                <p id={`plan-${id}-tagline`} className="mt-0.5 text-sm text-muted-foreground">
                  {tier.tagline}
                </p>
              </div>
              <span
                aria-hidden
                className={cn(
                  "mt-1 flex size-6 shrink-0 items-center justify-center rounded-full border-2 transition-colors",
                  selected ? "border-primary bg-primary text-primary-foreground" : "border-input",
                )}
              >
                {selected && <Check className="size-3.5" strokeWidth={3} />}
              </span>
            </div>

            <div id={`plan-${id}-price`} className="mt-5" data-testid={`plan-${id}-price`}>
              {discounted ? (
                <>
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-display text-4xl font-medium tracking-tight">
                      {formatPounds(discounted.finalPrice)}
                    </span>
                    <span className="text-sm text-muted-foreground">/month</span>
                    <s className="text-base text-muted-foreground">
                      <span className="sr-only">was </span>
                      {formatPence(tier.monthlyPricePence)}
                    </s>
                  </p>
                  <p className="mt-1 text-sm font-medium text-success-text">
                    {discounted.code} applied
                    {offerDurationText(discounted, tier.monthlyPricePence) &&
                      ` · ${offerDurationText(discounted, tier.monthlyPricePence)}`}
                  </p>
                </>
              ) : (
                <p className="flex items-baseline gap-1">
                  <span className="font-display text-4xl font-medium tracking-tight">
                    {formatPence(tier.monthlyPricePence)}
                  </span>
                  <span className="text-sm text-muted-foreground">/month</span>
                </p>
              )}
            </div>

            <ul className="mt-4 grid gap-2.5 border-t border-border pt-4 text-sm md:mt-5 md:pt-5">
              {tier.features.map((feature, i) => (
                // On a phone an unchosen card shows only its first line (dates a month), keeping the list short.
                <li key={feature} className={cn("flex gap-2.5", i > 0 && !selected && "hidden md:flex")}>
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </RadioGroup.Root>
  );
}
