import { Badge } from "../../../../client/components/ui/badge.tsx";
import { GIFT_STATUS_LABELS } from "../../shared/admin.ts";
import type { GiftStatus } from "../../shared/schemas.ts";

/** Colours follow where the gift stands: open (brand, gold), used (green), over without use (grey, red). */
const VARIANT = {
  pending: "neutral",
  paid: "brand",
  scheduled: "brand",
  delivered: "warning",
  redeemed: "success",
  expired: "neutral",
  refunded: "destructive",
} as const satisfies Record<GiftStatus, string>;

export function GiftStatusBadge({ status }: { status: GiftStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="gift-status">
      {GIFT_STATUS_LABELS[status]}
    </Badge>
  );
}
