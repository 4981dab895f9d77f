/**
 * Receipts: a PDF for a history row that is money (a collected payment or a refund), for the member
 * whose row it is only. The plan holder's money is the plan holder's: a partner covered by the plan has rows
 * of their own (none, unless they paid) and gets a 404 for the holder's, as for anyone else's.
 */
import { BILLING_HISTORY_MSG, receiptNumber } from "../../../shared/billing-history.ts";
import { BRAND } from "../../../shared/brand.ts";
import { londonDay } from "../../../shared/london-time.ts";
import type { User } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { conflict, notFound } from "../../http-error.ts";
import { billingEventOf, hasReceipt, memberBillingEvents } from "./history.ts";
import { receiptPdf } from "./receipt-pdf.ts";

const PROVIDER_NAME: Record<string, string> = { gocardless: "GoCardless", sandbox: "Sandbox (test mode)" };

/** "****4F2A": enough to match a bank statement, not enough to be of use to anyone else. */
export function maskMandate(ref: string | null): string | null {
  if (!ref) return null;
  return `****${ref.slice(-4)}`;
}

export async function memberReceipt(
  deps: Deps,
  user: User,
  id: number,
  opts: { compress?: boolean } = {},
): Promise<{ filename: string; pdf: Buffer }> {
  await deps.limiter.hit(`receipt:${user.id}`, 60, 60);
  const row = await billingEventOf(deps.db, user.id, id);
  // Another member's row is answered as a missing one: whether it exists is not theirs to know.
  if (!row) throw notFound(BILLING_HISTORY_MSG.receiptNotFound);
  if (!hasReceipt(row, row.kind === "payment_paid_out" ? await memberBillingEvents(deps.db, user.id) : [row]))
    throw conflict(BILLING_HISTORY_MSG.noReceipt);
  const refund = row.kind === "payment_refunded";
  const number = receiptNumber(row.id);
  const chargeDay = row.chargeDate ? londonDay(new Date(`${row.chargeDate}T12:00:00Z`)) : null;
  const date = londonDay(row.occurredAt);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  const pdf = await receiptPdf(
    {
      number,
      title: refund ? "Refund receipt" : "Payment receipt",
      memberName: name,
      memberEmail: user.email,
      date,
      chargeDate: chargeDay && chargeDay !== date ? chargeDay : null,
      description: `${refund ? "Refund: " : ""}${row.description ?? `${BRAND.name} membership`}`,
      amountPence: row.amountPence ?? 0,
      provider: PROVIDER_NAME[row.provider] ?? row.provider,
      mandate: maskMandate(row.mandateRef),
      testMode: row.provider === "sandbox",
    },
    opts,
  );
  return { filename: `${BRAND.name.toLowerCase()}-receipt-${number}.pdf`, pdf };
}
