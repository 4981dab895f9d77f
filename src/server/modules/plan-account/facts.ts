/** A plan's stored facts (the users row's plan columns) and back: the account reads these only. */
import type { TierId } from "../../../shared/constants.ts";
import type { User } from "../../db/schema.ts";
import type { PlanFacts } from "./account.ts";

/** The stored facts of a member's own plan (users row). */
export function factsOf(u: User): PlanFacts {
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
