/**
 * The checkout: how a member starts paying for a plan. createSubscription quotes the price and opens one
 * authorisation at the provider per member (another tab's Subscribe gets the same page back; a different plan
 * or code supersedes it). completeSubscription turns the authorised checkout into the plan exactly once; a
 * second tab's mandate is cancelled as a duplicate, and a stopped completion is finished by a sweep. A new-bank-
 * details checkout is completed by the plan's own rules (features/subscriptions/server/service.ts): money comes in here and
 * flows on to the plan, never back.
 */
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  subscriptionEvents,
  type User,
  users,
} from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { faultPoint } from "../../../server/fault-point.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../../server/http-error.ts";
import { hashToken, newToken } from "../../../server/modules/auth/tokens.ts";
import { recordMandateClosed, recordMandateSetUp } from "../../../server/modules/billing-history/mandates.ts";
import { keepOfferedDates } from "../../../server/modules/couples/leaving.ts";
import { subscriptionConfirmedEmail } from "../../../server/modules/email/templates.ts";
import { evaluateOffer, OFFER_MSG } from "../../../server/modules/offers/service.ts";
import { readLinks, saveLinks } from "../../../server/modules/payments/links.ts";
import { retireOldMandate } from "../../../server/modules/payments/mandate-swap.ts";
import { NotAuthorisedError } from "../../../server/modules/payments/provider.ts";
import { accountOf, type PlanFacts, takeOverFacts } from "../../../server/modules/plan-account/account.ts";
import {
  clearChosenPlan,
  type PlanChoices,
  readChoices,
} from "../../../server/modules/plan-account/choices.ts";
import { factsOf, storeFacts } from "../../../server/modules/plan-account/facts.ts";
import { type MemberWithPlan, readState, readWithPlan } from "../../../server/modules/plan-account/state.ts";
import { recheckCoupleAfter } from "../../../server/modules/rulebook/recheck.ts";
import { assertInServiceArea } from "../../../server/modules/waitlist/service.ts";
import { addMonths, monthsUntil } from "../../../shared/calendar-months.ts";
import { hasLiveSubscription, TIERS, type TierId, tierName } from "../../../shared/constants.ts";
import type { CompletionResult } from "../../../shared/schemas/subscription.ts";
import { giftContinuedMail } from "../../gifts/server/mails.ts";
import { GIFT_MSG } from "../../gifts/shared/schemas.ts";
import { auditPlanChange } from "../../subscriptions/server/plan-audit.ts";
import { tellPlanChange } from "../../subscriptions/server/plan-notice.ts";
import { completeMandateUpdate } from "../../subscriptions/server/service.ts";
import { continuesGift, partnerHasPlan } from "./checkout-rules.ts";

export const PAYMENT_MSG = {
  alreadySubscribed: "You already have an active subscription. Change your plan from Settings.",
  checkoutNotFound:
    "This payment session was not found or has expired. Please start again from the plans page.",
  notYours: "This payment session belongs to another account.",
  notAuthorised: "The direct debit was not authorised. Please try again.",
  inProgress: "Your subscription is already being set up. Please wait a moment and refresh.",
  partnerCovers: "Your partner's membership already covers you both: one membership covers a couple.",
  stillRunning:
    "Your cancelled plan runs until the end of its billing period. Reactivate it from Settings instead of starting a new one.",
  termsFirst: "Please complete your preferences and accept the Terms & Conditions before subscribing.",
  providerDown:
    "The payment provider could not be reached. Your authorisation is kept: please try again shortly.",
  secondMandateCancelled:
    "You already had a Direct Debit set up in another tab, so we cancelled this second one. Nothing extra will be taken.",
} as const;

const CHECKOUT_TTL_HOURS = 24;

