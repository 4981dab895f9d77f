/**
 * The e-mails of a failed payment being recovered, to both partners (service mail: they always go): the payment
 * failed (with the retry day and a one-click link to new bank details), or the plan ended after the last retry
 * failed. A payment received is a plan change like any other (plan-mails.ts, "Your payment has gone through"). Every date and amount comes from the plan account (payments/recovery.ts fills them).
 */
import { BRAND } from "../../../shared/brand.ts";
import { formatPence } from "../../../shared/constants.ts";
import { londonDay, londonDayTime } from "../../../shared/london-time.ts";
import { bankDetailsPath, PAYMENT_RECOVERY_MSG } from "../../../shared/payment-recovery.ts";
import { type Rendered, render } from "./templates.ts";

/** email_logs.email_type of each message. */
export const DUNNING_MAIL_TYPES = {
  failed: "payment_failed",
  ended: "plan_ended_unpaid",
} as const;

export interface FailedFacts {
  amountPence: number;
  failedAt: Date;
  /** The retry booked; null when none is left. */
  retryOn: Date | null;
  retriesLeft: number;
  /** The recipient holds the plan (else the plan holder's first name says who can act). */
  isHolder: boolean;
  holderName: string | null;
}

export function paymentFailedEmail(firstName: string, f: FailedFacts, appUrl: string): Rendered {
  const amount = formatPence(f.amountPence);
  const whose = f.isHolder ? "your" : `${f.holderName ?? "your partner"}'s`;
  const retry = f.retryOn
    ? `We will ask the bank for it again on ${londonDay(f.retryOn)}${f.retriesLeft > 1 ? ` (and once more after that if needed)` : ""}.`
    : "We have no more retries left for it.";
  const act = f.isHolder
    ? "If your bank details have changed, put in new ones and we will collect it from them straight away."
    : `${f.holderName ?? "Your partner"} can put in new bank details, and we will collect it from them straight away.`;
  return render(
    `Your payment of ${amount} didn't go through`,
    "Your last payment didn't go through",
    [
      `Hello ${firstName},`,
      `The Direct Debit of ${amount} for ${whose} ${BRAND.name} plan failed on ${londonDay(f.failedAt)}.`,
      retry,
      "Until it has gone through, the reveals of your upcoming dates wait: you keep your evenings, and the venues keep your bookings.",
      act,
      "If the last try fails too, the plan ends at the end of what was paid and the dates ahead are cancelled.",
    ],
    { label: PAYMENT_RECOVERY_MSG.changeBankDetails, url: `${appUrl}${bankDetailsPath}` },
  );
}

export function planEndedUnpaidEmail(
  firstName: string,
  f: { amountPence: number; endedAt: Date; cancelledDates: Date[] },
  appUrl: string,
): Rendered {
  const amount = formatPence(f.amountPence);
  const dates = f.cancelledDates.length
    ? [
        `We have cancelled the ${f.cancelledDates.length === 1 ? "date" : "dates"} ahead and told the venues: ${f.cancelledDates.map((d) => londonDayTime(d)).join("; ")}.`,
      ]
    : [];
  return render(
    "Your plan has ended",
    "Your plan has ended",
    [
      `Hello ${firstName},`,
      `We asked the bank for the payment of ${amount} again, and it did not go through, so the plan ended on ${londonDay(f.endedAt)}, at the end of what was paid.`,
      ...dates,
      "Nothing more will be collected. You are welcome back whenever you like.",
    ],
    { label: "Choose a plan", url: `${appUrl}/subscription` },
  );
}
