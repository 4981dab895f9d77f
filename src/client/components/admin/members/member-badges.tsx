import { type AdminUser, statusLabel, tierLabel } from "../../../../shared/admin/members.ts";
import { Badge } from "../../ui/badge.tsx";

type Variant = "neutral" | "gold" | "brand" | "success" | "warning" | "destructive";

const TIER_VARIANT: Record<string, Variant> = { platinum: "brand", gold: "gold", silver: "neutral" };
const STATUS_VARIANT: Record<string, Variant> = {
  active: "success",
  cancelled: "destructive",
  past_due: "warning",
  paused: "neutral",
};

/** The Subscription column: tier name, "Free Trial" without one. */
export function TierBadge({ tier }: { tier: string | null }) {
  return <Badge variant={(tier && TIER_VARIANT[tier]) || "neutral"}>{tierLabel(tier)}</Badge>;
}

/** The Status column: subscription status, "Trial" without one. */
export function StatusBadge({ status }: { status: string | null }) {
  return <Badge variant={(status && STATUS_VARIANT[status]) || "neutral"}>{statusLabel(status)}</Badge>;
}

/** The member page's tier-status badge: "Gold · Active", "Free Trial · Trial". */
export function TierStatusBadge({
  user,
}: {
  user: Pick<AdminUser, "subscriptionTier" | "subscriptionStatus">;
}) {
  return (
    <Badge variant={(user.subscriptionStatus && STATUS_VARIANT[user.subscriptionStatus]) || "neutral"}>
      {tierLabel(user.subscriptionTier)} · {statusLabel(user.subscriptionStatus)}
    </Badge>
  );
}
