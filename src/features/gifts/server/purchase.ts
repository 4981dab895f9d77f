/**
 * Buying a gift: the gift is written as "pending" with its code, the one-off payment is started at the
 * provider, and the payer is sent there. The return from the provider (or its webhook) marks it paid once:
 * revenue is recorded in billing_events, the offer's use is counted, and the buyer gets the receipt and card.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../server/db/client.ts";
import { billingEvents, gifts, offerCodes, offerCodeUsage, type User } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { badField } from "../../../server/http-error.ts";
import { NotAuthorisedError } from "../../../server/modules/payments/provider.ts";
import { addMonths } from "../../../shared/calendar-months.ts";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import { deliveryDateProblem, GIFT, type GiftPurchase } from "../shared/schemas.ts";
import { hashToken, newGiftCode, newManageToken } from "./codes.ts";
import { giftReceiptMail } from "./mails.ts";
import { quoteGift } from "./pricing.ts";

type Gift = typeof gifts.$inferSelect;

export function checkDeliveryDay(deps: Deps, day: string): void {
  const problem = deliveryDateProblem(day, londonIsoDay(deps.now()));
  if (problem) throw badField("deliverOn", problem);
}

export async function createGift(
  deps: Deps,
  buyer: User | null,
  input: GiftPurchase,
): Promise<{ redirect_url: string }> {
  checkDeliveryDay(deps, input.deliverOn);
  const quote = await quoteGift(deps.db, {
    tier: input.tier,
    months: input.months,
    offerCode: input.offerCode,
    userId: buyer?.id ?? null,
    now: deps.now(),
  });
  const manage = newManageToken();
  const reference = `gift-${randomBytes(8).toString("hex")}`;
  const app = deps.config.appUrl;
  const started = await deps.payments.startOneOffPayment({
    reference,
    amountPence: quote.totalPence,
    description: `${TIERS[input.tier].name} gift, ${input.months} month${input.months === 1 ? "" : "s"}`,
    returnUrl: `${app}/api/gifts/payment-return?token=${manage.token}`,
    exitUrl: `${app}/gift?payment=cancelled`,
    customer: { email: input.buyerEmail, name: input.buyerName },
  });
  // A new code collides with an existing one about once in 10^18: try again rather than fail.
  for (let attempt = 0; ; attempt++) {
    const inserted = await deps.db
      .insert(gifts)
      .values({
        code: newGiftCode(),
        tier: input.tier,
        months: input.months,
        subtotalPence: quote.subtotalPence,
        lengthDiscountPence: quote.lengthDiscountPence,
        offerDiscountPence: quote.offerDiscountPence,
        amountPence: quote.totalPence,
        offerCodeId: quote.offerCodeId,
        buyerUserId: buyer?.id ?? null,
        buyerName: input.buyerName,
        buyerEmail: input.buyerEmail,
        recipientNames: input.recipientNames,
        recipientEmail: input.recipientEmail,
        message: input.message,
        deliverOn: input.deliverOn,
        manageTokenHash: manage.hash,
        provider: deps.payments.name,
        providerRef: started.providerRef,
        providerState: started.state ?? {},
      })
      .onConflictDoNothing({ target: gifts.code })
      .returning({ id: gifts.id });
    if (inserted.length > 0 || attempt >= 3) break;
  }
  return { redirect_url: started.redirectUrl };
}

export async function findGiftByToken(deps: Deps, token: string): Promise<Gift | undefined> {
  const [g] = await deps.db
    .select()
    .from(gifts)
    .where(eq(gifts.manageTokenHash, hashToken(token)));
  return g;
}

/**
 * The payer is back from the provider: read the payment back (the return proves nothing by itself) and mark
 * the gift paid. Answers where to send the browser.
 */
export async function completeGiftPayment(deps: Deps, token: string): Promise<string> {
  const g = await findGiftByToken(deps, token);
  if (!g) return "/gift?payment=unknown";
  if (g.status === "pending") {
    try {
      const { paymentId } = await deps.payments.confirmOneOffPayment(g);
      await markGiftPaid(deps, g.id, paymentId, token);
    } catch (e) {
      if (e instanceof NotAuthorisedError) return "/gift?payment=incomplete";
      throw e;
    }
  }
  return `/gift/manage?token=${encodeURIComponent(token)}`;
}

