import type { UserWithSubscription } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { bankDetailsChange } from "../../../server/modules/billing-history/bank-details.ts";
import {
  historyItems,
  memberBillingEvents,
  paymentsFromHistory,
} from "../../../server/modules/billing-history/history.ts";
import { syncProviderPayments } from "../../../server/modules/billing-history/sync.ts";
import { readLinks } from "../../../server/modules/payments/links.ts";
import { planAccountOf } from "../../../server/modules/plan-account/load.ts";
import { moneyOf } from "../../../server/modules/plan-account/money.ts";
import { pauseOf } from "../../../server/modules/plan-account/pause-state.ts";
import { paymentProblemOf } from "../../../server/modules/plan-account/payment-problem.ts";
import { monthlyPrice, provider } from "../../../server/modules/plan-account/schedule.ts";
import { readState } from "../../../server/modules/plan-account/state.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import { canReactivate, coolingOffEligible } from "./service.ts";

/**
 * Manage Billing: the plan, the mandate, the next collection, and the billing history. Every date and amount of
 * the plan comes from its account (plan-account), so this page, Settings, the dashboard and the e-mails say
 * the same. What the provider reports is folded into the append-only history first, then payments and history
 * are read from it, so a payment once shown never disappears. A partner covered by the plan holder's plan sees
 * the plan, never the holder's bank details or payments.
 */
export async function billingOverview(deps: Deps, user: UserWithSubscription): Promise<BillingOverview> {
  await deps.limiter.hit(`billing:${user.id}`, 120, 60);
  const now = deps.now();
  await syncProviderPayments(deps, user);
  const plan = await planAccountOf(deps.db, user, now);
  const holder = plan.holder ?? { ...user, ...(await readState(deps.db, user.id)) };
  const own = !plan.covered;
  const { account } = plan;
  const links = plan.holder?.id === user.id ? plan.holder : own ? await readLinks(deps.db, user.id) : null;
  const mandateId = own ? links?.paymentMandateId : null;
  const [mandate, rows, amount, refundable, bankDetails, reactivatable] = await Promise.all([
    mandateId ? provider(() => deps.payments.getMandate(mandateId)) : null,
    memberBillingEvents(deps.db, user.id),
    account.tier ? monthlyPrice(deps.db, holder.id, account.tier, now) : null,
    own ? coolingOffEligible(deps, user) : false,
    bankDetailsChange(deps.db, user, now),
    own ? canReactivate(deps.db, user, now) : false,
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const payments = paymentsFromHistory(rows);
  return {
    provider: deps.payments.name,
    tier: account.tier,
    // The account's word where time has moved the plan on (a month off begun before the cycle job ran).
    status:
      account.status === "paused" || account.status === "active" ? account.status : holder.subscriptionStatus,
    monthlyAmountPence: amount,
    pendingTier: holder.pendingTier ?? null,
    currentPeriodEnd: iso(holder.currentPeriodEnd),
    ...pauseOf(holder, now),
    cancelAtPeriodEnd: account.status === "cancelled",
    nextPayment: plan.nextCollection
      ? { date: londonIsoDay(plan.nextCollection.date), amountPence: plan.nextCollection.amountPence }
      : null,
    paymentProblem: await paymentProblemOf(deps.db, user, now),
    mandate,
    payments,
    coolingOffRefundEligible: refundable,
    history: historyItems(rows),
    bankDetails: plan.covered
      ? {
          changeable: false,
          note: `The Direct Debit is ${holder.firstName ?? "your partner"}'s: only they can change it.`,
        }
      : { changeable: bankDetails.changeable, note: bankDetails.note },
    coveredBy: plan.covered ? (holder.firstName ?? "Your partner") : null,
    pendingTierFrom:
      holder.pendingTier && plan.nextCollection ? plan.nextCollection.date.toISOString() : null,
    coveredUntil: iso(account.coveredUntil),
    endsAt: iso(account.endsAt),
    creditMonths: account.creditMonths,
    canReactivate: reactivatable,
    totals: moneyOf(payments),
    cycles: account.cycles.map((c) => ({
      kind: c.kind,
      from: c.from.toISOString(),
      to: c.to.toISOString(),
      tier: c.tier,
    })),
  };
}
