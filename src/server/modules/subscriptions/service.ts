/**
 * Managing a running plan: cancel (end of cycle, or a full refund inside the cooling-off period), reactivate,
 * pause one month, change tier from the next cycle, replace the bank mandate, and the billing overview.
 * The provider is called outside database transactions; the member's row is the record of what happened.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { POLICY, TIERS, type TierId } from "../../../shared/constants.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import {
  dateReservations,
  offerCodeUsage,
  paymentCheckouts,
  subscriptionEvents,
  type User,
  users,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, HttpError } from "../../http-error.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { addMonths, hasLiveSubscription } from "../payments/service.ts";

export const SUB_MSG = {
  noPlan: "You don't have an active subscription.",
  alreadyCancelled: "Your subscription is already cancelled.",
  notCancelled: "Your subscription is not cancelled.",
  ended: "Your subscription has ended. Choose a plan to start a new one.",
  sameTier: "You are already on this plan.",
  pauseOnlyActive: "Only an active subscription can be paused.",
  alreadyPaused: "A pause is already booked.",
  providerDown: "The payment provider could not be reached. Nothing has changed: please try again shortly.",
  cancelled: "Your subscription is cancelled. It stays active until the end of the current billing period.",
  refunded: "Your subscription is cancelled and your payment is being refunded in full.",
  reactivated: "Your subscription is active again.",
} as const;

const DAY = 86_400_000;

async function provider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    throw new HttpError(502, SUB_MSG.providerDown);
  }
}

/** The price the member pays each month now: the tier less any running discount. */
async function monthlyAmount(deps: Deps, user: User, tier: TierId): Promise<number> {
  const [usage] = await deps.db
    .select()
    .from(offerCodeUsage)
    .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.status, "active")))
    .limit(1);
  const price = TIERS[tier].monthlyPricePence;
  if (!usage || (usage.discountEndDate && usage.discountEndDate <= deps.now())) return price;
  return Math.max(0, price - usage.discountAmount);
}

/** When the plan (first) started: the newest "created" or "reactivated" event. */
async function planStartedAt(deps: Deps, userId: number): Promise<Date | null> {
  const [row] = await deps.db
    .select({ at: sql<Date>`max(${subscriptionEvents.occurredAt})` })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, userId), inArray(subscriptionEvents.eventType, ["created"])));
  return row?.at ? new Date(row.at) : null;
}

/** Inside 14 days of joining and no date held yet: a cancellation refunds in full. */
export async function coolingOffEligible(deps: Deps, user: User): Promise<boolean> {
  if (!hasLiveSubscription(user.subscriptionStatus)) return false;
  const started = await planStartedAt(deps, user.id);
  const now = deps.now();
  if (!started || now.getTime() - started.getTime() > POLICY.coolingOffDays * DAY) return false;
  const [held] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(dateReservations)
    .where(
      and(
        eq(dateReservations.userId, user.id),
        lte(dateReservations.scheduledDate, now),
        sql`${dateReservations.status} <> 'cancelled'`,
      ),
    );
  return held.n === 0;
}

export async function cancelSubscription(
  deps: Deps,
  user: User,
  input: { reason: string; feedback?: string },
): Promise<{ message: string; refunded: boolean; endsAt: string | null }> {
  if (user.subscriptionStatus === "cancelled") throw conflict(SUB_MSG.alreadyCancelled);
  if (!hasLiveSubscription(user.subscriptionStatus)) throw badRequest(SUB_MSG.noPlan);
  const now = deps.now();
  const refund = await coolingOffEligible(deps, user);
  const subIds = [user.paymentSubscriptionId, user.paymentNextSubscriptionId].filter((s): s is string => !!s);
  for (const id of subIds) {
    await provider(() => deps.payments.cancelSubscription(id, `unveil-cancel-${id}`));
  }
  let refundedPence = 0;
  if (refund && user.paymentMandateId) {
    const payments = await provider(() => deps.payments.listPayments(user.paymentMandateId!));
    for (const p of payments) {
      const due = p.amountPence - p.refundedPence;
      if (due <= 0 || (p.subscriptionId && !subIds.includes(p.subscriptionId))) continue;
      await provider(() => deps.payments.refundPayment(p.id, due, `unveil-refund-${p.id}`));
      refundedPence += due;
    }
  }
  // With a full refund the membership ends now; otherwise it runs to the end of the paid cycle.
  const endsAt = refund ? now : (user.currentPeriodEnd ?? now);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        subscriptionStatus: "cancelled",
        currentPeriodEnd: endsAt,
        pendingTier: null,
        pausedUntil: null,
        paymentStatusAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      eventType: "cancelled",
      fromTier: user.subscriptionTier,
      toTier: user.subscriptionTier,
      fromStatus: user.subscriptionStatus,
      toStatus: "cancelled",
      monthlyAmount: 0,
      reason: input.reason,
      feedback: input.feedback || null,
      occurredAt: now,
    });
    if (refund) {
      await tx.insert(subscriptionEvents).values({
        userId: user.id,
        eventType: "refunded",
        fromTier: user.subscriptionTier,
        toTier: user.subscriptionTier,
        fromStatus: "cancelled",
        toStatus: "cancelled",
        monthlyAmount: refundedPence,
        reason: "Cancelled within the cooling-off period",
        occurredAt: now,
      });
      // No service will be given: dates still ahead are cancelled.
      await tx
        .update(dateReservations)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(dateReservations.userId, user.id),
            sql`${dateReservations.scheduledDate} > ${now}`,
            sql`${dateReservations.status} <> 'cancelled'`,
          ),
        );
    }
  });
  return {
    message: refund ? SUB_MSG.refunded : SUB_MSG.cancelled,
    refunded: refund,
    endsAt: endsAt.toISOString(),
  };
}

