/**
 * Provider webhooks in the history. The event body is not trusted for amounts: the payment is read
 * back from the provider before the event's transaction (no lock is held while the provider is asked), and
 * the row is written inside that transaction, only when the event is new (a replay adds nothing).
 */
import type { PaymentEventKind } from "../../../shared/billing-history.ts";
import type { Tx } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { accountWords, mandateOwner } from "./mandates.ts";
import { type PaymentSnapshot, recordBillingEvent, recordPaymentEvent } from "./record.ts";

interface EventLike {
  id: string;
  created_at: string;
  resource_type: string;
  action: string;
  links: Record<string, string>;
}

const PAYMENT_ACTIONS: Record<string, PaymentEventKind | "refund"> = {
  created: "payment_created",
  submitted: "payment_submitted",
  confirmed: "payment_confirmed",
  paid_out: "payment_paid_out",
  failed: "payment_failed",
  customer_approval_denied: "payment_failed",
  resubmission_requested: "payment_retried",
  cancelled: "payment_cancelled",
  charged_back: "payment_charged_back",
};

const MANDATE_ACTIONS = {
  active: "mandate_active",
  cancelled: "mandate_cancelled",
  failed: "mandate_failed",
  expired: "mandate_failed",
  blocked: "mandate_failed",
  replaced: "mandate_replaced",
} as const;

/** What the provider says about the event's payment or mandate, looked up before the event's transaction. */
export interface EventFacts {
  payment: PaymentSnapshot | null;
  account: string | null;
}

/** Best effort: an unreachable provider leaves the row to the next read of /billing. */
export async function factsForEvent(
  deps: Pick<Deps, "payments">,
  event: EventLike,
  mandateId: string | undefined,
): Promise<EventFacts> {
  const paymentId = event.links.payment;
  try {
    if ((event.resource_type === "payments" || event.resource_type === "refunds") && paymentId && mandateId) {
      const listed = await deps.payments.listPayments(mandateId);
      const p = listed.find((x) => x.id === paymentId);
      return { payment: p ? { ...p, mandateId } : null, account: null };
    }
    if (event.resource_type === "mandates" && mandateId && event.action in MANDATE_ACTIONS)
      return { payment: null, account: await accountWords(deps, mandateId) };
  } catch {
    // Nothing known: see above.
  }
  return { payment: null, account: null };
}

/** A refund the provider made that the history did not hold yet (one we made ourselves is recorded already). */
export interface NewRefund {
  userId: number;
  amountPence: number;
  payment: PaymentSnapshot;
}

/** Writes the event's history row(s) in the webhook's own transaction; answers a refund new to the history. */
export async function recordWebhookBillingEvent(
  tx: Tx,
  deps: Pick<Deps, "payments">,
  event: EventLike,
  mandateId: string | undefined,
  facts: EventFacts,
  fallbackUserId: number | null,
): Promise<NewRefund | null> {
  const owner = (mandateId ? await mandateOwner(tx, mandateId) : null) ?? fallbackUserId;
  if (!owner) return null;
  const occurredAt = new Date(event.created_at);
  if (event.resource_type === "payments" || event.resource_type === "refunds") {
    // Without the payment (not linked, or the provider could not be asked) there is no amount to show.
    if (!facts.payment) return null;
    const kind = event.resource_type === "refunds" ? null : (PAYMENT_ACTIONS[event.action] ?? null);
    if (event.resource_type === "payments" && !kind) return null;
    const { refundedPence } = await recordPaymentEvent(tx, {
      userId: owner,
      provider: deps.payments.name,
      payment: facts.payment,
      kind: kind === "refund" ? null : kind,
      occurredAt,
    });
    return refundedPence > 0 ? { userId: owner, amountPence: refundedPence, payment: facts.payment } : null;
  }
  if (event.resource_type === "mandates" && mandateId && event.action in MANDATE_ACTIONS) {
    const kind = MANDATE_ACTIONS[event.action as keyof typeof MANDATE_ACTIONS];
    await recordBillingEvent(tx, {
      userId: owner,
      provider: deps.payments.name,
      kind,
      eventKey: `${kind}:${mandateId}`,
      mandateRef: mandateId,
      description: facts.account,
      occurredAt,
    });
  }
  return null;
}
