import { Check } from "lucide-react";
import { cn } from "../../../client/lib/cn.ts";
import type { Tier } from "../../../shared/constants.ts";

/** A plan's benefits as a ticked list (plans page, settings, a partner's covering plan). */
export function PlanFeatures({ tier, className, label }: { tier: Tier; className?: string; label?: string }) {
  return (
    <ul className={cn("grid gap-2.5 text-sm", className)} aria-label={label}>
      {tier.features.map((feature) => (
        <li key={feature} className="flex gap-2.5">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
