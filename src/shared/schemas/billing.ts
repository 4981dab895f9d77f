/** Manage Billing: the receipt parameter, and what GET /api/billing answers (encoded through these schemas). */

import { z } from "zod";
import { BILLING_HISTORY_MSG } from "../billing-history.ts";
import { TIER_IDS } from "../constants.ts";
import { paymentProblemSchema } from "../payment-recovery.ts";

const RECEIPT_ID =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])(\.pdf)?$/i;

/** A receipt's id: the history row's number, with or without ".pdf" ("123", "123.pdf"). */
export const receiptParamsSchema = z.object({
  id: z
    .string()
    // 1 to 2147483647 (the history's integer key), digit by digit, so the document's pattern is the real bound.
    .regex(RECEIPT_ID, BILLING_HISTORY_MSG.receiptMalformed)
    .transform((s) => Number.parseInt(s, 10)),
});

/** One row of the append-only billing history, in the member's words. Amounts in pence. */
export const billingHistoryItemSchema = z
  .object({
    id: z.number(),
    /** payment_confirmed, payment_failed, payment_retried, payment_refunded, mandate_replaced... */
    kind: z.string(),
    occurredAt: z.string(),
    amountPence: z.number().nullable(),
    /** The payment's charge day (YYYY-MM-DD), for payment rows. */
    chargeDate: z.string().nullable(),
    /** "Payment of £20.00 confirmed", "Refund of £20.00", "New bank details: account ending 78". */
    description: z.string(),
    /** The payment's own label ("Monthly membership"), for payment rows. */
    detail: z.string().nullable(),
    /** One word: Paid, Failed, Retrying, Refunded, Updated... */
    status: z.string(),
    /** A PDF receipt can be downloaded from GET /api/billing/receipts/{id}.pdf. */
    receiptAvailable: z.boolean(),
  })
  .meta({ id: "BillingHistoryItem" });
export type BillingHistoryItem = z.infer<typeof billingHistoryItemSchema>;

/**
 * GET /api/billing: what Manage Billing shows. Amounts in pence. The mandate and payments come from the
 * payment provider: only the fields listed here are passed on (never its customer or subscription ids).
 */
export const billingOverviewSchema = z
  .object({
    provider: z.enum(["sandbox", "gocardless"]),
    tier: z.enum(TIER_IDS).nullable(),
    status: z.string().nullable(),
    monthlyAmountPence: z.number().nullable(),
    /** Tier that takes over at the next cycle, if a change is pending. */
    pendingTier: z.enum(TIER_IDS).nullable(),
    currentPeriodEnd: z.string().nullable(),
    pausedUntil: z.string().nullable(),
    /** Where the month off starts (see PublicUser.pausedFrom). */
    pausedFrom: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    nextPayment: z.object({ date: z.string(), amountPence: z.number() }).nullable(),
    /** The couple's plan is behind on a payment being recovered (the banner's facts); null otherwise. */
    paymentProblem: paymentProblemSchema.nullable(),
    mandate: z
      .object({
        reference: z.string(),
        status: z.string(),
        bankName: z.string().nullable(),
        accountEnding: z.string().nullable(),
      })
      .nullable(),
    payments: z.array(
      z.object({
        id: z.string(),
        chargeDate: z.string(),
        amountPence: z.number(),
        refundedPence: z.number(),
        status: z.string(),
        description: z.string(),
      }),
    ),
    /** Cancelling now refunds the first payment in full (cooling-off period, no date held yet). */
    coolingOffRefundEligible: z.boolean(),
    /** Every payment, failure, retry, refund and mandate change, newest first. */
    history: z.array(billingHistoryItemSchema),
    /** Whether "Change bank details" is offered, and why not (or what it means for a cancelled plan). */
    bankDetails: z.object({ changeable: z.boolean(), note: z.string().nullable() }),
    /**
     * The plan holder's first name when the member is covered by their partner's plan: the plan is shown, the
     * holder's Direct Debit and payments are not.
     */
    coveredBy: z.string().nullable(),
    /** When a pending tier takes effect: the account's next collection (after a month off or gift months). */
    pendingTierFrom: z.string().nullable(),
    /** The end of the paid, credited, gifted or paused cycles from now on without a collection between. */
    coveredUntil: z.string().nullable(),
    /** When the plan ends by itself (a cancellation, a gift with no Direct Debit). */
    endsAt: z.string().nullable(),
    /** Gift months on the plan's account not yet used. */
    creditMonths: z.number().int(),
    /** The member's own cancellation can still be undone (never after a cooling-off refund). */
    canReactivate: z.boolean(),
    /** What the member has paid (collected payments) and been given back, in pence. */
    totals: z.object({ paidPence: z.number().int(), refundedPence: z.number().int() }),
    /** The running cycle and the ones ahead: paid, credited, gifted, paused, overdue or due (collected). */
    cycles: z.array(
      z.object({
        kind: z.enum(["paid", "credited", "gifted", "paused", "overdue", "due"]),
        from: z.string(),
        to: z.string(),
        tier: z.enum(TIER_IDS),
      }),
    ),
  })
  .meta({ id: "BillingOverview" });
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
