import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type User, users } from "../../db/schema.ts";
import type { PaymentLinks } from "../payments/links.ts";
import type { PlanFacts } from "./account.ts";
import { type PlanState, saveState } from "./state.ts";

/**
 * A plan holder's users row with whether a subscription collects the plan (payment_links, payments/links.ts)
 * and the plan account's own state (plan_accounts, state.ts).
 */
export type PlanRow = User & Pick<PaymentLinks, "paymentSubscriptionId"> & PlanState;

/** The stored facts of a member's own plan (users row, its payment links and its plan state). */
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

/** The users row's columns that store the facts (the inverse of factsOf, with `stateColumnsOf`). */
export function rowColumnsOf(f: PlanFacts) {
  return {
    subscriptionStatus: f.status,
    subscriptionTier: f.tier,
    pendingTier: f.pendingTier,
    currentPeriodEnd: f.cycleEnd,
  };
}

/** The plan state's fields that store the facts (plan_accounts). */
export function stateColumnsOf(f: PlanFacts): Partial<PlanState> {
  return {
    cycleCoveredBy: f.cycleCoveredBy,
    pauseStartsAt: f.pauseFrom,
    pausedUntil: f.pauseUntil,
    creditMonths: f.creditMonths,
    giftedUntil: f.giftedUntil,
    paymentRetryAt: f.retryAt,
  };
}

/** Stores a member's plan facts: the users row's plan columns and the plan state beside it. */
export async function storeFacts(db: Db | Tx, userId: number, f: PlanFacts): Promise<void> {
  await db.update(users).set(rowColumnsOf(f)).where(eq(users.id, userId));
  await saveState(db, userId, stateColumnsOf(f));
}
