/**
 * What a member has paid and been given back, from the payments as the billing history holds them (one row per
 * payment with its latest status and the total refunded). Pure. A payment counts as paid once collected
 * (confirmed or paid out, or refunded after it was); a refund never counts more than its payment.
 */
export interface PaymentLine {
  amountPence: number;
  refundedPence: number;
  status: string;
}

const COLLECTED = new Set(["confirmed", "paid_out", "refunded", "charged_back"]);

export function moneyOf(payments: PaymentLine[]): { paidPence: number; refundedPence: number } {
  let paidPence = 0;
  let refundedPence = 0;
  for (const p of payments) {
    if (!COLLECTED.has(p.status) && p.refundedPence === 0) continue;
    // A charge-back is money the bank took back: paid, then returned in full.
    const back = p.status === "charged_back" ? p.amountPence : p.refundedPence;
    paidPence += p.amountPence;
    refundedPence += Math.min(back, p.amountPence);
  }
  return { paidPence, refundedPence };
}
