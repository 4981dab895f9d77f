/**
 * What the buyer (by the private link) and admins may do with a gift: see it, send it to the couple again,
 * move the delivery day until it has gone, cancel an unredeemed gift (the buyer within GIFT.cancelDays of
 * paying, an admin at any time) with a full refund, and download the card.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { billingEvents, gifts } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { badRequest, conflict, HttpError, notFound } from "../../../server/http-error.ts";
import { sendClaimed } from "../../../server/jobs/outbound.ts";
import { TIER_IDS } from "../../../shared/constants.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import { GIFT, GIFT_MSG, GIFT_STATUSES, type GiftView } from "../shared/schemas.ts";
import { cardAttachment, giftDeliveryMail } from "./mails.ts";
import { checkDeliveryDay } from "./purchase.ts";

export type Gift = typeof gifts.$inferSelect;

/** Paid and still to be redeemed: the states in which the gift can be sent, moved or refunded. */
export const OPEN_STATUSES = ["paid", "scheduled", "delivered"] as const;
const isOpen = (g: Gift) => (OPEN_STATUSES as readonly string[]).includes(g.status);

export function withinCancelWindow(deps: Deps, g: Gift): boolean {
  return !!g.paidAt && deps.now().getTime() - g.paidAt.getTime() <= GIFT.cancelDays * 86_400_000;
}

export function giftView(deps: Deps, g: Gift): GiftView {
  const open = isOpen(g);
  return {
    id: g.id,
    status: (GIFT_STATUSES as readonly string[]).includes(g.status)
      ? (g.status as GiftView["status"])
      : "pending",
    tier: (TIER_IDS as readonly string[]).includes(g.tier) ? (g.tier as GiftView["tier"]) : "silver",
    months: g.months,
    amountPence: g.amountPence,
    buyerName: g.buyerName,
    buyerEmail: g.buyerEmail,
    recipientNames: g.recipientNames,
    recipientEmail: g.recipientEmail,
    message: g.message,
    deliverOn: g.deliverOn,
    code: g.status === "pending" ? null : g.code,
    paidAt: g.paidAt,
    deliveredAt: g.deliveredAt,
    redeemedAt: g.redeemedAt,
    expiresAt: g.expiresAt,
    refundedAt: g.refundedAt,
    canChangeDelivery: g.status === "paid" || g.status === "scheduled",
    canResend: open,
    canCancel: open && withinCancelWindow(deps, g),
  };
}

/** Sends the couple's e-mail again now (once per resend, claimed like any scheduled mail). */
export async function resendGift(deps: Deps, g: Gift): Promise<void> {
  if (!isOpen(g)) throw conflict(GIFT_MSG.notDeliverable);
  const [row] = await deps.db
    .update(gifts)
    .set({ resends: sql`${gifts.resends} + 1` })
    .where(eq(gifts.id, g.id))
    .returning();
  await sendClaimed(deps, {
    key: `gift-resend:${g.id}:${row.resends}`,
    kind: "gift_delivery",
    userId: null,
    build: () => giftDeliveryMail(deps, row),
  });
  if (row.status !== "delivered")
    await deps.db
      .update(gifts)
      .set({ status: "delivered", deliveredAt: deps.now() })
      .where(and(eq(gifts.id, g.id), inArray(gifts.status, ["paid", "scheduled"])));
}

export async function changeDelivery(deps: Deps, g: Gift, day: string): Promise<void> {
  checkDeliveryDay(deps, day);
  if (g.status === "pending") throw badRequest(GIFT_MSG.notPaid);
  const today = londonIsoDay(deps.now());
  const moved = await deps.db
    .update(gifts)
    .set({ deliverOn: day, status: day > today ? "scheduled" : "paid" })
    .where(and(eq(gifts.id, g.id), inArray(gifts.status, ["paid", "scheduled"])))
    .returning({ id: gifts.id });
  if (moved.length === 0) throw conflict(GIFT_MSG.alreadyDelivered);
}

/**
 * Refunds an unredeemed gift in full and retires its code. The status changes first (conditionally, so a
 * redemption racing with it wins or loses cleanly), then the provider is asked for the refund.
 */
export async function refundGift(deps: Deps, g: Gift, by: "buyer" | "admin"): Promise<void> {
  if (by === "buyer" && isOpen(g) && !withinCancelWindow(deps, g)) throw badRequest(GIFT_MSG.cancelWindow);
  const now = deps.now();
  const [row] = await deps.db
    .update(gifts)
    .set({ status: "refunded", refundedAt: now })
    .where(and(eq(gifts.id, g.id), inArray(gifts.status, [...OPEN_STATUSES])))
    .returning();
  if (!row) throw conflict(GIFT_MSG.notRefundable);
  try {
    await deps.payments.refundPayment(row.paymentRef!, row.amountPence, `gift-refund-${row.id}`);
  } catch (e) {
    // The gift stays open: the refund did not happen, so the code must still work.
    await deps.db.update(gifts).set({ status: g.status, refundedAt: null }).where(eq(gifts.id, g.id));
    throw new HttpError(502, e instanceof Error ? `The refund failed: ${e.message}` : "The refund failed");
  }
  await deps.db
    .insert(billingEvents)
    .values({
      userId: row.buyerUserId,
      provider: row.provider,
      kind: "payment_refunded",
      paymentRef: row.paymentRef,
      amountPence: row.amountPence,
      chargeDate: londonIsoDay(now),
      description: `Gift membership refunded (GIFT-${row.id})`,
      eventKey: `gift-refunded:${row.id}`,
      occurredAt: now,
    })
    .onConflictDoNothing({ target: billingEvents.eventKey });
}

export async function giftCardFile(deps: Deps, g: Gift): Promise<Buffer> {
  if (g.status === "pending") throw notFound(GIFT_MSG.notPaid);
  return (await cardAttachment(deps, g)).content;
}
