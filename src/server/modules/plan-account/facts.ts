import type { User } from "../../db/schema.ts";
import type { PaymentLinks } from "../payments/links.ts";
import type { PlanFacts } from "./account.ts";

/** A plan holder's users row with whether a subscription collects the plan (payment_links, payments/links.ts). */
export type PlanRow = User & Pick<PaymentLinks, "paymentSubscriptionId">;

/** The stored facts of a member's own plan (users row, and its payment links). */
export function factsOf(u: PlanRow): PlanFacts {
  return {
    status: u.subscriptionStatus,
    tier: u.subscriptionTier ?? null,
    pendingTier: u.pendingTier ?? null,
    cycleEnd: u.currentPeriodEnd,
    cycleCoveredBy: (u.cycleCoveredBy as PlanFacts["cycleCoveredBy"]) ?? null,
    pauseFrom: u.pauseStartsAt,
    pauseUntil: u.pausedUntil,
    creditMonths: u.creditMonths,
    giftedUntil: u.giftedUntil,
    collects: !!u.paymentSubscriptionId,
    retryAt: u.paymentRetryAt,
  };
}

/** The columns that store the facts, for an update (the inverse of factsOf). */
export function columnsOf(f: PlanFacts) {
  return {
    subscriptionStatus: f.status,
    subscriptionTier: f.tier,
    pendingTier: f.pendingTier,
    currentPeriodEnd: f.cycleEnd,
    cycleCoveredBy: f.cycleCoveredBy,
    pauseStartsAt: f.pauseFrom,
    pausedUntil: f.pauseUntil,
    creditMonths: f.creditMonths,
    giftedUntil: f.giftedUntil,
    paymentRetryAt: f.retryAt,
  };
}
