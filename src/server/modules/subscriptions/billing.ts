import { hasLiveSubscription, type TierId } from "../../../shared/constants.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import type { User } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { pauseOf } from "./pause-state.ts";
import { memberMandates, monthlyPrice, provider } from "./schedule.ts";
import { coolingOffEligible } from "./service.ts";

/** Manage Billing: the plan, the mandate, the next collection and every payment on any of the member's mandates. */
export async function billingOverview(deps: Deps, user: User): Promise<BillingOverview> {
  await deps.limiter.hit(`billing:${user.id}`, 120, 60);
  const tier = (user.subscriptionTier as TierId | null) ?? null;
  const live = hasLiveSubscription(user.subscriptionStatus);
  const now = deps.now();
  const mandates = await memberMandates(deps.db, user);
  const [mandate, histories, upcoming, amount, refundable] = await Promise.all([
    user.paymentMandateId ? provider(() => deps.payments.getMandate(user.paymentMandateId!)) : null,
    Promise.all(mandates.map((m) => provider(() => deps.payments.listPayments(m)))),
    live && user.paymentSubscriptionId
      ? provider(() => deps.payments.upcomingPayment(user.paymentSubscriptionId!))
      : null,
    tier ? monthlyPrice(deps.db, user.id, tier, now) : null,
    coolingOffEligible(deps, user),
  ]);
  const payments = histories
    .flat()
    .sort((a, b) =>
      a.chargeDate < b.chargeDate ? 1 : a.chargeDate > b.chargeDate ? -1 : b.id.localeCompare(a.id),
    );
  return {
    provider: deps.payments.name,
    tier,
    status: user.subscriptionStatus,
    monthlyAmountPence: amount,
    pendingTier: (user.pendingTier as TierId | null) ?? null,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    ...pauseOf(user, now),
    cancelAtPeriodEnd:
      user.subscriptionStatus === "cancelled" && !!user.currentPeriodEnd && user.currentPeriodEnd > now,
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
