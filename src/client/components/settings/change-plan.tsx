import { useState } from "react";
import type { PublicUser } from "../../../shared/api-types.ts";
import { formatPence, TIER_IDS, TIERS, type TierId } from "../../../shared/constants.ts";
import { TOAST } from "../../../shared/messages.ts";
import { CURRENT_USER_KEY, queryClient, toastCallError } from "../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { Button } from "../ui/button.tsx";
import { toast } from "../ui/use-toast.ts";
import { postJson } from "./api.ts";
import { ChoiceList } from "./choice-list.tsx";
import { formatLongDate } from "./format.ts";

/** Move to another plan from the next billing cycle (the current month stays as paid). */
export function ChangePlan({ user }: { user: PublicUser }) {
  const current = user.subscriptionTier;
  // The plan that will run next cycle: a pending change, else the current one.
  const next = user.pendingTier ?? current;
  const [choice, setChoice] = useState<TierId | null>(null);
  const change = useSingleFlightMutation({
    mutationFn: (tier: TierId) =>
      postJson<{ message: string; effectiveAt: string }>("/api/subscription/change-tier", { tier }),
    onSuccess: (result, tier) => {
      toast({
        title: tier === current ? "Plan Change Withdrawn" : "Plan Change Scheduled",
        description:
          tier === current
            ? `You'll stay on ${TIERS[tier].name}.`
            : result.effectiveAt
              ? `You'll move to ${TIERS[tier].name} on ${formatLongDate(result.effectiveAt)}. Until then, nothing changes.`
              : result.message,
      });
      setChoice(null);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  if (!current) return null;

  const choices = TIER_IDS.filter((id) => id !== next).map((id) => {
    const tier = TIERS[id];
    return {
      value: id,
      label:
        id === current
          ? `Stay on ${tier.name}`
          : `${tier.name}, ${formatPence(tier.monthlyPricePence)}/month`,
      description:
        id === current
          ? "Keep your current plan and withdraw the change."
          : `${tier.datesPerMonth} mystery date${tier.datesPerMonth === 1 ? "" : "s"} a month. ${tier.tagline}.`,
    };
  });

  return (
    <div className="grid gap-4">
      <ChoiceList
        label="Change plan"
        choices={choices}
        value={choice}
        onChange={setChoice}
        className="sm:grid-cols-2"
      />
      <p className="text-sm text-muted-foreground">
        A change takes effect at the start of your next billing cycle
        {user.currentPeriodEnd ? `, on ${formatLongDate(user.currentPeriodEnd)}` : ""}. This month stays as it
        is.
      </p>
      <div className="flex justify-end">
        <Button
          variant="outline"
          disabled={!choice || change.isPending}
          onClick={() => choice && change.mutate(choice)}
          className="w-full sm:w-auto"
        >
          {change.isPending
            ? "Saving..."
            : choice === current && current
              ? `Stay on ${TIERS[current].name}`
              : choice
                ? `Switch to ${TIERS[choice].name}`
                : "Switch plan"}
        </Button>
      </div>
    </div>
  );
}
