/**
 * A failed Direct Debit being recovered, as both partners see it: on the dashboard, on /billing and in the
 * e-mails. The server fills it from the plan account (server/modules/plan-account/payment-problem.ts); the client only shows it.
 */
import { z } from "zod";
import { POLICY } from "./constants.ts";

/** Retries the provider is asked for after a failure (POLICY.paymentRetryDays, one a gap). */
export const PAYMENT_RETRIES = POLICY.paymentRetryDays.length;

/** The query on /billing that opens the change of bank details at once (the e-mails' one-click link). */
export const BANK_DETAILS_PARAM = "bank";
export const bankDetailsPath = `/billing?${BANK_DETAILS_PARAM}=1`;

export const paymentProblemSchema = z
  .object({
    /** When the payment failed (the latest failure). */
    failedAt: z.string(),
    /** The amount that failed, in pence. */
    amountPence: z.int(),
    /** When it is asked for again; null while a retry is with the bank or none is left. */
    retryOn: z.string().nullable(),
    /** Retries not yet asked of the bank, the one booked included. */
    retriesLeft: z.int(),
    /** The member asking holds the plan and can put in new bank details (the covered partner cannot). */
    canChangeBankDetails: z.boolean(),
    /** The plan holder's first name, for the covered partner's words. */
    holderName: z.string().nullable(),
  })
  .meta({ id: "PaymentProblem" });
export type PaymentProblem = z.infer<typeof paymentProblemSchema>;

const [firstGap, ...laterGaps] = POLICY.paymentRetryDays;

/** The failed-payment rule in one wording, for the Terms, Settings and the docs. */
export const FAILED_PAYMENT_RULE = `If a payment fails, we tell you both at once and ask your bank for it again ${firstGap} days later${laterGaps.map((d) => `, then ${d} days after that if it fails again`).join("")}; new bank details try it straight away. Until it is paid, your upcoming dates stay booked but are not revealed. If the last try fails, the plan ends and dates still ahead are cancelled.`;

export const PAYMENT_RECOVERY_MSG = {
  /** On a date whose reveal waits for the payment. */
  dateHeld: "Your date is booked; we will reveal it once your payment has gone through.",
  bannerTitle: "Your last payment didn't go through",
  changeBankDetails: "Use new bank details",
} as const;
