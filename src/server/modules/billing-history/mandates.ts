/**
 * Mandate changes in the history: set up at checkout, replaced by new bank details, closed (the old
 * details once the new are active, or a second tab's duplicate), and the missed payment collected again from
 * new details. Recording never fails the operation it describes: the money moved whatever the history says,
 * and the next read of /billing folds in the payments anyway.
 */
import { eq } from "drizzle-orm";
import { paymentCheckouts, paymentLinks } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { type DbOrTx, recordBillingEvent } from "./record.ts";

/** "account ending 78", as the provider knows the mandate; null when it cannot say. */
export async function accountWords(deps: Pick<Deps, "payments">, mandateId: string): Promise<string | null> {
  try {
    const m = await deps.payments.getMandate(mandateId);
    return m?.accountEnding ? `account ending ${m.accountEnding}` : null;
  } catch {
    return null;
  }
}

/** Whose mandate this is: the member collecting from it now, or the one whose checkout authorised it. */
export async function mandateOwner(db: DbOrTx, mandateId: string): Promise<number | null> {
  const [current] = await db
    .select({ id: paymentLinks.userId })
    .from(paymentLinks)
    .where(eq(paymentLinks.paymentMandateId, mandateId))
    .limit(1);
  if (current) return current.id;
  const [checkout] = await db
    .select({ userId: paymentCheckouts.userId })
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.mandateId, mandateId))
    .limit(1);
  return checkout?.userId ?? null;
}

async function safely(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch {
    // The history is told again by the next read of /billing or the provider's next event.
  }
}

/** A new membership's Direct Debit, at checkout completion. */
export async function recordMandateSetUp(
  deps: Deps,
  userId: number,
  mandateId: string,
  at: Date,
): Promise<void> {
  await safely(async () =>
    recordBillingEvent(deps.db, {
      userId,
      provider: deps.payments.name,
      kind: "mandate_created",
      eventKey: `mandate_created:${mandateId}`,
      mandateRef: mandateId,
      description: await accountWords(deps, mandateId),
      occurredAt: at,
    }),
  );
}

/** New bank details replace the old: one row, about the new account, keyed once per replaced mandate. */
export async function recordMandateReplaced(
  deps: Deps,
  checkoutId: number,
  newMandateId: string,
  oldMandateId: string,
): Promise<void> {
  await safely(async () => {
    const [checkout] = await deps.db
      .select({ userId: paymentCheckouts.userId, completedAt: paymentCheckouts.completedAt })
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.id, checkoutId));
    if (!checkout) return;
    await recordBillingEvent(deps.db, {
      userId: checkout.userId,
      provider: deps.payments.name,
      kind: "mandate_replaced",
      eventKey: `mandate_replaced:${oldMandateId}:${newMandateId}`,
      mandateRef: newMandateId,
      description: await accountWords(deps, newMandateId),
      occurredAt: checkout.completedAt ?? deps.now(),
    });
  });
}

/** A mandate closed at our request (old bank details retired, a second tab's duplicate cancelled). */
export async function recordMandateClosed(
  deps: Deps,
  mandateId: string,
  userId?: number | null,
): Promise<void> {
  await safely(async () => {
    const owner = userId ?? (await mandateOwner(deps.db, mandateId));
    if (!owner) return;
    await recordBillingEvent(deps.db, {
      userId: owner,
      provider: deps.payments.name,
      kind: "mandate_cancelled",
      eventKey: `mandate_cancelled:${mandateId}`,
      mandateRef: mandateId,
      description: await accountWords(deps, mandateId),
      occurredAt: deps.now(),
    });
  });
}

/**
 * A plan behind on payment collects the missed month again from the new bank details. The provider's payment
 * id is not known yet (it is listed on the next read of /billing), so the retry is keyed by the checkout.
 */
export async function recordMissedPaymentRetry(
  db: DbOrTx,
  deps: Pick<Deps, "payments">,
  e: { userId: number; mandateId: string; amountPence: number; checkoutRef: string; at: Date },
): Promise<void> {
  await recordBillingEvent(db, {
    userId: e.userId,
    provider: deps.payments.name,
    kind: "payment_retried",
    eventKey: `payment_retried:arrears:${e.checkoutRef}`,
    mandateRef: e.mandateId,
    amountPence: e.amountPence,
    description: "Missed monthly payment, collected again from your new bank details",
    occurredAt: e.at,
  });
}