/** Undoes a cancellation before the paid cycle ends: a new provider subscription starts where the old stopped. */
export async function reactivateSubscription(deps: Deps, user: User): Promise<{ message: string }> {
  if (user.subscriptionStatus !== "cancelled") throw badRequest(SUB_MSG.notCancelled);
  const now = deps.now();
  if (
    !user.currentPeriodEnd ||
    user.currentPeriodEnd <= now ||
    !user.paymentMandateId ||
    !user.subscriptionTier
  ) {
    throw conflict(SUB_MSG.ended);
  }
  const tier = user.subscriptionTier as TierId;
  const amount = await monthlyAmount(deps, user, tier);
  const startDate = user.currentPeriodEnd;
  const created = await provider(() =>
    deps.payments.createSubscription({
      mandateId: user.paymentMandateId!,
      amountPence: TIERS[tier].monthlyPricePence,
      name: `Unveil ${TIERS[tier].name}`,
      idempotencyKey: `unveil-reactivate-${user.id}-${now.getTime()}`,
      startDate,
    }),
  );
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        subscriptionStatus: "active",
        paymentSubscriptionId: created.subscriptionId,
        paymentNextSubscriptionId: null,
        paymentStatusAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      eventType: "reactivated",
      fromTier: tier,
      toTier: tier,
      fromStatus: "cancelled",
      toStatus: "active",
      monthlyAmount: amount,
      occurredAt: now,
    });
  });
  return { message: SUB_MSG.reactivated };
}

/** One month off from the end of the paid cycle: no date is planned and nothing is charged that month. */
export async function pauseSubscription(
  deps: Deps,
  user: User,
): Promise<{ message: string; pausedUntil: string }> {
  if (user.subscriptionStatus !== "active" || !user.currentPeriodEnd)
    throw badRequest(SUB_MSG.pauseOnlyActive);
  if (user.pausedUntil) throw conflict(SUB_MSG.alreadyPaused);
  const now = deps.now();
  const pausedUntil = addMonths(user.currentPeriodEnd, 1);
  if (user.paymentSubscriptionId) {
    await provider(() =>
      deps.payments.pauseSubscription(
        user.paymentSubscriptionId!,
        1,
        `unveil-pause-${user.id}-${pausedUntil.getTime()}`,
      ),
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ pausedUntil }).where(eq(users.id, user.id));
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      eventType: "pause_scheduled",
      fromTier: user.subscriptionTier,
      toTier: user.subscriptionTier,
      fromStatus: "active",
      toStatus: "active",
      reason: `Paused from ${user.currentPeriodEnd!.toISOString().slice(0, 10)} to ${pausedUntil.toISOString().slice(0, 10)}`,
      occurredAt: now,
    });
  });
  const until = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "long" }).format(
    pausedUntil,
  );
  return {
    message: `Your membership takes a month off and resumes by itself on ${until}.`,
    pausedUntil: pausedUntil.toISOString(),
  };
}

