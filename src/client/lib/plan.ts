import type { PublicUser } from "../../shared/api-types.ts";
import { type SubscriptionStatus, TIERS } from "../../shared/constants.ts";

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  cancelled: "Cancelled",
  past_due: "Payment overdue",
  paused: "Paused",
};

/** Statuses in which the member still holds a plan, so a second one cannot be started. */
const HOLDING: readonly SubscriptionStatus[] = ["active", "past_due", "paused"];

export function hasCurrentPlan(user: PublicUser | null): boolean {
  return Boolean(
    user?.subscriptionTier && user.subscriptionStatus && HOLDING.includes(user.subscriptionStatus),
  );
}

/** The member's plan as words, e.g. { name: "Gold plan", status: "Active" }; null before any plan. */
export function planSummary(user: PublicUser): { name: string; status: string } | null {
  if (!user.subscriptionTier) return null;
  return {
    name: `${TIERS[user.subscriptionTier].name} plan`,
    status: user.subscriptionStatus ? STATUS_LABELS[user.subscriptionStatus] : "Trial",
  };
}

/** Pounds with pence, as prices are quoted once a discount is involved: 18 -> "£18.00". */
export function formatPounds(pounds: number): string {
  return `£${pounds.toFixed(2)}`;
}
