/**
 * The member's billing history: what each recorded event is called, in the member's words, and which
 * ones are money a receipt can be given for. Shared by the server (GET /api/billing, receipts) and /billing.
 */

export const PAYMENT_EVENT_KINDS = [
  "payment_created",
  "payment_submitted",
  "payment_confirmed",
  "payment_paid_out",
  "payment_failed",
  "payment_retried",
  "payment_cancelled",
  "payment_charged_back",
  "payment_refunded",
] as const;

export const MANDATE_EVENT_KINDS = [
  "mandate_created",
  "mandate_active",
  "mandate_cancelled",
  "mandate_replaced",
  "mandate_failed",
] as const;

export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];
export type MandateEventKind = (typeof MANDATE_EVENT_KINDS)[number];
export type BillingEventKind = PaymentEventKind | MandateEventKind;

/** Rows that are money moving, and so have a receipt: a collected payment, or money given back. */
export const RECEIPT_KINDS: ReadonlySet<string> = new Set([
  "payment_confirmed",
  "payment_paid_out",
  "payment_refunded",
]);

/** "£20.00": receipts and history show pence exactly, as a bank statement does. */
export function formatMoney(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  return `${sign}£${(Math.abs(pence) / 100).toFixed(2)}`;
}

/** "UNV-000123": the receipt number of a history row. */
export function receiptNumber(eventId: number): string {
  return `UNV-${String(eventId).padStart(6, "0")}`;
}

/** One status vocabulary for the history: the word a member reads beside each row. */
export const HISTORY_STATUS: Record<BillingEventKind, string> = {
  payment_created: "Scheduled",
  payment_submitted: "Processing",
  payment_confirmed: "Paid",
  payment_paid_out: "Paid",
  payment_failed: "Failed",
  payment_retried: "Retrying",
  payment_cancelled: "Cancelled",
  payment_charged_back: "Returned to you",
  payment_refunded: "Refunded",
  mandate_created: "Set up",
  mandate_active: "Active",
  mandate_cancelled: "Closed",
  mandate_replaced: "Updated",
  mandate_failed: "Failed",
};

/** A provider payment status in the history's words, so the payments list and the history agree. */
export function paymentStatusWord(status: string): string {
  const words: Record<string, string> = {
    pending_customer_approval: "Scheduled",
    pending_submission: "Scheduled",
    submitted: "Processing",
    confirmed: "Paid",
    paid_out: "Paid",
    failed: "Failed",
    customer_approval_denied: "Failed",
    cancelled: "Cancelled",
    charged_back: "Returned to you",
    refunded: "Refunded",
  };
  return words[status] ?? status.replaceAll("_", " ");
}

/**
 * The row as a sentence: "Payment of £20.00 confirmed", "Refund of £20.00", "New bank details: account
 * ending 78". `detail` is what was recorded with the event (the payment's own label, or the account).
 */
export function historySentence(kind: string, amountPence: number | null, detail: string | null): string {
  const money = amountPence !== null ? ` of ${formatMoney(amountPence)}` : "";
  const account = detail ? `: ${detail}` : "";
  switch (kind) {
    case "payment_created":
      return `Payment${money} scheduled`;
    case "payment_submitted":
      return `Payment${money} requested from your bank`;
    case "payment_confirmed":
      return `Payment${money} confirmed`;
    case "payment_paid_out":
      return `Payment${money} completed`;
    case "payment_failed":
      return `Payment${money} failed`;
    case "payment_retried":
      return amountPence !== null ? `Retry scheduled for the payment${money}` : "Retry scheduled";
    case "payment_cancelled":
      return `Payment${money} cancelled`;
    case "payment_charged_back":
      return `Payment${money} returned to you by your bank`;
    case "payment_refunded":
      return `Refund${money}`;
    case "mandate_created":
      return `Direct Debit set up${account}`;
    case "mandate_active":
      return `Direct Debit active${account}`;
    case "mandate_replaced":
      return `New bank details${account}`;
    case "mandate_cancelled":
      return `Direct Debit closed${account}`;
    case "mandate_failed":
      return `Direct Debit could not be set up${account}`;
    default:
      return "Billing update";
  }
}

export const BILLING_HISTORY_MSG = {
  receiptNotFound: "We couldn't find that receipt.",
  receiptMalformed: "A receipt number looks like 123 or 123.pdf.",
  noReceipt: "Only collected payments and refunds have receipts. This entry has none.",
  planEnded:
    "Your plan has ended, so no more payments will be taken and there are no bank details to change. Choose a plan to start again.",
  planEndedByProvider:
    "Your Direct Debit was closed by your bank, so your plan has ended. Choose a plan to set up a new one.",
  cancelledRunning:
    "Your plan is cancelled but runs until the end of the period. New bank details are used if you reactivate it.",
} as const;
