/**
 * The billing history's only writer. billing_events is append-only (a trigger refuses UPDATE and
 * DELETE) and every row has a once-only `event_key`, so recording the same fact twice (a replayed webhook,
 * two tabs reading /billing, the provider reporting a payment already recorded) adds nothing.
 */
import { and, asc, eq } from "drizzle-orm";
import type { BillingEventKind, PaymentEventKind } from "../../../shared/billing-history.ts";
import type { Db, Tx } from "../../db/client.ts";
import { billingEvents } from "../../db/schema.ts";

export type DbOrTx = Db | Tx;

export interface BillingEventInput {
  userId: number;
  provider: string;
  kind: BillingEventKind;
  eventKey: string;
  occurredAt: Date;
  paymentRef?: string | null;
  mandateRef?: string | null;
  amountPence?: number | null;
  chargeDate?: string | null;
  description?: string | null;
}

/** Inserts one history row unless its key was recorded before; answers whether it was new. */
export async function recordBillingEvent(db: DbOrTx, e: BillingEventInput): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({
      userId: e.userId,
      provider: e.provider,
      kind: e.kind,
      eventKey: e.eventKey.slice(0, 160),
      occurredAt: e.occurredAt,
      paymentRef: e.paymentRef ?? null,
      mandateRef: e.mandateRef ?? null,
      amountPence: e.amountPence ?? null,
      chargeDate: e.chargeDate ?? null,
      description: e.description ?? null,
    })
    .onConflictDoNothing({ target: billingEvents.eventKey })
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/** A payment as the provider reports it (ProviderPayment), with the mandate it was collected under. */
export interface PaymentSnapshot {
  id: string;
  mandateId: string | null;
  chargeDate: string;
  amountPence: number;
  refundedPence: number;
  status: string;
  description: string;
}

/** The provider's payment status as a history kind; null for "refunded", which is recorded as a refund. */
export function kindOfPaymentStatus(status: string): PaymentEventKind | null {
  switch (status) {
    case "pending_customer_approval":
    case "pending_submission":
    case "created":
      return "payment_created";
    case "submitted":
      return "payment_submitted";
    case "confirmed":
      return "payment_confirmed";
    case "paid_out":
      return "payment_paid_out";
    case "failed":
    case "customer_approval_denied":
      return "payment_failed";
    case "cancelled":
      return "payment_cancelled";
    case "charged_back":
      return "payment_charged_back";
    default:
      return null;
  }
}

type Prior = { kind: string; occurredAt: Date; amountPence: number | null };

/**
 * What the history needs to say that `payment` is now at `kind`, given what it already says about it.
 * A payment goes through attempts: a failure followed by anything but another failure is a retry, and each
 * attempt records each status once. Keys are derived from the payment, the attempt and the kind, so a
 * webhook and a read of /billing that learn the same thing at the same time write one row.
 */
export function planPaymentStatus(
  prior: Prior[],
  payment: PaymentSnapshot,
  kind: PaymentEventKind,
  occurredAt: Date,
): Array<{ kind: PaymentEventKind; eventKey: string; occurredAt: Date }> {
  const statuses = prior
    .filter((p) => p.kind !== "payment_refunded")
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const failures = statuses.filter((p) => p.kind === "payment_failed").length;
  const retries = statuses.filter((p) => p.kind === "payment_retried").length;
  const lastRetry = statuses.findLastIndex((p) => p.kind === "payment_retried");
  const attempt = statuses.slice(lastRetry + 1);
  const keyOf = (k: string, n: number) => (n <= 1 ? `${k}:${payment.id}` : `${k}:${payment.id}:${n}`);
  const out: Array<{ kind: PaymentEventKind; eventKey: string; occurredAt: Date }> = [];
  if (kind === "payment_retried") {
    // One retry per failure: the provider's "resubmission requested" and a retry inferred from its status.
    if (failures > retries) out.push({ kind, eventKey: keyOf(kind, failures), occurredAt });
    return out;
  }
  let attemptNo = retries + 1;
  let current = attempt;
  const progress =
    kind !== "payment_failed" && kind !== "payment_cancelled" && kind !== "payment_charged_back";
  if (progress && attempt.some((p) => p.kind === "payment_failed") && failures > retries) {
    // The provider collects again after a failure without telling us (or its event is still to come).
    out.push({
      kind: "payment_retried",
      eventKey: keyOf("payment_retried", failures),
      occurredAt: new Date(occurredAt.getTime() - 1),
    });
    attemptNo++;
    current = [];
  }
  if (current.some((p) => p.kind === kind)) return out;
  out.push({ kind, eventKey: keyOf(kind, attemptNo), occurredAt });
  return out;
}

async function priorOf(db: DbOrTx, userId: number, paymentId: string): Promise<Prior[]> {
  return db
    .select({
      kind: billingEvents.kind,
      occurredAt: billingEvents.occurredAt,
      amountPence: billingEvents.amountPence,
    })
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, userId), eq(billingEvents.paymentRef, paymentId)))
    .orderBy(asc(billingEvents.occurredAt), asc(billingEvents.id));
}

/**
 * Records a payment at `kind` (from a webhook, or as the provider lists it) and any refund the provider
 * reports on it. `prior` may be passed when the caller already read the member's history. Answers the rows
 * written and the pence of a refund new to the history (0 when none was).
 */
export async function recordPaymentEvent(
  db: DbOrTx,
  input: {
    userId: number;
    provider: string;
    payment: PaymentSnapshot;
    kind: PaymentEventKind | null;
    occurredAt: Date;
    prior?: Prior[];
  },
): Promise<{ added: number; refundedPence: number }> {
  const { payment } = input;
  const prior = input.prior ?? (await priorOf(db, input.userId, payment.id));
  const base = {
    userId: input.userId,
    provider: input.provider,
    paymentRef: payment.id,
    mandateRef: payment.mandateId,
    chargeDate: payment.chargeDate,
    description: payment.description,
  };
  let added = 0;
  let refundedNow = 0;
  // A refunded payment first seen as refunded was collected before (refunds are of collected money).
  const seen = prior.some((p) => p.kind !== "payment_refunded");
  const kind = input.kind ?? (seen ? null : "payment_confirmed");
  if (kind) {
    for (const row of planPaymentStatus(prior, payment, kind, input.occurredAt)) {
      if (await recordBillingEvent(db, { ...base, ...row, amountPence: payment.amountPence })) added++;
    }
  }
  if (payment.refundedPence > 0) {
    const refunded = prior
      .filter((p) => p.kind === "payment_refunded")
      .reduce((sum, p) => sum + (p.amountPence ?? 0), 0);
    const more = payment.refundedPence - refunded;
    if (more > 0) {
      const ok = await recordBillingEvent(db, {
        ...base,
        kind: "payment_refunded",
        // The running total refunded makes each refund of a payment its own row, once.
        eventKey: `payment_refunded:${payment.id}:${payment.refundedPence}`,
        amountPence: more,
        occurredAt: new Date(input.occurredAt.getTime() + 1),
      });
      if (ok) {
        added++;
        refundedNow = more;
      }
    }
  }
  return { added, refundedPence: refundedNow };
}
