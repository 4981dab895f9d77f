import type { PublicUser } from "../../shared/api-types.ts";
import { formatPence, type SubscriptionStatus, TIERS } from "../../shared/constants.ts";
import { planStatus } from "../../shared/plan-status.ts";

/** Statuses in which the member still holds a plan, so a second one cannot be started. */
const HOLDING: readonly SubscriptionStatus[] = ["active", "past_due", "paused"];

export function hasCurrentPlan(user: PublicUser | null): boolean {
  return Boolean(
    user?.subscriptionTier && user.subscriptionStatus && HOLDING.includes(user.subscriptionStatus),
  );
}

/**
 * The partner's membership when it covers this member and they hold no live plan of their own: nothing to
 * buy and no billing to manage, the partner does that.
 */
export function partnerCover(user: PublicUser | null): NonNullable<PublicUser["partnerPlan"]> | null {
  if (!user?.partnerPlan || hasCurrentPlan(user)) return null;
  return user.partnerPlan;
}

/** "Ada", or "your partner" when the partner gave no name. */
export function partnerName(cover: NonNullable<PublicUser["partnerPlan"]>): string {
  return cover.firstName?.trim() || "your partner";
}

/**
 * The member's plan as words, e.g. { name: "Gold plan", status: "Active" }, or { name: "Gold", status:
 * "with Ada" } when the partner's membership covers them; null before any plan.
 */
export function planSummary(user: PublicUser): { name: string; status: string; shared?: true } | null {
  const cover = partnerCover(user);
  if (cover) return { name: TIERS[cover.tier].name, status: `with ${partnerName(cover)}`, shared: true };
  if (!user.subscriptionTier) return null;
  return {
    name: `${TIERS[user.subscriptionTier].name} plan`,
    // The shared vocabulary: a refunded or finished plan reads "Ended" here as on /billing and in Settings.
    status: planStatus(user.subscriptionStatus, user.currentPeriodEnd).label,
  };
}

/** A price in pounds written as everywhere else: whole pounds bare, pence only when there are some (18 -> "£18", 13.5 -> "£13.50"). */
export function formatPounds(pounds: number): string {
  return formatPence(Math.round(pounds * 100));
}
