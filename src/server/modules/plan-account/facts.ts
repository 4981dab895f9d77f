import type { Db, Tx } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import type { PaymentLinks } from "../payments/links.ts";
import type { PlanFacts } from "./account.ts";
import { type PlanState, saveState } from "./state.ts";

/**
 * A plan holder's users row with whether a subscription collects the plan (payment_links, payments/links.ts)
 * and the plan account (plan_accounts, state.ts: the subscription and the plan's own state).
 */
export type PlanRow = User & Pick<PaymentLinks, "paymentSubscriptionId"> & PlanState;

/** The stored facts of a member's own plan (its payment links and its plan account). */
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

/** The plan account's fields that store the facts (plan_accounts): the inverse of factsOf. */
export function stateColumnsOf(f: PlanFacts): Partial<PlanState> {
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

/** Stores a member's plan facts in their plan account (the subscription and the plan's own state). */
export async function storeFacts(db: Db | Tx, userId: number, f: PlanFacts): Promise<void> {
  await saveState(db, userId, stateColumnsOf(f));
}
