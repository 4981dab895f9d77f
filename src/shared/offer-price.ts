/**
 * What an offer takes off a monthly price, for the server's quotes and collections and for the words a screen
 * shows before a change of plan: one rule, so the dialog's price is the price collected.
 */
import type { TierId } from "./constants.ts";

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

/** Whether an offer for `tiers` (null or empty: every plan) applies to `tier`. */
export function offerAppliesTo(tiers: readonly string[] | null, tier: TierId): boolean {
  const named = tiers?.filter(Boolean) ?? [];
  return named.length === 0 || named.includes(tier);
}
