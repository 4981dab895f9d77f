/** The payment provider as the app sees it; `sandbox` (built in) and `gocardless` implement it. */
export interface PaymentProvider {
  readonly name: "sandbox" | "gocardless";
  /** Starts a mandate authorisation at the provider's hosted page. */
  startAuthorisation(input: {
    reference: string;
    returnUrl: string;
    exitUrl: string;
    customer: { email: string; givenName: string | null; familyName: string | null };
    description: string;
  }): Promise<{ providerRef: string; redirectUrl: string; state?: Record<string, unknown> }>;
  /** Reads the authorisation back from the provider; throws NotAuthorisedError when it did not complete. */
  confirmAuthorisation(checkout: {
    providerRef: string;
    status: string;
    providerState: Record<string, unknown>;
  }): Promise<{ customerId: string; mandateId: string }>;
  /** A monthly subscription in pence; a discount is `discount.months` cycles at the lower amount first. */
  createSubscription(input: {
    mandateId: string;
    amountPence: number;
    name: string;
    idempotencyKey: string;
    discount?: { amountPence: number; months: number };
    /** First charge on this day (default: as soon as the mandate allows). */
    startDate?: Date;
  }): Promise<{ subscriptionId: string; nextSubscriptionId?: string }>;
  /** Cancelling one already cancelled or finished succeeds, so a retried operation can repeat it. */
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /**
   * Ends a mandate so nothing more can be collected under it (a duplicate from a second tab, or the old bank
   * details once new ones are active). Cancelling one already cancelled, failed or expired succeeds.
   */
  cancelMandate(mandateId: string, idempotencyKey: string): Promise<void>;
  /** From the next charge on, the subscription collects this amount. */
  updateSubscriptionAmount(
    subscriptionId: string,
    amountPence: number,
    idempotencyKey: string,
  ): Promise<void>;
  /** Skips the next `cycles` charges; the subscription then resumes by itself. */
  pauseSubscription(subscriptionId: string, cycles: number, idempotencyKey: string): Promise<void>;
  /** Gives the money back: a payment not yet submitted to the bank is cancelled instead. */
  refundPayment(paymentId: string, amountPence: number, idempotencyKey: string): Promise<void>;
  /** A one-off collection (arrears after a failed payment). */
  createPayment(
    mandateId: string,
    amountPence: number,
    description: string,
    idempotencyKey: string,
  ): Promise<void>;
  /**
   * Asks the bank again for a failed payment (GoCardless: POST /payments/{id}/actions/retry). Repeating a retry
   * already under way (same key, or the payment no longer failed) succeeds and asks nothing more.
   */
  retryPayment(paymentId: string, idempotencyKey: string): Promise<void>;
  /** A one-off bank payment (a gift), approved by the payer at the provider's page; no mandate is left behind. */
  startOneOffPayment(input: {
    reference: string;
    amountPence: number;
    description: string;
    returnUrl: string;
    exitUrl: string;
    customer: { email: string; name: string };
  }): Promise<{ providerRef: string; redirectUrl: string; state?: Record<string, unknown> }>;
  /** Reads the one-off payment back from the provider; throws NotAuthorisedError when it was not made. */
  confirmOneOffPayment(request: {
    providerRef: string;
    providerState: Record<string, unknown>;
  }): Promise<{ paymentId: string }>;
  getMandate(mandateId: string): Promise<ProviderMandate | null>;
  /** Payments collected (or being collected) under the mandate, newest first. */
  listPayments(mandateId: string): Promise<ProviderPayment[]>;
  upcomingPayment(subscriptionId: string): Promise<{ chargeDate: string; amountPence: number } | null>;
  /** The mandate and subscription a payment belongs to (webhooks about payments name only the payment). */
  paymentLinks(paymentId: string): Promise<{ mandate?: string; subscription?: string } | null>;
}

export class NotAuthorisedError extends Error {}

export class ProviderError extends Error {}

export interface ProviderMandate {
  reference: string;
  status: string;
  bankName: string | null;
  accountEnding: string | null;
}

export interface ProviderPayment {
  id: string;
  /** YYYY-MM-DD */
  chargeDate: string;
  amountPence: number;
  refundedPence: number;
  status: string;
  description: string;
  subscriptionId: string | null;
}
