/**
 * Managing a running plan: cancel (end of cycle, or a full refund inside the cooling-off period), reactivate,
 * pause one month, change tier from the next cycle, and replace the bank mandate. Each runs under the
 * member's row lock (schedule.ts), so concurrent clicks and interleavings happen one after the other.
 */
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Tx } from "../../../server/db/client.ts";
import {
  dateReservations,
  offerCodeUsage,
  paymentCheckouts,
  subscriptionEvents,
  type User,
  type UserWithSubscription,
} from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { badRequest, conflict } from "../../../server/http-error.ts";
import { hashToken, newToken } from "../../../server/modules/auth/tokens.ts";
import {
  bankDetailsChangeable,
  markMandateCheckoutCompleted,
  swapMandateOfCancelledPlan,
} from "../../../server/modules/billing-history/bank-details.ts";
import { recordMissedPaymentRetry } from "../../../server/modules/billing-history/mandates.ts";
import { recordRefundGiven } from "../../../server/modules/billing-history/refunds.ts";
import { saveLinks } from "../../../server/modules/payments/links.ts";
import { accountOf } from "../../../server/modules/plan-account/account.ts";
import { factsOf } from "../../../server/modules/plan-account/facts.ts";
import {
  cancelAtProvider,
  countSql,
  memberMandates,
  monthlyPrice,
  provider,
  rebuildSchedule,
  storePlan,
  withMemberLock,
} from "../../../server/modules/plan-account/schedule.ts";
import { saveState } from "../../../server/modules/plan-account/state.ts";
import {
  formatPence,
  hasLiveSubscription,
  POLICY,
  planTier,
  TIERS,
  type TierId,
} from "../../../shared/constants.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { auditPlanChange, type PlanActor } from "./plan-audit.ts";
import { tellPlanChange } from "./plan-notice.ts";

export const SUB_MSG = {
  noPlan: "You don't have an active subscription.",
  alreadyCancelled: "Your subscription is already cancelled.",
  notCancelled: "Your subscription is not cancelled.",
  ended: "Your subscription has ended. Choose a plan to start a new one.",
  sameTier: "You are already on this plan.",
  changedElsewhere:
    "Your plan was changed in another tab or on another device. Here it is as it stands now: choose again if you like.",
  pauseOnlyActive: "Only an active subscription can be paused.",
  alreadyPaused: "A pause is already booked.",
  pauseTooSoon: "You can take a month off once every six months.",
  cancelled: "Your subscription is cancelled. It stays active until the end of the current billing period.",
  refunded: "Your subscription is cancelled and your payment is being refunded in full.",
  notCollected:
    "Your subscription is cancelled. Your first payment had not been taken yet, so it is cancelled too: nothing is collected.",
  reactivated: "Your subscription is active again.",
} as const;

const DAY = 86_400_000;

