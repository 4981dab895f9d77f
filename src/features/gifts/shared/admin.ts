/**
 * The back office's Gifts section: status words, the list filter, the gift's history, and which of the three
 * actions (resend, change the delivery date, refund) an admin may take, with the reason when not.
 */
import { z } from "zod";
import { londonNumericDay } from "../../../shared/london-time.ts";
import {
  type AdminGiftFilter,
  adminGiftRow,
  formatGiftCode,
  type GiftStatus,
  type GiftView,
} from "./schemas.ts";

export const ADMIN_GIFTS_URL = "/api/admin/gifts";

/** The filter's default: every gift that was paid for. */
export const ADMIN_GIFT_DEFAULT_FILTER: AdminGiftFilter = "bought";

export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  scheduled: "Scheduled",
  delivered: "Delivered",
  redeemed: "Redeemed",
  expired: "Expired",
  refunded: "Refunded",
};

export const GIFT_HISTORY_KINDS = [
  "ordered",
  "paid",
  "sent",
  "resent",
  "send_failed",
  "redeemed",
  "refunded",
  "expired",
] as const;
export type GiftHistoryKind = (typeof GIFT_HISTORY_KINDS)[number];

export const GIFT_HISTORY_LABELS: Record<GiftHistoryKind, string> = {
  ordered: "Ordered",
  paid: "Paid",
  sent: "Sent to the couple",
  resent: "Sent again",
  send_failed: "E-mail failed",
  redeemed: "Redeemed",
  refunded: "Refunded",
  expired: "Expired",
};

/** GET /api/admin/gifts/:id/history: what happened to the gift, oldest first, and who redeemed it. */
export const adminGiftHistoryResponse = z.object({
  redeemer: adminGiftRow.shape.redeemer,
  events: z.array(
    z.object({
      at: z.date(),
      kind: z.enum(GIFT_HISTORY_KINDS),
      /** In words, for the timeline ("Gift e-mail to sam@example.com"). */
      detail: z.string(),
    }),
  ),
});
export type AdminGiftHistory = z.infer<typeof adminGiftHistoryResponse>;

export const ADMIN_GIFTS_MSG = {
  fetchFailed: "Couldn't load gifts",
  historyFailed: "Couldn't load the gift's history",
  noGifts: "No gifts yet. When someone gives Unveil, it appears here.",
  noMatch: "No gifts match this search and filter.",
  resendFailed: "The gift couldn't be sent",
  moveFailed: "The delivery date couldn't be changed",
  refundFailed: "The gift couldn't be refunded",
} as const;

const day = (d: Date | string | null) => (d ? londonNumericDay(new Date(d)) : "");

type ActionGift = Pick<
  GiftView,
  "status" | "deliveredAt" | "redeemedAt" | "refundedAt" | "expiresAt" | "canChangeDelivery" | "canResend"
>;

/** Why an action is not open to this gift, in words; null when it is. */
function closedBecause(g: ActionGift): string {
  switch (g.status) {
    case "pending":
      return "It hasn't been paid for yet.";
    case "redeemed":
      return `The couple redeemed it on ${day(g.redeemedAt)}.`;
    case "refunded":
      return `It was refunded on ${day(g.refundedAt)}; the code no longer works.`;
    case "expired":
      return `The code expired on ${day(g.expiresAt)}.`;
    default:
      return "";
  }
}

/**
 * The admin's three actions on a gift: null when allowed, else the sentence saying why not. An admin may
 * refund any paid, unredeemed gift (the buyer's 14-day window does not bind the back office).
 */
export function adminGiftActions(g: ActionGift): {
  resend: string | null;
  move: string | null;
  refund: string | null;
} {
  const closed = closedBecause(g);
  return {
    resend: g.canResend ? null : closed,
    move: g.canChangeDelivery
      ? null
      : g.status === "delivered"
        ? `It was delivered on ${day(g.deliveredAt)}, so the date can't change.`
        : closed,
    refund: g.canResend ? null : closed || "Only a paid gift that hasn't been redeemed can be refunded.",
  };
}

/** "Refund £60.00 to Priya Shah and cancel code K7QX-M4RZ-T9WA: the code stops working at once." */
export function refundQuestion(g: Pick<GiftView, "buyerName" | "code">, amount: string): string {
  return `Refund ${amount} to ${g.buyerName} and cancel code ${g.code ? formatGiftCode(g.code) : ""}: the code stops working at once.`;
}

/** How the analytics tab's gift figures are worked out (its "How these figures are worked out" list). */
export const GIFT_ANALYTICS_DEFINITIONS = {
  revenue:
    "Gift revenue: what buyers paid for gift memberships, in the London month each was paid, less refunds in the month they were refunded. A gift is paid once, so it is never part of MRR; a gifted plan counts as a subscriber but adds £0 to MRR.",
  redemptionRate:
    "Redemption rate: gifts redeemed, of the gifts paid for and not refunded (those still waiting to be redeemed included).",
  giftToPaid:
    "Gift-to-paid conversion: of the couples who started a gifted plan (not credit on a plan they already paid for), the share who went on to set up a Direct Debit.",
} as const;

export const GIFT_ANALYTICS_MSG = { fetchFailed: "Failed to fetch gift analytics" } as const;