/** Quotes the price (with any offer code) and starts a mandate authorisation at the provider. */
export async function createSubscription(
  deps: Deps,
  user: User,
  input: { tier: TierId; offerCode?: string },
): Promise<{ redirect_url: string }> {
  const plan = { ...(await readLinks(deps.db, user.id)), ...(await readState(deps.db, user.id)) };
  const continuing = continuesGift(plan, deps.now());
  if (hasLiveSubscription(plan.subscriptionStatus) && !continuing)
    throw conflict(PAYMENT_MSG.alreadySubscribed);
  // The gift's plan carries on as it is; a change of plan is made afterwards, like any plan's.
  if (continuing && input.tier !== plan.subscriptionTier)
    throw badRequest(GIFT_MSG.continueSameTier(tierName(plan.subscriptionTier)));
  if (await partnerHasPlan(deps.db, user)) throw conflict(PAYMENT_MSG.partnerCovers);
  // A plan the member cancelled still runs to the end of its cycle: reactivating it avoids paying twice.
  if (
    plan.subscriptionStatus === "cancelled" &&
    plan.currentPeriodEnd &&
    plan.currentPeriodEnd > deps.now()
  ) {
    const [last] = await deps.db
      .select({ type: subscriptionEvents.eventType })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, user.id))
      .orderBy(desc(subscriptionEvents.occurredAt), desc(subscriptionEvents.id))
      .limit(1);
    if (last?.type === "cancelled") throw conflict(PAYMENT_MSG.stillRunning);
  }
  // Auto-renewal and the cooling-off period are in the Terms: no money is taken before they are accepted.
  if (!user.termsAccepted) throw forbidden(PAYMENT_MSG.termsFirst);
  // Dates are planned in Greater London only: outside it no payment page is ever shown (the waitlist instead).
  await assertInServiceArea(deps.db, user);
  await deps.limiter.hit(`checkout:${user.id}`, 10, deps.config.rateLimits.windowMinutes);
  const now = deps.now();
  const quote = input.offerCode
    ? await evaluateOffer(deps.db, { code: input.offerCode, tier: input.tier, userId: user.id, now })
    : null;
  const offerCodeId = quote?.offer.id ?? null;
  // The member's row is locked for the whole start, so two tabs clicking Subscribe at once queue here and the
  // second finds the first one's checkout. The provider is called under this lock: it holds one member only.
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [pending] = await tx
      .select()
      .from(paymentCheckouts)
      .where(
        and(
          eq(paymentCheckouts.userId, user.id),
          eq(paymentCheckouts.kind, "subscribe"),
          eq(paymentCheckouts.status, "pending"),
          gt(paymentCheckouts.expiresAt, now),
        ),
      )
      .orderBy(desc(paymentCheckouts.id))
      .limit(1);
    const pendingUrl = pending?.providerState.redirectUrl;
    if (pending && pending.tier === input.tier && pending.offerCodeId === offerCodeId) {
      // Another tab's Subscribe: the same checkout's page, so only one authorisation is ever open.
      if (typeof pendingUrl === "string") return { redirect_url: pendingUrl };
    }
    if (pending) {
      // A different plan or offer code replaces the open checkout: its page stops accepting bank details.
      await tx
        .update(paymentCheckouts)
        .set({ status: "superseded" })
        .where(and(eq(paymentCheckouts.userId, user.id), eq(paymentCheckouts.status, "pending")));
    }
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
    await tx.insert(paymentCheckouts).values({
      tokenHash: hashToken(token),
      userId: user.id,
      tier: input.tier,
      offerCodeId,
      originalAmount: tier.monthlyPricePence,
      discountAmount: quote?.discountPence ?? 0,
      discountMonths: quote?.offer.durationMonths ?? null,
      provider: deps.payments.name,
      providerRef: started.providerRef,
      // The page's address is kept so another tab's Subscribe can be sent back to it.
      providerState: { ...(started.state ?? {}), redirectUrl: started.redirectUrl },
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_HOURS * 3_600_000),
    });
    return { redirect_url: started.redirectUrl };
  });
}

/** A completion attempt that stopped (crash, lost connection) may be retried after this long. */
export const COMPLETING_STALE_MS = 60_000;

