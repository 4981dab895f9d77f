import { Hourglass } from "lucide-react";
import { PAYMENT_RECOVERY_MSG } from "../../../shared/payment-recovery.ts";

/**
 * A date whose reveal waits for the couple's payment (paymentHold): calm words in place of the reveal. The
 * evening and the booking stand; the plan appears once the payment has gone through.
 */
export function PaymentHoldNote() {
  return (
    <div
      className="mt-7 flex items-start gap-4 border-t border-dashed border-white/20 pt-6"
      data-testid="payment-hold"
    >
      <span
        aria-hidden
        className="grid size-11 shrink-0 place-items-center rounded-full bg-gold/15 text-gold-soft ring-1 ring-gold/40"
      >
        <Hourglass className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-display text-2xl leading-snug text-gold-soft sm:text-3xl">Your evening is kept</p>
        <p className="mt-1 text-sm text-stage-muted">{PAYMENT_RECOVERY_MSG.dateHeld}</p>
      </div>
    </div>
  );
}

/** The same on a date's card. */
export function PaymentHoldLine() {
  return (
    <span className="flex min-w-0 items-start gap-2 text-sm" data-testid="card-payment-hold">
      <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-soft" />
      <span className="block text-stage-muted">{PAYMENT_RECOVERY_MSG.dateHeld}</span>
    </span>
  );
}
