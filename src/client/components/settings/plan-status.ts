import type { PublicUser } from "../../../shared/api-types.ts";
import { formatPence, TIERS, type TierId } from "../../../shared/constants.ts";
import { planStatus, planStatusKey, type StatusTone } from "../../../shared/plan-status.ts";
import { formatLongDate } from "./format.ts";

/** The plan's badge: the shared vocabulary's label and tone (src/shared/plan-status.ts). */
export function statusBadge(
  user: Pick<PublicUser, "subscriptionStatus" | "currentPeriodEnd" | "giftedUntil">,
): {
  label: string;
  variant: StatusTone;
} {
  const s = planStatus(user.subscriptionStatus, user.currentPeriodEnd, Date.now(), user.giftedUntil);
  return { label: s.label, variant: s.tone };
}

/** "Gold plan", or the spec's default "Free Trial" before any plan. */
export function planName(user: PublicUser): string {
  return user.subscriptionTier ? `${TIERS[user.subscriptionTier].name} plan` : "Free Trial";
}

/**
 * A cancelled plan whose paid period is over (or was refunded in the cooling-off period, which ends it at
 * once): nothing left to reactivate, a new plan starts through the plans page.
 */
export function planHasEnded(
  status: string | null,
  currentPeriodEnd: string | null,
  now: number = Date.now(),
): boolean {
  return planStatusKey(status, currentPeriodEnd, now) === "ended";
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

/** "£18 a month by Direct Debit (usually £20)": what the member pays now, with the usual price beside a discount. */
export function monthlyPriceText(user: PublicUser, tier: TierId): string {
  const usual = TIERS[tier].monthlyPricePence;
  const monthly = currentMonthlyPence(user) ?? usual;
  return `${formatPence(monthly)} a month by Direct Debit${monthly < usual ? ` (usually ${formatPence(usual)})` : ""}`;
}

/**
 * How long a running offer lasts: "your next 2 monthly payments", "until 1 March 2027", "on every payment".
 * A count says it alone: "for 2 more payments, until 29 January" read as three (that day is the first at the
 * full price).
 */
export function discountRemainingText(discount: NonNullable<PublicUser["activeDiscount"]>): string {
  const n = discount.cyclesRemaining;
  if (n) return n === 1 ? "your next monthly payment" : `your next ${n} monthly payments`;
  if (discount.discountEndDate) return `until ${formatLongDate(discount.discountEndDate)}`;
  return "on every payment";
}
