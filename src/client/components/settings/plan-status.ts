import type { PublicUser } from "../../../shared/api-types.ts";
import { type SubscriptionStatus, TIERS } from "../../../shared/constants.ts";

export const STATUS_BADGE: Record<SubscriptionStatus | "trial", { label: string; variant: BadgeTone }> = {
  trial: { label: "Trial", variant: "neutral" },
  active: { label: "Active", variant: "success" },
  cancelled: { label: "Cancelled", variant: "destructive" },
  past_due: { label: "Past due", variant: "warning" },
  paused: { label: "Paused", variant: "gold" },
};
type BadgeTone = "neutral" | "success" | "destructive" | "warning" | "gold";

/** "Gold plan", or the spec's default "Free Trial" before any plan. */
export function planName(user: PublicUser): string {
  return user.subscriptionTier ? `${TIERS[user.subscriptionTier].name} plan` : "Free Trial";
}

export function statusBadge(user: PublicUser) {
  return STATUS_BADGE[user.subscriptionStatus ?? "trial"];
}

/** The discount as words: "10% off" or "£5 off". */
export function discountText(discount: NonNullable<PublicUser["activeDiscount"]>): string {
  const value = Number(discount.discountValue);
  if (discount.discountType === "percentage")
    return `${Number.isInteger(value) ? value : value.toFixed(2)}% off`;
  return `£${Number.isInteger(value) ? value : value.toFixed(2)} off`;
}

/** What the member pays a month now: the plan's price less a running offer. */
export function currentMonthlyPence(user: PublicUser): number | null {
  if (!user.subscriptionTier) return null;
  const usual = TIERS[user.subscriptionTier].monthlyPricePence;
  const d = user.activeDiscount;
  if (!d) return usual;
  const value = Number(d.discountValue);
  if (!Number.isFinite(value)) return usual;
  const off = d.discountType === "percentage" ? Math.round((usual * value) / 100) : Math.round(value * 100);
  return Math.max(0, usual - off);
}
