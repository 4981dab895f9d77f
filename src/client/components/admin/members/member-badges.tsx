import { Heart } from "lucide-react";
import {
  type AdminUser,
  coveredBy,
  memberName,
  statusLabel,
  tierLabel,
} from "../../../../shared/admin/members.ts";
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

/** The Subscription column for a couple: a covered partner reads "Covered by {name}", not "Free Trial". */
export function PlanBadge({
  user,
}: {
  user: Pick<AdminUser, "subscriptionTier" | "partner" | "planHolderId">;
}) {
  const holder = coveredBy(user);
  if (!holder) return <TierBadge tier={user.subscriptionTier} />;
  return (
    <span
      className="inline-block max-w-48 rounded-md bg-muted px-2 py-0.5 text-xs ring-1 ring-border ring-inset"
      title={`${tierLabel(holder.subscriptionTier)} plan held by ${memberName(holder)}`}
    >
      <span className="text-muted-foreground">Covered by </span>
      <span className="font-semibold wrap-anywhere">{memberName(holder)}</span>
    </span>
  );
}

/** The Status column: a covered partner's status is their plan holder's. */
export function PlanStatusBadge({
  user,
}: {
  user: Pick<AdminUser, "subscriptionStatus" | "partner" | "planHolderId">;
}) {
  return <StatusBadge status={(coveredBy(user) ?? user).subscriptionStatus} />;
}

/** Under a member's name in the lists: their partner, and which of the two holds the plan. */
export function PartnerLine({ user }: { user: Pick<AdminUser, "id" | "partner" | "planHolderId"> }) {
  if (!user.partner) return null;
  return (
    <p className="mt-0.5 text-xs wrap-anywhere text-muted-foreground">
      <Heart aria-hidden className="-mt-0.5 mr-1 inline size-3" />
      With {memberName(user.partner)}
      {user.planHolderId === user.id && (
        <span className="font-medium text-accent-text"> · Holds the plan</span>
      )}
    </p>
  );
}
