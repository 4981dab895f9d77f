/**
 * What an offer takes off a monthly price, for the server's quotes and collections and for the words a screen
 * shows before a change of plan: one rule, so the dialog's price is the price collected.
 */
import { isTierId, type TierId, tierName } from "./constants.ts";

/** The saving in pence for a monthly price: never more than the price itself. */
export function discountPence(
  offer: { discountType: string; discountValue: string },
  pricePence: number,
): number {
  const value = Number(offer.discountValue);
  const raw =
    offer.discountType === "percentage" ? Math.round((pricePence * value) / 100) : Math.round(value * 100);
  return Math.max(0, Math.min(pricePence, raw));
}

/** The plans an offer is for, as its refusal and the Switch dialog name them: "Gold", "Gold or Platinum". */
export function offerPlanNames(tiers: readonly string[]): string {
  const names = tiers.filter(Boolean).map((t) => tierName(t, t));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

/** The plans an offer is for (blank entries left by old imports dropped); null when it names none: every plan. */
export function offerTiers(tiers: readonly string[] | null): TierId[] | null {
  const named = tiers?.filter(isTierId) ?? [];
  return named.length > 0 ? named : null;
}

/** Whether an offer for `tiers` (null or empty: every plan) applies to `tier`. */
export function offerAppliesTo(tiers: readonly string[] | null, tier: TierId): boolean {
  const named = tiers?.filter(Boolean) ?? [];
  return named.length === 0 || named.includes(tier);
}
