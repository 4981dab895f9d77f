/**
 * Who may start a checkout, read without side effects: a gifted plan carried on by Direct Debit, a partner
 * whose plan already covers the couple, and a checkout found by the provider's reference.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../server/db/client.ts";
import { paymentCheckouts, planAccounts, type User, users } from "../../../server/db/schema.ts";
import type { PaymentLinks } from "../../../server/modules/payments/links.ts";
import { type PlanState, stateOf } from "../../../server/modules/plan-account/state.ts";
import { hasLiveSubscription } from "../../../shared/constants.ts";
import { giftedPlanRunning } from "../../gifts/shared/schemas.ts";

/** A gifted plan running with no Direct Debit behind it: its holder may carry it on with one. */
export function continuesGift(
  u: Pick<PlanState, "subscriptionStatus" | "giftedUntil"> & Pick<PaymentLinks, "paymentSubscriptionId">,
  now: Date,
): boolean {
  return !u.paymentSubscriptionId && giftedPlanRunning(u, now.getTime());
}

/** The member's partner (linked both ways) has a membership, which covers the couple. */
export async function partnerHasPlan(
  db: Pick<Db, "select">,
  user: Pick<User, "id" | "partnerId">,
): Promise<boolean> {
  if (!user.partnerId) return false;
  const [p] = await db
    .select({ partnerId: users.partnerId, status: planAccounts.subscriptionStatus })
    .from(users)
    .leftJoin(planAccounts, stateOf(users.id))
    .where(eq(users.id, user.partnerId));
  return !!p && p.partnerId === user.id && hasLiveSubscription(p.status);
}

export async function findCheckoutByRef(db: Db, providerRef: string) {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.providerRef, providerRef))
    .limit(1);
  return row ?? null;
}