/**
 * Completes an authorised checkout exactly once, in three steps so no database lock is held while the
 * provider is called: (1) claim the checkout and count the offer-code use under row locks; (2) create the
 * provider subscription with an idempotency key unique to this checkout; (3) record tier, provider ids,
 * offer usage and history in one transaction. A failed step 2 releases the claim; a crash between steps
 * leaves a stale claim that the next attempt retries safely. The amounts charged are the ones quoted.
 */
export async function completeSubscription(
  deps: Deps,
  user: User,
  sessionToken: string,
): Promise<CompletionResult> {
  const [found] = await deps.db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.tokenHash, hashToken(sessionToken)));
  if (!found) throw notFound(PAYMENT_MSG.checkoutNotFound);
  if (found.userId !== user.id) throw forbidden(PAYMENT_MSG.notYours);
  return completeCheckout(deps, user, found);
}

/** The completion of a checkout found by its token (or by the stale-completion sweep below). */
export async function completeCheckout(
  deps: Deps,
  user: User,
  found: typeof paymentCheckouts.$inferSelect,
): Promise<CompletionResult> {
  const now = deps.now();
  if (found.status === DUPLICATE) return duplicateAnswer(found);
  if (found.status === "completed")
    return found.kind === "update_mandate"
      ? { tier: found.tier, kind: "update_mandate" }
      : { tier: found.tier };
  if (found.expiresAt < now && found.status !== "completing") throw notFound(PAYMENT_MSG.checkoutNotFound);

  let mandate: { customerId: string; mandateId: string };
  if (found.status === "completing" && found.customerId && found.mandateId) {
    // An attempt that stopped after its claim (a crash) had confirmed the authorisation and recorded it on
    // the checkout: the retry goes on from there (the sandbox only confirms checkouts still "authorised").
    mandate = { customerId: found.customerId, mandateId: found.mandateId };
  } else {
    try {
      mandate = await deps.payments.confirmAuthorisation({
        providerRef: found.providerRef,
        status: found.status,
        providerState: found.providerState,
      });
    } catch (e) {
      if (e instanceof NotAuthorisedError) throw badRequest(PAYMENT_MSG.notAuthorised);
      throw new HttpError(502, PAYMENT_MSG.providerDown);
    }
  }

  if (found.kind === "update_mandate") {
    // The mandate in use before the swap: cancelled once the new one is active (mandate-swap.ts).
    const before = await readLinks(deps.db, user.id);
    const result = await completeMandateUpdate(deps, user, found.id, mandate);
    await retireOldMandate(deps, found.id, mandate.mandateId, before.paymentMandateId);
    return result;
  }

  // Step 1: claim.
  const claim = await deps.db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.id, found.id))
      .for("update");
    if (checkout.status === "completed")
      return { done: checkout.tier, checkout: null, previous: null } as const;
    if (checkout.status === DUPLICATE) return { duplicate: checkout } as const;
    if (
      checkout.status === "completing" &&
      checkout.completingSince &&
      now.getTime() - checkout.completingSince.getTime() < COMPLETING_STALE_MS
    ) {
      throw conflict(PAYMENT_MSG.inProgress);
    }
    // The member's row is locked too: two checkouts of one member never make two subscriptions.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [current] = await readWithPlan(tx, [user.id]);
    if (hasLiveSubscription(current.subscriptionStatus) && !continuesGift(current, now)) {
      // A second tab authorised a second mandate after the first made the plan: that mandate must not stay
      // live. The member's own current mandate is never the one cancelled.
      if (current.paymentMandateId !== mandate.mandateId) return { duplicate: checkout } as const;
      throw conflict(PAYMENT_MSG.alreadySubscribed);
    }
    if (await partnerHasPlan(tx, current)) throw conflict(PAYMENT_MSG.partnerCovers);
    const [other] = await tx
      .select({ id: paymentCheckouts.id })
      .from(paymentCheckouts)
      .where(
        and(
          eq(paymentCheckouts.userId, user.id),
          eq(paymentCheckouts.status, "completing"),
          ne(paymentCheckouts.id, checkout.id),
          gt(paymentCheckouts.completingSince, new Date(now.getTime() - COMPLETING_STALE_MS)),
        ),
      );
    // Another tab's checkout is completing right now and will make the plan: this one stands down.
    if (other) return { duplicate: checkout } as const;
    if (checkout.offerCodeId && !checkout.offerReserved) {
      // Only the limits that protect against over-redemption are checked again, under the code's row lock;
      // a quote that has since expired is honoured, as the member saw it on the authorisation page.
      const [offer] = await tx
        .select()
        .from(offerCodes)
        .where(eq(offerCodes.id, checkout.offerCodeId))
        .for("update");
      if (offer) {
        if (offer.maxUses !== null && offer.usesCount >= offer.maxUses) throw badRequest(OFFER_MSG.usedUp);
        const [{ used }] = await tx
          .select({ used: sql<number>`count(*)::int` })
          .from(offerCodeUsage)
          .where(and(eq(offerCodeUsage.offerCodeId, offer.id), eq(offerCodeUsage.userId, user.id)));
        if (used > 0) throw badRequest(OFFER_MSG.alreadyUsed);
        await tx
          .update(offerCodes)
          .set({ usesCount: sql`${offerCodes.usesCount} + 1` })
          .where(eq(offerCodes.id, offer.id));
      }
    }
    await tx
      .update(paymentCheckouts)
      .set({
        status: "completing",
        completingSince: now,
        offerReserved: checkout.offerCodeId !== null,
        customerId: mandate.customerId,
        mandateId: mandate.mandateId,
      })
      .where(eq(paymentCheckouts.id, checkout.id));
    // A membership offered when the plan holder left is taken over from the cycle they paid for.
    const previous = { ...current, ...(await readChoices(tx, user.id)) };
    return { done: null, checkout, previous } as const;
  });
  if (claim.duplicate) return cancelDuplicate(deps, claim.duplicate, mandate.mandateId);
  if (claim.done) return { tier: claim.done };
  const { checkout, previous } = claim;
  const tier = checkout.tier;
  const price = checkout.originalAmount;
  const discountPence = checkout.discountAmount;
  // A gifted plan carried on by Direct Debit: nothing is collected for the gifted months, the first payment
  // falls on the day the gift ends, and the plan's cycle keeps its day (no gap, no second charge).
  const giftEnds = continuesGift(previous, now) ? previous.giftedUntil : null;
  // The plan's account from its first day: a take-over after the holder left runs the paid cycle to its end
  // and collects from then (never twice for one month); gift months on the couple's account come first.
  const plan = firstFacts(previous, tier, giftEnds, now);
  const firstCollection = accountOf(plan, now).nextCollection?.date;
  const carriesCover = !!giftEnds || (!!previous.planOfferPaidUntil && previous.planOfferPaidUntil > now);
  const startDate = carriesCover && firstCollection && firstCollection > now ? firstCollection : undefined;

  // Step 2: the provider, outside any transaction.
  let created: { subscriptionId: string; nextSubscriptionId?: string };
  try {
    created = await providerSubscription(deps, checkout, mandate.mandateId, startDate);
  } catch {
    await releaseClaim(deps, checkout, "authorised");
    throw new HttpError(502, PAYMENT_MSG.providerDown);
  }

  // Crash tests stop the process here: the provider subscription exists, nothing of it is recorded yet.
  await faultPoint("subscription-complete-record");

  // Step 3: record, holding the member's users row as every other plan change does (the cycle and gift
  // jobs, plan actions): the plan's tables are written under it, and a job waiting on it cannot deadlock here.
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update");
    await saveLinks(tx, user.id, {
      paymentCustomerId: mandate.customerId,
      paymentMandateId: mandate.mandateId,
      paymentSubscriptionId: created.subscriptionId,
      paymentNextSubscriptionId: created.nextSubscriptionId ?? null,
      paymentStatusAt: now,
    });
    await storeFacts(tx, user.id, plan);
    // The choice made before paying is now the plan itself.
    await clearChosenPlan(tx, user.id);
    // A partner whose plan holder left took the membership over: the booked dates are theirs to keep.
    await keepOfferedDates(tx, user.id);
    // A new contract starts without an earlier contract's offer; only the code used now applies.
    await tx
      .update(offerCodeUsage)
      .set({ status: checkout.offerCodeId ? "replaced" : "ended" })
      .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.status, "active")));
    if (checkout.offerCodeId) {
      await tx
        .insert(offerCodeUsage)
        .values({
          offerCodeId: checkout.offerCodeId,
          userId: user.id,
          subscriptionTier: tier,
          originalAmount: price,
          discountAmount: discountPence,
          finalAmount: price - discountPence,
          paymentSubscriptionId: created.subscriptionId,
          discountStartDate: now,
          discountEndDate: checkout.discountMonths ? addMonths(now, checkout.discountMonths) : null,
          cyclesRemaining: checkout.discountMonths,
          usedAt: now,
        })
        .onConflictDoNothing();
    }
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      // Every new contract is "created" (its own cooling-off period); "reactivated" is an undone cancellation.
      eventType: "created",
      fromTier: previous.subscriptionTier,
      toTier: tier,
      fromStatus: previous.subscriptionStatus,
      toStatus: "active",
      monthlyAmount: price - discountPence,
      ...(giftEnds
        ? { reason: `continues a gift; first payment ${giftEnds.toISOString().slice(0, 10)}` }
        : startDate
          ? { reason: `takes the plan over; first payment ${startDate.toISOString().slice(0, 10)}` }
          : {}),
      occurredAt: now,
    });
    await tx
      .update(paymentCheckouts)
      .set({ status: "completed", completedAt: now, completingSince: null })
      .where(eq(paymentCheckouts.id, checkout.id));
    await auditPlanChange(tx, user, previous, "subscribe");
  });
  // A plan again: dates kept from before are asked again (their plan problems clear).
  await recheckCoupleAfter(deps, [user.id]);
  await recordMandateSetUp(deps, user.id, mandate.mandateId, now);
  // A partner took the plan over: both are told when the first collection falls.
  if (!giftEnds && startDate) void tellPlanChange(deps, user.id, { kind: "taken_over", by: user.id });
  if (giftEnds) {
    void deps.mailer.send(giftContinuedMail(deps, user, TIERS[tier].name, price - discountPence, giftEnds));
    return { tier };
  }
  void deps.mailer.send({
    to: user.email,
    toName: user.firstName,
    ...subscriptionConfirmedEmail(
      user.firstName ?? "there",
      {
        name: TIERS[tier].name,
        monthlyPence: price - discountPence,
        fullPence: price,
        discountMonths: discountPence > 0 ? checkout.discountMonths : null,
      },
      deps.config.appUrl,
      now,
    ),
    type: "subscription_confirmed",
    userId: user.id,
  });
  return { tier };
}

