/**
 * What a member is told about a failed payment being recovered (GET /api/billing, GET /api/dates/stats, the
 * dunning e-mails): the failure from the billing history, the retry from the plan account. The same for the plan
 * holder and the covered partner; only the holder may put in new bank details.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { PAYMENT_RETRIES, type PaymentProblem } from "../../../shared/payment-recovery.ts";
import type { Db, Tx } from "../../db/client.ts";
import { billingEvents, type User } from "../../db/schema.ts";
import { couplePaymentHeld } from "../dates/payment-hold.ts";
import { planAccountOf } from "./load.ts";

/** Kinds that are a payment failing (a charge-back is a late failure the bank reverses). */
export const FAILURE_KINDS = ["payment_failed", "payment_charged_back"] as const;

export interface PaymentFailure {
  paymentRef: string | null;
  amountPence: number | null;
  occurredAt: Date;
}

/** The plan holder's latest payment failure in the billing history. */
export async function latestFailure(db: Db | Tx, holderId: number): Promise<PaymentFailure | null> {
  const [row] = await db
    .select({
      paymentRef: billingEvents.paymentRef,
      amountPence: billingEvents.amountPence,
      occurredAt: billingEvents.occurredAt,
    })
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, holderId), inArray(billingEvents.kind, [...FAILURE_KINDS])))
    .orderBy(desc(billingEvents.occurredAt), desc(billingEvents.id))
    .limit(1);
  return row ?? null;
}

/** Null unless the couple's plan is behind on a payment. */
export async function paymentProblemOf(db: Db | Tx, member: User, now: Date): Promise<PaymentProblem | null> {
  // One indexed read for the many couples with nothing wrong (the dashboard asks on every load).
  if (!(await couplePaymentHeld(db, member.id))) return null;
  const plan = await planAccountOf(db, member, now);
  if (!plan.holder || plan.account.status !== "past_due") return null;
  const failure = await latestFailure(db, plan.holder.id);
  const retry = plan.nextCollection?.retry ? plan.nextCollection : null;
  const amountPence = failure?.amountPence ?? retry?.amountPence ?? 0;
  const used = plan.holder.paymentRetries;
  return {
    failedAt: (failure?.occurredAt ?? plan.holder.paymentStatusAt ?? now).toISOString(),
    amountPence,
    retryOn: retry ? retry.date.toISOString() : null,
    retriesLeft: Math.max(0, PAYMENT_RETRIES - used),
    canChangeBankDetails: !plan.covered,
    holderName: plan.covered ? (plan.holder.firstName ?? null) : null,
  };
}
