/**
 * When bank details may be changed. Any running plan may (active, paused, behind on payment), and so
 * may a plan the member cancelled that still runs to the end of its period: it can be reactivated until then,
 * and reactivation collects from the mandate on file, so the member must be able to correct it first. A plan
 * that has ended (its period is over, it was refunded in the cooling-off period, or the bank closed the
 * Direct Debit) will take no more money: it is refused with the reason in plain words.
 */
import { desc, eq } from "drizzle-orm";
import { BILLING_HISTORY_MSG } from "../../../shared/billing-history.ts";
import { hasLiveSubscription, planTier, type TierId } from "../../../shared/constants.ts";
import { paymentCheckouts, subscriptionEvents, type UserWithSubscription } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { conflict } from "../../http-error.ts";
import { saveLinks } from "../payments/links.ts";
import type { DbOrTx } from "./record.ts";

export type BankDetailsChange =
  | { changeable: true; note: string | null }
  | { changeable: false; note: string | null; reason: "no_plan" | "ended" };

export async function bankDetailsChange(
  db: DbOrTx,
  user: Pick<UserWithSubscription, "id" | "subscriptionStatus" | "subscriptionTier" | "currentPeriodEnd">,
  now: Date,
): Promise<BankDetailsChange> {
  if (hasLiveSubscription(user.subscriptionStatus)) return { changeable: true, note: null };
  if (user.subscriptionStatus !== "cancelled" || !user.subscriptionTier)
    return { changeable: false, note: null, reason: "no_plan" };
  const [last] = await db
    .select({ type: subscriptionEvents.eventType })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, user.id))
    .orderBy(desc(subscriptionEvents.occurredAt), desc(subscriptionEvents.id))
    .limit(1);
  const running = !!user.currentPeriodEnd && user.currentPeriodEnd > now;
  if (running && last?.type === "cancelled")
    return { changeable: true, note: BILLING_HISTORY_MSG.cancelledRunning };
  const byBank = last?.type === "ended";
  return {
    changeable: false,
    reason: "ended",
    note: byBank ? BILLING_HISTORY_MSG.planEndedByProvider : BILLING_HISTORY_MSG.planEnded,
  };
}

/**
 * For the services: true when the change may go ahead; false when the member has no plan at all (the
 * caller's own "no plan" answer); a 409 naming why when the plan has ended.
 */
export async function bankDetailsChangeable(
  deps: Pick<Deps, "db" | "now">,
  user: UserWithSubscription,
  db: DbOrTx = deps.db,
): Promise<boolean> {
  const answer = await bankDetailsChange(db, user, deps.now());
  if (answer.changeable) return true;
  if (answer.reason === "ended" && answer.note) throw conflict(answer.note);
  return false;
}

/**
 * New bank details on a cancelled plan that still runs: nothing is collected now (the provider schedule was
 * cancelled with the plan), so only the mandate on file changes; reactivating builds the schedule on it. No
 * subscription event is written: the plan's last event stays its cancellation, which is what lets it be
 * reactivated (the change itself is in the billing history).
 */
export async function swapMandateOfCancelledPlan(
  deps: Pick<Deps, "now">,
  tx: DbOrTx,
  current: UserWithSubscription,
  checkoutId: number,
  mandate: { customerId: string; mandateId: string },
): Promise<{ tier: TierId; kind: "update_mandate" }> {
  const now = deps.now();
  const tier = planTier(current.subscriptionTier);
  await saveLinks(tx, current.id, {
    paymentCustomerId: mandate.customerId,
    paymentMandateId: mandate.mandateId,
  });
  await markMandateCheckoutCompleted(tx, checkoutId, mandate, now);
  return { tier, kind: "update_mandate" };
}

/** A bank-details checkout is done: the new mandate is on file (both the running and the cancelled plan's path). */
export async function markMandateCheckoutCompleted(
  tx: DbOrTx,
  checkoutId: number,
  mandate: { customerId: string; mandateId: string },
  now: Date,
): Promise<void> {
  await tx
    .update(paymentCheckouts)
    .set({
      status: "completed",
      completedAt: now,
      completingSince: null,
      customerId: mandate.customerId,
      mandateId: mandate.mandateId,
    })
    .where(eq(paymentCheckouts.id, checkoutId));
}