/** A new tier from the next billing cycle; the provider collects the new amount from the next charge. */
export async function changeTier(
  deps: Deps,
  user: User,
  tier: TierId,
): Promise<{ message: string; effectiveAt: string | null }> {
  if (!hasLiveSubscription(user.subscriptionStatus) || !user.subscriptionTier)
    throw badRequest(SUB_MSG.noPlan);
  const now = deps.now();
  if (tier === user.subscriptionTier) {
    if (!user.pendingTier) throw badRequest(SUB_MSG.sameTier);
    // Choosing the current tier again withdraws a pending change.
  }
  const target = tier === user.subscriptionTier ? null : tier;
  const amount = await monthlyAmount(deps, user, tier);
  if (user.paymentSubscriptionId) {
    await provider(() =>
      deps.payments.updateSubscriptionAmount(
        user.paymentSubscriptionId!,
        amount,
        `unveil-tier-${user.id}-${tier}-${now.getTime()}`,
      ),
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ pendingTier: target }).where(eq(users.id, user.id));
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      eventType: "tier_change_scheduled",
      fromTier: user.subscriptionTier,
      toTier: tier,
      fromStatus: user.subscriptionStatus,
      toStatus: user.subscriptionStatus,
      monthlyAmount: amount,
      occurredAt: now,
    });
  });
  const at = user.currentPeriodEnd;
  const when = at
    ? new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "long" }).format(at)
    : "the next billing cycle";
  return {
    message: target
      ? `You'll move to ${TIERS[tier].name} on ${when}, at the start of your next billing cycle.`
      : `You'll stay on ${TIERS[tier].name}.`,
    effectiveAt: at?.toISOString() ?? null,
  };
}

/** Starts the provider's flow for a new bank mandate; completion swaps it in (see completeMandateUpdate). */
export async function startPaymentMethodUpdate(deps: Deps, user: User): Promise<{ redirect_url: string }> {
  if (!hasLiveSubscription(user.subscriptionStatus) || !user.subscriptionTier)
    throw badRequest(SUB_MSG.noPlan);
  deps.limiter.hit(`checkout:${user.id}`, 10, deps.config.rateLimits.windowMinutes);
  const token = newToken();
  const appUrl = deps.config.appUrl;
  const started = await provider(() =>
    deps.payments.startAuthorisation({
      reference: `mandate-${user.id}-${hashToken(token).slice(0, 12)}`,
      returnUrl: `${appUrl}/subscription/complete?session_token=${token}`,
      exitUrl: `${appUrl}/settings?tab=subscription`,
      customer: { email: user.email, givenName: user.firstName, familyName: user.lastName },
      description: "New bank details for your membership",
    }),
  );
  const tier = user.subscriptionTier as TierId;
  await deps.db.insert(paymentCheckouts).values({
    tokenHash: hashToken(token),
    userId: user.id,
    tier,
    originalAmount: TIERS[tier].monthlyPricePence,
    provider: deps.payments.name,
    kind: "update_mandate",
    providerRef: started.providerRef,
    providerState: started.state ?? {},
    expiresAt: new Date(deps.now().getTime() + DAY),
  });
  return { redirect_url: started.redirectUrl };
}

export async function billingOverview(deps: Deps, user: User): Promise<BillingOverview> {
  const tier = (user.subscriptionTier as TierId | null) ?? null;
  const live = hasLiveSubscription(user.subscriptionStatus);
  const [mandate, payments, upcoming, amount, refundable] = await Promise.all([
    user.paymentMandateId ? provider(() => deps.payments.getMandate(user.paymentMandateId!)) : null,
    user.paymentMandateId ? provider(() => deps.payments.listPayments(user.paymentMandateId!)) : [],
    live && user.paymentSubscriptionId
      ? provider(() => deps.payments.upcomingPayment(user.paymentSubscriptionId!))
      : null,
    tier ? monthlyAmount(deps, user, tier) : null,
    coolingOffEligible(deps, user),
  ]);
  return {
    provider: deps.payments.name,
    tier,
    status: user.subscriptionStatus,
    monthlyAmountPence: amount,
    pendingTier: (user.pendingTier as TierId | null) ?? null,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    pausedUntil: user.pausedUntil?.toISOString() ?? null,
    cancelAtPeriodEnd:
      user.subscriptionStatus === "cancelled" &&
      !!user.currentPeriodEnd &&
      user.currentPeriodEnd > deps.now(),
    nextPayment: upcoming ? { date: upcoming.chargeDate, amountPence: upcoming.amountPence } : null,
    mandate,
    payments: payments.map((p) => ({
      id: p.id,
      chargeDate: p.chargeDate,
      amountPence: p.amountPence,
      refundedPence: p.refundedPence,
      status: p.status,
      description: p.description,
    })),
    coolingOffRefundEligible: refundable,
  };
}

/**
 * Moves every plan whose paid cycle has ended into its next state: a booked pause starts, a pause that has
 * run its month resumes, a pending tier takes over, and the cycle rolls on. Safe to run from several
 * instances at once: each row is claimed with SKIP LOCKED.
 */