/** When the current contract began: the newest "created" event (a new checkout, also after a plan ended). */
async function contractStart(db: Deps["db"] | Tx, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: subscriptionEvents.occurredAt })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, userId), eq(subscriptionEvents.eventType, "created")))
    .orderBy(desc(subscriptionEvents.occurredAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Inside 14 days of the contract starting and no service begun: a cancellation refunds in full. Service
 * begins when a date's details are revealed (48 hours before), not only once it has happened.
 */
export async function coolingOffEligible(
  deps: Deps,
  user: UserWithSubscription,
  db: Deps["db"] | Tx = deps.db,
): Promise<boolean> {
  if (!hasLiveSubscription(user.subscriptionStatus)) return false;
  const started = await contractStart(db, user.id);
  const now = deps.now();
  if (!started || now.getTime() - started.getTime() > POLICY.coolingOffDays * DAY) return false;
  const revealedSince = new Date(now.getTime() + 48 * 3_600_000);
  const [held] = await db
    .select({ n: countSql })
    .from(dateReservations)
    .where(
      and(
        eq(dateReservations.userId, user.id),
        gte(dateReservations.createdAt, started),
        lte(dateReservations.scheduledDate, revealedSince),
        sql`${dateReservations.status} <> 'cancelled'`,
      ),
    );
  return held.n === 0;
}

export async function cancelSubscription(
  deps: Deps,
  user: User,
  input: { reason: string; feedback?: string },
  /** Who acts, on the audit record: the member, or an operator cancelling for them (the member page). */
  by: PlanActor = user,
): Promise<{ message: string; refunded: boolean; endsAt: string | null }> {
  const { refundedPence, ...result } = await cancelUnderLock(deps, user, input, by);
  // Both partners are told, with the end day (and any refund) from the plan's account.
  void tellPlanChange(deps, user.id, {
    kind: "cancelled",
    refundedPence,
    coolingOff: result.refunded,
    by: by.id,
  });
  return result;
}

function cancelUnderLock(
  deps: Deps,
  user: User,
  input: { reason: string; feedback?: string },
  by: PlanActor,
): Promise<{ message: string; refunded: boolean; endsAt: string | null; refundedPence: number }> {
  return withMemberLock(deps, user.id, async (tx, current) => {
    if (current.subscriptionStatus === "cancelled") throw conflict(SUB_MSG.alreadyCancelled);
    if (!hasLiveSubscription(current.subscriptionStatus)) throw badRequest(SUB_MSG.noPlan);
    const now = deps.now();
    const refund = await coolingOffEligible(deps, current, tx);
    await provider(() => cancelAtProvider(deps, current));
    let refundedPence = 0;
    if (refund) {
      // Every payment of this contract, on whichever mandate it was taken.
      const started = (await contractStart(tx, current.id)) ?? now;
      const since = started.toISOString().slice(0, 10);
      const mandates = await memberMandates(tx, current);
      for (const mandateId of mandates) {
        const payments = await provider(() => deps.payments.listPayments(mandateId));
        for (const p of payments) {
          const due = p.amountPence - p.refundedPence;
          if (due <= 0 || p.chargeDate < since || ["failed", "cancelled", "charged_back"].includes(p.status))
            continue;
          await provider(() => deps.payments.refundPayment(p.id, due, `unveil-refund-${p.id}`));
          refundedPence += await recordRefundGiven(tx, deps.payments.name, {
            userId: current.id,
            mandateId,
            payment: p,
            refundedNowPence: due,
            at: now,
          });
        }
      }
      // The contract is over and nothing more will be collected, so the Direct Debit ends with it: the bank,
      // /billing's mandate card and the plan then all say the same thing. Refunds first, because the provider
      // cancels a mandate's unsubmitted payments with it. The keys make a retry after a failure safe.
      for (const mandateId of mandates)
        await provider(() => deps.payments.cancelMandate(mandateId, `unveil-refund-mandate-${mandateId}`));
    }
    // With a full refund the membership ends now; otherwise it runs to the end of what is paid and of any
    // gift months on the account (a booked month off is dropped: nothing more is collected).
    const covered = accountOf({ ...factsOf(current), pauseFrom: null, pauseUntil: null }, now).coveredUntil;
    const endsAt = refund ? now : (covered ?? current.currentPeriodEnd ?? now);
    await saveState(tx, current.id, {
      subscriptionStatus: "cancelled",
      currentPeriodEnd: endsAt,
      pendingTier: null,
      pausedUntil: null,
      pauseStartsAt: null,
      creditMonths: 0,
      paymentRetryAt: null,
    });
    await saveLinks(tx, current.id, { paymentStatusAt: now });
    const base = { userId: current.id, fromTier: current.subscriptionTier, toTier: current.subscriptionTier };
    await tx.insert(subscriptionEvents).values({
      ...base,
      eventType: "cancelled",
      fromStatus: current.subscriptionStatus,
      toStatus: "cancelled",
      monthlyAmount: 0,
      reason: input.reason,
      feedback: input.feedback || null,
      occurredAt: now,
    });
    await auditPlanChange(tx, by, current, "cancel");
    if (refund) {
      await tx.insert(subscriptionEvents).values({
        ...base,
        eventType: "refunded",
        fromStatus: "cancelled",
        toStatus: "cancelled",
        monthlyAmount: refundedPence,
        reason: "Cancelled within the cooling-off period",
        occurredAt: now,
      });
      // The contract is over: its offer ends with it.
      await tx
        .update(offerCodeUsage)
        .set({ status: "ended" })
        .where(and(eq(offerCodeUsage.userId, current.id), eq(offerCodeUsage.status, "active")));
      // No service will be given: dates still ahead are called off.
      await tx
        .update(dateReservations)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(dateReservations.userId, current.id),
            sql`${dateReservations.scheduledDate} > ${now}`,
            sql`${dateReservations.status} <> 'cancelled'`,
          ),
        );
    }
    return {
      message: !refund ? SUB_MSG.cancelled : refundedPence > 0 ? SUB_MSG.refunded : SUB_MSG.notCollected,
      refunded: refund,
      endsAt: endsAt.toISOString(),
      refundedPence,
    };
  });
}

/**
 * Whether the member's own cancellation can still be undone: the plan runs on to the end of what it covers and
 * its last event is the cancellation (a refund in the cooling-off period, or the provider ending it, comes
 * after and closes the contract: it starts again through a new checkout).
 */