/**
 * A new plan's facts: a gifted plan carried on by Direct Debit keeps its cycle and collects first when the gift
 * ends; a partner taking the plan over after the holder left starts at the end of the cycle the holder paid
 * for; gift months already on the couple's account are kept. Otherwise the first payment is taken now.
 */
function firstFacts(
  previous: MemberWithPlan & PlanChoices,
  tier: TierId,
  giftEnds: Date | null,
  now: Date,
): PlanFacts {
  const carried = factsOf(previous);
  if (giftEnds && previous.currentPeriodEnd)
    return takeOverFacts(
      {
        ...carried,
        cycleEnd: previous.currentPeriodEnd,
        creditMonths: previous.creditMonths + monthsUntil(previous.currentPeriodEnd, giftEnds),
      },
      tier,
      now,
    );
  if (previous.planOfferPaidUntil && previous.planOfferPaidUntil > now)
    return takeOverFacts({ ...carried, cycleEnd: previous.planOfferPaidUntil }, tier, now);
  // A new plan: its first payment is taken now, for the month starting now.
  return takeOverFacts(null, tier, now);
}

/** A checkout whose mandate was cancelled because another checkout of the member made the plan. */
const DUPLICATE = "duplicate";

function duplicateAnswer(checkout: typeof paymentCheckouts.$inferSelect): CompletionResult {
  return { tier: checkout.tier, duplicate: true, message: PAYMENT_MSG.secondMandateCancelled };
}