export async function advanceSubscriptions(deps: Deps): Promise<number> {
  const now = deps.now();
  let changed = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [u] = await tx
        .select()
        .from(users)
        .where(and(inArray(users.subscriptionStatus, ["active", "paused"]), lte(users.currentPeriodEnd, now)))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!u?.currentPeriodEnd) return true;
      const end = u.currentPeriodEnd;
      const event = (eventType: string, toStatus: string, toTier = u.subscriptionTier) =>
        tx.insert(subscriptionEvents).values({
          userId: u.id,
          eventType,
          fromTier: u.subscriptionTier,
          toTier,
          fromStatus: u.subscriptionStatus,
          toStatus,
          occurredAt: end,
        });
      if (u.subscriptionStatus === "active" && u.pausedUntil && u.pausedUntil > end) {
        await tx
          .update(users)
          .set({ subscriptionStatus: "paused", currentPeriodEnd: u.pausedUntil })
          .where(eq(users.id, u.id));
        await event("paused", "paused");
      } else {
        const nextTier = u.pendingTier ?? u.subscriptionTier;
        await tx
          .update(users)
          .set({
            subscriptionStatus: "active",
            subscriptionTier: nextTier,
            pendingTier: null,
            pausedUntil: null,
            currentPeriodEnd: addMonths(end, 1),
          })
          .where(eq(users.id, u.id));
        if (u.subscriptionStatus === "paused") await event("resumed", "active");
        if (u.pendingTier && u.pendingTier !== u.subscriptionTier)
          await event("tier_changed", "active", nextTier);
      }
      changed++;
      return false;
    });
    if (done) break;
  }
  return changed;
}

/**
 * Completes an "update_mandate" checkout: the running plan moves to the new mandate (the old subscription is
 * cancelled and a new one starts at the next charge date), and a plan behind on payment is active again.
 */
export async function completeMandateUpdate(
  deps: Deps,
  user: User,
  checkoutId: number,
  mandate: { customerId: string; mandateId: string },
): Promise<{ tier: TierId; kind: "update_mandate" }> {
  const now = deps.now();
  const claim = await deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.id, checkoutId))
      .for("update");
    if (c.status === "completed") return null;
    if (
      c.status === "completing" &&
      c.completingSince &&
      now.getTime() - c.completingSince.getTime() < 60_000
    ) {
      throw conflict("Your new bank details are already being saved. Please wait a moment and refresh.");
    }
    await tx
      .update(paymentCheckouts)
      .set({
        status: "completing",
        completingSince: now,
        customerId: mandate.customerId,
        mandateId: mandate.mandateId,
      })
      .where(eq(paymentCheckouts.id, c.id));
    return c;
  });
  const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
  const tier = (current.subscriptionTier as TierId | null) ?? (claim?.tier as TierId);
  if (!claim) return { tier, kind: "update_mandate" };
  try {
    if (!hasLiveSubscription(current.subscriptionStatus)) throw conflict(SUB_MSG.noPlan);
    const amount = await monthlyAmount(deps, current, tier);
    const startDate =
      current.currentPeriodEnd && current.currentPeriodEnd > now ? current.currentPeriodEnd : undefined;
    const created = await provider(() =>
      deps.payments.createSubscription({
        mandateId: mandate.mandateId,
        amountPence: amount,
        name: `Unveil ${TIERS[tier].name}`,
        idempotencyKey: `unveil-mandate-${claim.providerRef}`,
        startDate,
      }),
    );
    for (const id of [current.paymentSubscriptionId, current.paymentNextSubscriptionId]) {
      if (id) await provider(() => deps.payments.cancelSubscription(id, `unveil-cancel-${id}`));
    }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          paymentCustomerId: mandate.customerId,
          paymentMandateId: mandate.mandateId,
          paymentSubscriptionId: created.subscriptionId,
          paymentNextSubscriptionId: null,
          subscriptionStatus:
            current.subscriptionStatus === "past_due" ? "active" : current.subscriptionStatus,
          paymentStatusAt: now,
        })
        .where(eq(users.id, user.id));
      await tx.insert(subscriptionEvents).values({
        userId: user.id,
        eventType: "payment_method_updated",
        fromTier: tier,
        toTier: tier,
        fromStatus: current.subscriptionStatus,
        toStatus: current.subscriptionStatus === "past_due" ? "active" : current.subscriptionStatus,
        monthlyAmount: amount,
        occurredAt: now,
      });
      await tx
        .update(paymentCheckouts)
        .set({ status: "completed", completedAt: now, completingSince: null })
        .where(eq(paymentCheckouts.id, checkoutId));
    });
  } catch (e) {
    await deps.db
      .update(paymentCheckouts)
      .set({ status: "authorised", completingSince: null })
      .where(eq(paymentCheckouts.id, checkoutId));
    throw e;
  }
  return { tier, kind: "update_mandate" };
}
