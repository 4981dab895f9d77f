/**
 * Folds what the provider reports into the history when /billing is read. History from before the
 * billing_events table, and anything a lost webhook never told us, appears once and then stays: the provider
 * forgetting a mandate (new bank details, a change of provider) no longer loses a payment.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { billingEvents, paymentCheckouts, type User } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { readLinks } from "../payments/links.ts";
import { kindOfPaymentStatus, recordPaymentEvent } from "./record.ts";

const SYNC_TIMEOUT_MS = 8_000;

/** The mandates the member paid through at the provider in use now. */
export async function mandatesAtProvider(deps: Deps, user: User): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ mandateId: paymentCheckouts.mandateId })
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.userId, user.id),
        eq(paymentCheckouts.provider, deps.payments.name),
        inArray(paymentCheckouts.status, ["completed", "completing"]),
        isNotNull(paymentCheckouts.mandateId),
      ),
    );
  const ids = new Set(rows.map((r) => r.mandateId).filter((m): m is string => !!m));
  const { paymentMandateId } = await readLinks(deps.db, user.id);
  if (paymentMandateId) ids.add(paymentMandateId);
  return [...ids];
}

/**
 * Best effort: a mandate the provider cannot list (unreachable, or one from a former provider) is skipped,
 * and what was recorded before is still shown. Answers whether every mandate was read.
 */
export async function syncProviderPayments(deps: Deps, user: User): Promise<boolean> {
  const mandates = await mandatesAtProvider(deps, user);
  if (mandates.length === 0) return true;
  const prior = await deps.db
    .select({
      paymentRef: billingEvents.paymentRef,
      kind: billingEvents.kind,
      occurredAt: billingEvents.occurredAt,
      amountPence: billingEvents.amountPence,
    })
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, user.id), isNotNull(billingEvents.paymentRef)));
  const now = deps.now();
  let complete = true;
  for (const mandateId of mandates) {
    let payments: Awaited<ReturnType<Deps["payments"]["listPayments"]>>;
    try {
      payments = await withTimeout(deps.payments.listPayments(mandateId));
    } catch {
      complete = false;
      continue;
    }
    for (const p of payments) {
      const mine = prior.filter((r) => r.paymentRef === p.id);
      const last = mine.reduce((t, r) => Math.max(t, r.occurredAt.getTime()), 0);
      // First seen: it happened on its charge day. A later change: we learn of it now, after what we knew.
      const chargeDay = new Date(`${p.chargeDate}T00:00:00Z`);
      const occurredAt =
        mine.length === 0
          ? new Date(Math.min(chargeDay.getTime(), now.getTime()))
          : new Date(Math.max(now.getTime(), last + 1));
      await recordPaymentEvent(deps.db, {
        userId: user.id,
        provider: deps.payments.name,
        payment: { ...p, mandateId },
        kind: kindOfPaymentStatus(p.status),
        occurredAt,
        prior: mine,
      });
    }
  }
  return complete;
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The provider took too long")), SYNC_TIMEOUT_MS);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
