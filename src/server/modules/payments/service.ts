import { and, eq, sql } from "drizzle-orm";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import type { Db } from "../../db/client.ts";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  subscriptionEvents,
  type User,
  users,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http-error.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { evaluateOffer } from "../offers/service.ts";
import { NotAuthorisedError } from "./provider.ts";

export const PAYMENT_MSG = {
  alreadySubscribed: "You already have an active subscription. Change your plan from Settings.",
  checkoutNotFound:
    "This payment session was not found or has expired. Please start again from the plans page.",
  notYours: "This payment session belongs to another account.",
  notAuthorised: "The direct debit was not authorised. Please try again.",
  providerDown:
    "The payment provider could not be reached. Your authorisation is kept: please try again shortly.",
} as const;

const CHECKOUT_TTL_HOURS = 24;

export function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/** Quotes the price (with any offer code) and starts a mandate authorisation at the provider. */
export async function createSubscription(
  deps: Deps,
  user: User,
  input: { tier: TierId; offerCode?: string },
): Promise<{ redirect_url: string }> {
  if (user.subscriptionStatus === "active" || user.subscriptionStatus === "past_due")
    throw conflict(PAYMENT_MSG.alreadySubscribed);
  const now = deps.now();
  const quote = input.offerCode
    ? await evaluateOffer(deps.db, { code: input.offerCode, tier: input.tier, userId: user.id, now })
    : null;
  const token = newToken();
  const appUrl = deps.config.appUrl;
  const tier = TIERS[input.tier];
  let started: Awaited<ReturnType<typeof deps.payments.startAuthorisation>>;
  try {
    started = await deps.payments.startAuthorisation({
      reference: `checkout-${user.id}-${hashToken(token).slice(0, 12)}`,
      returnUrl: `${appUrl}/subscription/complete?session_token=${token}`,
      exitUrl: `${appUrl}/subscription?payment=cancelled`,
      customer: { email: user.email, givenName: user.firstName, familyName: user.lastName },
      description: `${tier.name} plan`,
    });
  } catch {
    throw new HttpError(502, PAYMENT_MSG.providerDown);
  }
  await deps.db.insert(paymentCheckouts).values({
    tokenHash: hashToken(token),
    userId: user.id,
    tier: input.tier,
    offerCodeId: quote?.offer.id ?? null,
    originalAmount: tier.monthlyPricePence,
    discountAmount: quote?.discountPence ?? 0,
    provider: deps.payments.name,
    providerRef: started.providerRef,
    providerState: started.state ?? {},
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_HOURS * 3_600_000),
  });
  return { redirect_url: started.redirectUrl };
}

/**
 * Completes an authorised checkout exactly once: creates the provider subscription, records the member's
 * tier and provider ids, and the offer-code usage, in one transaction. Completing again answers the same tier.
 */
export async function completeSubscription(
  deps: Deps,
  user: User,
  sessionToken: string,
): Promise<{ tier: TierId }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.tokenHash, hashToken(sessionToken)))
      .for("update");
    if (!checkout) throw notFound(PAYMENT_MSG.checkoutNotFound);
    if (checkout.userId !== user.id) throw forbidden(PAYMENT_MSG.notYours);
    if (checkout.status === "completed") return { tier: checkout.tier as TierId };
    if (checkout.expiresAt < now) throw notFound(PAYMENT_MSG.checkoutNotFound);
    // The member's row is locked too: two authorised checkouts of one member never make two subscriptions.
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (current.subscriptionStatus === "active" || current.subscriptionStatus === "past_due") {
      throw conflict(PAYMENT_MSG.alreadySubscribed);
    }

    let mandate: { customerId: string; mandateId: string };
    try {
      mandate = await deps.payments.confirmAuthorisation({
        providerRef: checkout.providerRef,
        status: checkout.status,
        providerState: checkout.providerState,
      });
    } catch (e) {
      if (e instanceof NotAuthorisedError) throw badRequest(PAYMENT_MSG.notAuthorised);
      throw new HttpError(502, PAYMENT_MSG.providerDown);
    }

    const tier = checkout.tier as TierId;
    let discount: { offerCodeId: number; code: string; pence: number; months: number | null } | null = null;
    if (checkout.offerCodeId) {
      const [code] = await tx
        .select({ code: offerCodes.code })
        .from(offerCodes)
        .where(eq(offerCodes.id, checkout.offerCodeId));
      // Re-checked under a row lock: maxUses and maxUsesPerUser hold however many completions race.
      const d = await evaluateOffer(tx, { code: code.code, tier, userId: user.id, now, lock: true });
      discount = {
        offerCodeId: d.offer.id,
        code: d.offer.code,
        pence: d.discountPence,
        months: d.offer.durationMonths,
      };
      await tx
        .update(offerCodes)
        .set({ usesCount: sql`${offerCodes.usesCount} + 1` })
        .where(eq(offerCodes.id, d.offer.id));
    }

    const price = TIERS[tier].monthlyPricePence;
    let subscriptionId: string;
    try {
      ({ subscriptionId } = await deps.payments.createSubscription({
        mandateId: mandate.mandateId,
        amountPence: price,
        name: `Unveil ${TIERS[tier].name}`,
        idempotencyKey: `unveil-subscription-${checkout.id}`,
        discount:
          discount && discount.pence > 0
            ? { amountPence: price - discount.pence, months: discount.months ?? 0 }
            : undefined,
      }));
    } catch {
      throw new HttpError(502, PAYMENT_MSG.providerDown);
    }

    const previous = { tier: current.subscriptionTier, status: current.subscriptionStatus };
    await tx
      .update(users)
      .set({
        paymentCustomerId: mandate.customerId,
        paymentMandateId: mandate.mandateId,
        paymentSubscriptionId: subscriptionId,
        subscriptionTier: tier,
        subscriptionStatus: "active",
        currentPeriodEnd: addMonths(now, 1),
        paymentStatusAt: now,
      })
      .where(eq(users.id, user.id));
    if (discount) {
      // A member redeeming a code again after an earlier subscription ended: the old usage row is replaced.
      await tx
        .delete(offerCodeUsage)
        .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.offerCodeId, discount.offerCodeId)));
      await tx
        .update(offerCodeUsage)
        .set({ status: "replaced" })
        .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.status, "active")));
      await tx.insert(offerCodeUsage).values({
        offerCodeId: discount.offerCodeId,
        userId: user.id,
        subscriptionTier: tier,
        originalAmount: price,
        discountAmount: discount.pence,
        finalAmount: price - discount.pence,
        paymentSubscriptionId: subscriptionId,
        discountStartDate: now,
        discountEndDate: discount.months ? addMonths(now, discount.months) : null,
        cyclesRemaining: discount.months,
        usedAt: now,
      });
    }
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      eventType: previous.status ? "reactivated" : "created",
      fromTier: previous.tier,
      toTier: tier,
      fromStatus: previous.status,
      toStatus: "active",
      monthlyAmount: price - (discount?.pence ?? 0),
      occurredAt: now,
    });
    await tx
      .update(paymentCheckouts)
      .set({
        status: "completed",
        completedAt: now,
        customerId: mandate.customerId,
        mandateId: mandate.mandateId,
      })
      .where(eq(paymentCheckouts.id, checkout.id));
    return { tier };
  });
}

export async function findCheckoutByRef(db: Db, providerRef: string) {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.providerRef, providerRef))
    .limit(1);
  return row ?? null;
}