/**
 * Cancels a second checkout's mandate at the provider (no subscription was made on it), then records the
 * checkout as a duplicate. If the provider cannot be reached the checkout stays authorised, so a retry (or
 * the member reloading the page) cancels it then.
 */
async function cancelDuplicate(
  deps: Deps,
  checkout: typeof paymentCheckouts.$inferSelect,
  mandateId: string,
): Promise<CompletionResult> {
  try {
    // A claim that stopped (a crash) may have made its provider subscription already: asked again with the
    // same idempotency key, the provider returns it, and it is cancelled with the mandate.
    if (checkout.status === "completing") {
      const made = await providerSubscription(deps, checkout, mandateId);
      for (const id of [made.subscriptionId, made.nextSubscriptionId]) {
        if (id) await deps.payments.cancelSubscription(id, `unveil-cancel-${id}`);
      }
    }
    await deps.payments.cancelMandate(mandateId, `unveil-dup-${checkout.providerRef}`);
  } catch {
    throw new HttpError(502, PAYMENT_MSG.providerDown);
  }
  await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(paymentCheckouts)
      .set({ status: DUPLICATE, completingSince: null, offerReserved: false, mandateId })
      .where(and(eq(paymentCheckouts.id, checkout.id), ne(paymentCheckouts.status, "completed")))
      .returning({ id: paymentCheckouts.id });
    // The offer use a stopped claim reserved is given back: this checkout never became a plan.
    if (marked && checkout.offerReserved && checkout.offerCodeId)
      await tx
        .update(offerCodes)
        .set({ usesCount: sql`greatest(${offerCodes.usesCount} - 1, 0)` })
        .where(eq(offerCodes.id, checkout.offerCodeId));
  });
  await recordMandateClosed(deps, mandateId, checkout.userId);
  return duplicateAnswer(checkout);
}

