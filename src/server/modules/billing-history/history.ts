/**
 * Reads a member's billing history: the rows themselves, newest first, in the member's words, and the
 * payments list /billing has always shown (one row per payment with its latest status and what was refunded),
 * now built from the history instead of from whichever mandates the provider still lists.
 */
import { and, desc, eq } from "drizzle-orm";
import {
  type BillingEventKind,
  HISTORY_STATUS,
  historySentence,
  RECEIPT_KINDS,
} from "../../../shared/billing-history.ts";
import type { BillingHistoryItem, BillingOverview } from "../../../shared/member-api.ts";
import type { Db } from "../../db/client.ts";
import { billingEvents } from "../../db/schema.ts";

export type BillingEventRow = typeof billingEvents.$inferSelect;

/** A collected payment's receipt is on its confirmation; "paid out" is only the receipt when that is missing. */
export function hasReceipt(row: BillingEventRow, rows: BillingEventRow[]): boolean {
  if (!RECEIPT_KINDS.has(row.kind) || !row.amountPence || row.amountPence <= 0) return false;
  if (row.kind !== "payment_paid_out") return true;
  return !rows.some((r) => r.paymentRef === row.paymentRef && r.kind === "payment_confirmed");
}

/** The provider's own word for the payment's latest status, as BillingOverview.payments has always carried. */
const PROVIDER_STATUS: Record<string, string> = {
  payment_created: "pending_submission",
  payment_submitted: "submitted",
  payment_confirmed: "confirmed",
  payment_paid_out: "paid_out",
  payment_failed: "failed",
  payment_retried: "pending_submission",
  payment_cancelled: "cancelled",
  payment_charged_back: "charged_back",
};

export async function memberBillingEvents(db: Db, userId: number): Promise<BillingEventRow[]> {
  return db
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.userId, userId))
    .orderBy(desc(billingEvents.occurredAt), desc(billingEvents.id));
}

export async function billingEventOf(db: Db, userId: number, id: number): Promise<BillingEventRow | null> {
  const [row] = await db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.id, id), eq(billingEvents.userId, userId)));
  return row ?? null;
}

/** Newest first. A payment's "paid out" after its confirmation says nothing new to a member: it is folded. */
export function historyItems(rows: BillingEventRow[]): BillingHistoryItem[] {
  return rows
    .filter(
      (r) =>
        r.kind !== "payment_paid_out" ||
        !rows.some((o) => o.paymentRef === r.paymentRef && o.kind === "payment_confirmed"),
    )
    .map((r) => {
      const isMandate = r.kind.startsWith("mandate_");
      return {
        id: r.id,
        kind: r.kind,
        occurredAt: r.occurredAt.toISOString(),
        amountPence: r.amountPence,
        chargeDate: r.chargeDate,
        description: historySentence(r.kind, r.amountPence, isMandate ? r.description : null),
        detail: isMandate ? null : r.description,
        status: HISTORY_STATUS[r.kind as BillingEventKind] ?? "Recorded",
        receiptAvailable: hasReceipt(r, rows),
      };
    });
}

/** One row per payment: its amount, charge day, latest status and the total refunded, newest charge first. */
export function paymentsFromHistory(rows: BillingEventRow[]): BillingOverview["payments"] {
  const byPayment = new Map<string, BillingEventRow[]>();
  for (const r of rows) {
    if (!r.paymentRef) continue;
    byPayment.set(r.paymentRef, [...(byPayment.get(r.paymentRef) ?? []), r]);
  }
  const out: BillingOverview["payments"] = [];
  for (const [id, events] of byPayment) {
    const oldestFirst = [...events].sort(
      (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id - b.id,
    );
    const statuses = oldestFirst.filter((e) => e.kind !== "payment_refunded");
    const latest = statuses.at(-1);
    const refundedPence = events
      .filter((e) => e.kind === "payment_refunded")
      .reduce((s, e) => s + (e.amountPence ?? 0), 0);
    const any = latest ?? oldestFirst[0];
    out.push({
      id,
      chargeDate: any.chargeDate ?? any.occurredAt.toISOString().slice(0, 10),
      amountPence: latest?.amountPence ?? refundedPence,
      refundedPence,
      status:
        refundedPence > 0 ? "refunded" : latest ? (PROVIDER_STATUS[latest.kind] ?? latest.kind) : "refunded",
      description: any.description ?? "Payment",
    });
  }
  return out.sort((a, b) =>
    a.chargeDate < b.chargeDate ? 1 : a.chargeDate > b.chargeDate ? -1 : b.id.localeCompare(a.id),
  );
}
