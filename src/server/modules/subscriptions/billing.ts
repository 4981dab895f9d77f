import { hasLiveSubscription, type TierId } from "../../../shared/constants.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import type { User } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { bankDetailsChange } from "../billing-history/bank-details.ts";
import { historyItems, memberBillingEvents, paymentsFromHistory } from "../billing-history/history.ts";
import { syncProviderPayments } from "../billing-history/sync.ts";
import { pauseOf } from "./pause-state.ts";
import { monthlyPrice, provider } from "./schedule.ts";
import { coolingOffEligible } from "./service.ts";

/**
 * Manage Billing: the plan, the mandate, the next collection, and the billing history. What the provider
 * reports is folded into the append-only history first, then payments and history are read from it, so a
 * payment once shown never disappears (new bank details, a change of provider, a mandate the provider forgot).
 */
export async function billingOverview(deps: Deps, user: User): Promise<BillingOverview> {
  await deps.limiter.hit(`billing:${user.id}`, 120, 60);
  const tier = (user.subscriptionTier as TierId | null) ?? null;
  const live = hasLiveSubscription(user.subscriptionStatus);
  const now = deps.now();
  await syncProviderPayments(deps, user);
  const [mandate, rows, upcoming, amount, refundable, bankDetails] = await Promise.all([
    user.paymentMandateId ? provider(() => deps.payments.getMandate(user.paymentMandateId!)) : null,
    memberBillingEvents(deps.db, user.id),
    live && user.paymentSubscriptionId
      ? provider(() => deps.payments.upcomingPayment(user.paymentSubscriptionId!))
      : null,
    tier ? monthlyPrice(deps.db, user.id, tier, now) : null,
    coolingOffEligible(deps, user),
    bankDetailsChange(deps.db, user, now),
  ]);
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
    payments: paymentsFromHistory(rows),
    coolingOffRefundEligible: refundable,
    history: historyItems(rows),
    bankDetails: { changeable: bankDetails.changeable, note: bankDetails.note },
  };
}