/**
 * Marks a pending gift paid, once: the conditional update lets one caller through (return path and webhook
 * may race). When the buyer's token is not at hand (the webhook), a new one is issued for the receipt.
 */
export async function markGiftPaid(
  deps: Deps,
  giftId: number,
  paymentId: string,
  knownToken?: string,
): Promise<boolean> {
  const now = deps.now();
  const fresh = knownToken ? null : newManageToken();
  const paid = await deps.db.transaction(async (tx) => {
    const [g] = await tx
      .update(gifts)
      .set({
        status: sql`case when ${gifts.deliverOn} > ${londonIsoDay(now)} then 'scheduled' else 'paid' end`,
        paymentRef: paymentId,
        paidAt: now,
        expiresAt: addMonths(now, GIFT.codeValidMonths),
        ...(fresh ? { manageTokenHash: fresh.hash } : {}),
      })
      .where(and(eq(gifts.id, giftId), eq(gifts.status, "pending")))
      .returning();
    if (!g) return null;
    // Gift revenue is recorded when paid, in the buyer's billing history when they have an account.
    await tx
      .insert(billingEvents)
      .values({
        userId: g.buyerUserId,
        provider: g.provider,
        kind: "payment_confirmed",
        paymentRef: paymentId,
        amountPence: g.amountPence,
        chargeDate: londonIsoDay(now),
        description: `Gift membership: ${TIERS[g.tier].name}, ${g.months} month${g.months === 1 ? "" : "s"} for ${g.recipientNames}`,
        eventKey: `gift-paid:${g.id}`,
        occurredAt: now,
      })
      .onConflictDoNothing({ target: billingEvents.eventKey });
    if (g.offerCodeId) await recordGiftOfferUse(tx, g, now);
    return g;
  });
  if (!paid) return false;
  await deps.mailer.send(await giftReceiptMail(deps, paid, knownToken ?? fresh!.token));
  return true;
}

/**
 * The offer's use, counted when the gift is paid as a plan's is when its Direct Debit starts: one more use
 * towards the code's limit (under the code's row lock, so concurrent payments count one each), and an
 * offer_code_usage row for a signed-in buyer, so the per-member limit sees it. The row's status is "gift": no
 * running plan discount reads it. A visitor has no account to hold a row (user_id is required); the gift row
 * keeps the code. The price was shown and paid, so a limit reached meanwhile is honoured, not refused.
 */
async function recordGiftOfferUse(tx: Tx, g: Gift, now: Date): Promise<void> {
  const [offer] = await tx.select().from(offerCodes).where(eq(offerCodes.id, g.offerCodeId!)).for("update");
  if (!offer) return;
  await tx
    .update(offerCodes)
    .set({ usesCount: sql`${offerCodes.usesCount} + 1` })
    .where(eq(offerCodes.id, offer.id));
  if (g.buyerUserId === null) return;
  const before = g.subtotalPence - g.lengthDiscountPence;
  await tx
    .insert(offerCodeUsage)
    .values({
      offerCodeId: offer.id,
      userId: g.buyerUserId,
      subscriptionTier: g.tier,
      originalAmount: before,
      discountAmount: g.offerDiscountPence,
      finalAmount: g.amountPence,
      discountStartDate: now,
      discountEndDate: now,
      cyclesRemaining: 0,
      status: "gift",
      usedAt: now,
    })
    .onConflictDoNothing();
}

/** A payment webhook about a gift's billing request or payment: read it back and mark the gift paid. */
export async function applyGiftPaymentEvent(
  deps: Deps,
  event: { resource_type: string; action: string; links: Record<string, string> },
): Promise<boolean> {
  const ref = event.links.billing_request;
  if (event.resource_type !== "billing_requests" || event.action !== "fulfilled" || !ref) return false;
  const [g] = await deps.db.select().from(gifts).where(eq(gifts.providerRef, ref));
  if (g?.status !== "pending") return false;
  try {
    const { paymentId } = await deps.payments.confirmOneOffPayment(g);
    return await markGiftPaid(deps, g.id, paymentId);
  } catch (e) {
    if (e instanceof NotAuthorisedError) return false;
    throw e;
  }
}