export async function canReactivate(
  db: Deps["db"] | Tx,
  u: UserWithSubscription,
  now: Date,
): Promise<boolean> {
  if (u.subscriptionStatus !== "cancelled" || !u.currentPeriodEnd || u.currentPeriodEnd <= now) return false;
  if (!u.subscriptionTier) return false;
  const [last] = await db
    .select({ type: subscriptionEvents.eventType })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, u.id))
    .orderBy(desc(subscriptionEvents.occurredAt), desc(subscriptionEvents.id))
    .limit(1);
  return last?.type === "cancelled";
}

/**
 * Undoes the member's own cancellation before the paid cycle ends. A plan the provider ended (a failed
 * mandate) or a refunded one cannot be undone here: it starts again through a new checkout.
 */
export async function reactivateSubscription(deps: Deps, user: User): Promise<{ message: string }> {
  await deps.limiter.hit(`plan-change:${user.id}`, 10, 60);
  const result = await reactivateUnderLock(deps, user);
  void tellPlanChange(deps, user.id, { kind: "reactivated", by: user.id });
  return result;
}

function reactivateUnderLock(deps: Deps, user: User): Promise<{ message: string }> {
  return withMemberLock(deps, user.id, async (tx, current) => {
    if (current.subscriptionStatus !== "cancelled") throw badRequest(SUB_MSG.notCancelled);
    const now = deps.now();
    if (!(await canReactivate(tx, current, now))) throw conflict(SUB_MSG.ended);
    const tier = planTier(current.subscriptionTier);
    // Collections start again at the end of what the cancelled plan still covers (the account's next one).
    await storePlan(deps, tx, current, { ...factsOf(current), status: "active" }, "reactivate");
    await saveLinks(tx, current.id, { paymentStatusAt: now });
    await tx.insert(subscriptionEvents).values({
      userId: current.id,
      eventType: "reactivated",
      fromTier: tier,
      toTier: tier,
      fromStatus: "cancelled",
      toStatus: "active",
      monthlyAmount: await monthlyPrice(tx, current.id, tier, now),
      occurredAt: now,
    });
    await auditPlanChange(tx, user, current, "reactivate");
    return { message: SUB_MSG.reactivated };
  });
}

/** A new tier from the next billing cycle; choosing the current tier again withdraws a pending change. */
export async function changeTier(
  deps: Deps,
  user: User,
  tier: TierId,
  /** The waiting change the member saw (undefined: not said, as older clients do). */
  seenPending?: TierId | null,
): Promise<{ message: string; effectiveAt: string | null }> {
  await deps.limiter.hit(`plan-change:${user.id}`, 10, 60);
  const result = await changeTierUnderLock(deps, user, tier, seenPending);
  void tellPlanChange(deps, user.id, { kind: "tier_changed", tier, by: user.id });
  return result;
}

function changeTierUnderLock(
  deps: Deps,
  user: User,
  tier: TierId,
  seenPending: TierId | null | undefined,
): Promise<{ message: string; effectiveAt: string | null }> {
  return withMemberLock(deps, user.id, async (tx, current) => {
    if (!hasLiveSubscription(current.subscriptionStatus) || !current.subscriptionTier)
      throw badRequest(SUB_MSG.noPlan);
    // A stale screen would silently replace a change made elsewhere: it is told instead.
    if (seenPending !== undefined && seenPending !== (current.pendingTier ?? null))
      throw conflict(SUB_MSG.changedElsewhere);
    if (tier === current.subscriptionTier && !current.pendingTier) throw badRequest(SUB_MSG.sameTier);
    if (tier === current.pendingTier) throw badRequest(`You are already moving to ${TIERS[tier].name}.`);
    const now = deps.now();
    const target = tier === current.subscriptionTier ? null : tier;
    // The change takes effect at the account's next collection (after a month off and gift months).
    const account = await storePlan(deps, tx, current, { ...factsOf(current), pendingTier: target }, "tier");
    const start = account.nextCollection?.date ?? current.currentPeriodEnd ?? now;
    const monthly = await monthlyPrice(tx, current.id, tier, start);
    await tx.insert(subscriptionEvents).values({
      userId: current.id,
      eventType: "tier_change_scheduled",
      fromTier: current.subscriptionTier,
      toTier: tier,
      fromStatus: current.subscriptionStatus,
      toStatus: current.subscriptionStatus,
      monthlyAmount: monthly,
      occurredAt: now,
    });
    await auditPlanChange(tx, user, current, "change_tier");
    return {
      message: target
        ? tierChangeMessage(tier, monthly, start, !!account.pause)
        : `You'll stay on ${TIERS[tier].name}.`,
      effectiveAt: start.toISOString(),
    };
  });
}

