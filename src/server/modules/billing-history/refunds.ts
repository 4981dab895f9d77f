/**
 * Money given back in the cooling-off period, recorded in the same transaction as the cancellation. Answers the
 * pence actually refunded.
 */
import type { ProviderPayment } from "../payments/provider.ts";
import { type DbOrTx, kindOfPaymentStatus, recordPaymentEvent } from "./record.ts";

export async function recordRefundGiven(
  db: DbOrTx,
  provider: string,
  e: { userId: number; mandateId: string; payment: ProviderPayment; refundedNowPence: number; at: Date },
): Promise<number> {
  const p = e.payment;
  // A payment not yet at the bank is cancelled by the provider instead: no money moved either way, so the
  // history says "Cancelled" (never "Scheduled", never a refund of money not taken).
  if (NOT_COLLECTED.has(p.status)) {
    await recordPaymentEvent(db, {
      userId: e.userId,
      provider,
      payment: { ...p, mandateId: e.mandateId },
      kind: "payment_cancelled",
      occurredAt: e.at,
    });
    return 0;
  }
  await recordPaymentEvent(db, {
    userId: e.userId,
    provider,
    // The payment as it stood, then the refund on top of what was refunded before.
    payment: { ...p, mandateId: e.mandateId, refundedPence: p.refundedPence + e.refundedNowPence },
    kind: kindOfPaymentStatus(p.status),
    occurredAt: e.at,
  });
  return e.refundedNowPence;
}

const NOT_COLLECTED = new Set(["pending_submission", "pending_customer_approval", "created"]);
