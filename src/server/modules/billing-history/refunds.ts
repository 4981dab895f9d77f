/** Money given back in the cooling-off period, recorded in the same transaction as the cancellation. */
import type { ProviderPayment } from "../payments/provider.ts";
import { type DbOrTx, kindOfPaymentStatus, recordPaymentEvent } from "./record.ts";

export async function recordRefundGiven(
  db: DbOrTx,
  provider: string,
  e: { userId: number; mandateId: string; payment: ProviderPayment; refundedNowPence: number; at: Date },
): Promise<void> {
  const p = e.payment;
  await recordPaymentEvent(db, {
    userId: e.userId,
    provider,
    // The payment as it stood, then the refund on top of what was refunded before.
    payment: { ...p, mandateId: e.mandateId, refundedPence: p.refundedPence + e.refundedNowPence },
    kind: kindOfPaymentStatus(p.status),
    occurredAt: e.at,
  });
}
