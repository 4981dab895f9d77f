import type { PublicUser } from "../../shared/api-types.ts";
import { formatPence, type SubscriptionStatus, TIERS } from "../../shared/constants.ts";
import { giftedPlanRunning, giftUntilText } from "../../shared/gift-basics.ts";
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

/**
 * The end of the couple's gifted plan (the member's own, or the partner's that covers them) while it runs
 * without a Direct Debit; null otherwise.
 */
export function giftedUntil(user: PublicUser | null): string | null {
  if (!user) return null;
  const now = Date.now();
  if (giftedPlanRunning(user, now)) return user.giftedUntil;
  const cover = partnerCover(user);
  return cover && giftedPlanRunning({ subscriptionStatus: cover.status, giftedUntil: cover.giftedUntil }, now)
    ? cover.giftedUntil
    : null;
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
  const gift = giftedUntil(user);
  if (cover)
    return {
      name: TIERS[cover.tier].name,
      status: `with ${partnerName(cover)}${gift ? ` · ${giftUntilText(gift)}` : ""}`,
      shared: true,
    };
  if (!user.subscriptionTier) return null;
  // A gifted plan reads "Gift until 12 March 2027" wherever the plan is named.
  if (gift) return { name: `${TIERS[user.subscriptionTier].name} plan`, status: giftUntilText(gift) };
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