/**
 * "You'll move to Platinum at £30 a month from your next payment, on 16 December 2026." With a month off
 * booked or running, the date is the first payment after it (the plan account's next collection), and the
 * words say so.
 */
export function tierChangeMessage(
  tier: TierId,
  monthlyPence: number,
  start: Date,
  monthOff: boolean,
): string {
  const when = monthOff ? "from your first payment after your month off" : "from your next payment";
  return `You'll move to ${TIERS[tier].name} at ${formatPence(monthlyPence)} a month ${when}, on ${londonDay(start)}. Until then, nothing changes.`;
}

/** Starts the provider's flow for a new bank mandate; completion swaps it in (see completeMandateUpdate). */
export async function startPaymentMethodUpdate(
  deps: Deps,
  user: UserWithSubscription,
): Promise<{ redirect_url: string }> {
  if (!(await bankDetailsChangeable(deps, user)) || !user.subscriptionTier) throw badRequest(SUB_MSG.noPlan);
  await deps.limiter.hit(`checkout:${user.id}`, 10, deps.config.rateLimits.windowMinutes);
  const token = newToken();
  const appUrl = deps.config.appUrl;
  const started = await provider(() =>
    deps.payments.startAuthorisation({
      reference: `mandate-${user.id}-${hashToken(token).slice(0, 12)}`,
      returnUrl: `${appUrl}/subscription/complete?session_token=${token}`,
      exitUrl: `${appUrl}/billing`,
      customer: { email: user.email, givenName: user.firstName, familyName: user.lastName },
      description: "New bank details for your membership",
    }),
  );
  const tier = user.subscriptionTier;
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

/**
 * Completes an "update_mandate" checkout: a plan behind on payment first pays the missed month from the new
 * mandate, then the schedule moves to it (pending tier, booked pause and running offer kept).
 */
export async function completeMandateUpdate(
  deps: Deps,
  user: User,
  checkoutId: number,
  mandate: { customerId: string; mandateId: string },
): Promise<{ tier: TierId; kind: "update_mandate" }> {
  return withMemberLock(deps, user.id, async (tx, current) => {
    const [checkout] = await tx
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.id, checkoutId))
      .for("update");
    const tier = current.subscriptionTier ?? checkout.tier;
    if (checkout.status === "completed") return { tier, kind: "update_mandate" as const };
    if (!(await bankDetailsChangeable(deps, current, tx))) throw conflict(SUB_MSG.noPlan);
    if (current.subscriptionStatus === "cancelled")
      return swapMandateOfCancelledPlan(deps, tx, current, checkoutId, mandate);
    const now = deps.now();
    const wasPastDue = current.subscriptionStatus === "past_due";
    if (wasPastDue) {
      const owed = await monthlyPrice(tx, current.id, tier, now);
      await provider(() =>
        deps.payments.createPayment(
          mandate.mandateId,
          owed,
          "Missed monthly payment",
          `unveil-arrears-${checkout.providerRef}`,
        ),
      );
      await recordMissedPaymentRetry(tx, deps, {
        userId: current.id,
        mandateId: mandate.mandateId,
        amountPence: owed,
        checkoutRef: checkout.providerRef,
        at: now,
      });
    }
    // New bank details collect from the account's next collection (a plan behind on payment is paid up above).
    const due = accountOf({ ...factsOf(current), status: "active", retryAt: null }, now).nextCollection;
    const next = due
      ? { tier: due.tier, start: due.date }
      : {
          tier: planTier(current.pendingTier ?? current.subscriptionTier),
          start: current.currentPeriodEnd ?? now,
        };
    const ids = await rebuildSchedule(deps, tx, current, {
      tier: next.tier,
      start: next.start,
      mandateId: mandate.mandateId,
      operation: "mandate",
    });
    await saveLinks(tx, current.id, {
      paymentCustomerId: mandate.customerId,
      paymentMandateId: mandate.mandateId,
      paymentSubscriptionId: ids.subscriptionId,
      paymentNextSubscriptionId: ids.nextSubscriptionId,
      paymentStatusAt: now,
    });
    await saveState(tx, current.id, {
      subscriptionStatus: wasPastDue ? "active" : current.subscriptionStatus,
    });
    await tx.insert(subscriptionEvents).values({
      userId: current.id,
      eventType: "payment_method_updated",
      fromTier: tier,
      toTier: tier,
      fromStatus: current.subscriptionStatus,
      toStatus: wasPastDue ? "active" : current.subscriptionStatus,
      monthlyAmount: await monthlyPrice(tx, current.id, tier, now),
      occurredAt: now,
    });
    await markMandateCheckoutCompleted(tx, checkoutId, mandate, now);
    return { tier, kind: "update_mandate" as const };
  });
}