/**
 * The provider subscription of a checkout, created at most once: the idempotency key is unique to the
 * checkout (its provider reference is random), so a repeated call returns the one already made.
 */
export function providerSubscription(
  deps: Deps,
  checkout: typeof paymentCheckouts.$inferSelect,
  mandateId: string,
  startDate?: Date,
): Promise<{ subscriptionId: string; nextSubscriptionId?: string }> {
  const price = checkout.originalAmount;
  const discountPence = checkout.discountAmount;
  return deps.payments.createSubscription({
    mandateId,
    amountPence: price,
    name: `Unveil ${TIERS[checkout.tier].name}`,
    idempotencyKey: `unveil-sub-${checkout.providerRef}`,
    ...(startDate ? { startDate } : {}),
    discount:
      discountPence > 0
        ? { amountPence: price - discountPence, months: checkout.discountMonths ?? 0 }
        : undefined,
  });
}

/** Gives up a claim: the offer use it reserved is given back and the checkout left in `status`. */
export async function releaseClaim(
  deps: Deps,
  checkout: typeof paymentCheckouts.$inferSelect,
  status: "authorised" | "abandoned",
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(paymentCheckouts)
      .set({ status, completingSince: null, offerReserved: false })
      .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, "completing")))
      .returning({ id: paymentCheckouts.id });
    // A claim always reserves the code's use (a retried claim keeps the first one's), so it is given back
    // whichever attempt releases it.
    if (claimed && checkout.offerCodeId) {
      await tx
        .update(offerCodes)
        .set({ usesCount: sql`greatest(${offerCodes.usesCount} - 1, 0)` })
        .where(eq(offerCodes.id, checkout.offerCodeId));
    }
  });
}
