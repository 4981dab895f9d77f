import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { addMonthsToDate } from "../../../shared/calendar-months.ts";
import type { Db } from "../../db/client.ts";
import { paymentCheckouts, sandboxPayments, sandboxSubscriptions } from "../../db/schema.ts";
import { NotAuthorisedError, type PaymentProvider, ProviderError } from "./provider.ts";

const id = (prefix: string, seed: string) =>
  `${prefix}${createHash("sha256").update(seed).digest("hex").slice(0, 14).toUpperCase()}`;

const day = (d: Date) => d.toISOString().slice(0, 10);

type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;

/** The subscription's charge number `cycle` (0 = the first): its day and amount. */
function charge(sub: SandboxSubscription, cycle: number) {
  const date = addMonthsToDate(day(sub.startDate), cycle);
  const discounted = cycle < sub.discountCycles && sub.discountAmountPence !== null;
  return {
    date,
    at: new Date(`${date}T00:00:00Z`),
    discounted,
    amountPence: discounted ? sub.discountAmountPence! : sub.amountPence,
  };
}

/** Enough cycles for twenty years of monthly charges. */
const MAX_CYCLES = 240;

/**
 * Behaves like a hosted direct-debit provider without leaving the machine: the authorisation page is served
 * by the app (see sandbox-page.ts) and records the outcome on the checkout; ids are derived from idempotency
 * keys so a repeated create returns the same subscription. Its books (subscriptions and the payments they
 * collect, one a month from the start date) live in the sandbox_* tables, so billing pages show real history.
 * `now` is the app's clock, so tests can move through billing cycles.
 */
export function sandboxProvider(
  appUrl: string,
  db?: Db,
  now: () => Date = () => new Date(),
): PaymentProvider {
  function books(): Db {
    if (!db) throw new ProviderError("The sandbox provider has no database");
    return db;
  }

  /** The subscription's row once the charges due by now are recorded: a change applies from the next charge. */
  async function afterDueCharges(subscriptionId: string) {
    await collectDue(subscriptionId);
    const [sub] = await books()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    return sub;
  }

  /** Charges due by now are recorded (and confirmed three days after their charge date). */
  async function collectDue(subscriptionId: string): Promise<void> {
    const d = books();
    const [sub] = await d
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    if (!sub) return;
    const today = now();
    for (let cycle = 0; cycle < MAX_CYCLES; cycle++) {
      const c = charge(sub, cycle);
      if (c.at > today || sub.status === "cancelled") break;
      if (sub.skipCycles.includes(cycle)) continue;
      await d
        .insert(sandboxPayments)
        .values({
          id: id("SBPM", `${sub.id}-${cycle}`),
          subscriptionId: sub.id,
          mandateId: sub.mandateId,
          amountPence: c.amountPence,
          chargeDate: c.at,
          status: "pending_submission",
          description: `Monthly membership${c.discounted ? " (offer)" : ""}`,
        })
        .onConflictDoNothing();
    }
    await d
      .update(sandboxPayments)
      .set({ status: "confirmed" })
      .where(
        and(
          eq(sandboxPayments.subscriptionId, subscriptionId),
          eq(sandboxPayments.status, "pending_submission"),
          sql`${sandboxPayments.chargeDate} <= ${new Date(today.getTime() - 3 * 86_400_000)}`,
        ),
      );
  }

  return {
    name: "sandbox",
    async startAuthorisation(input) {
      const providerRef = `BRQSB${randomBytes(10).toString("hex").toUpperCase()}`;
      return {
        providerRef,
        redirectUrl: `${appUrl}/sandbox/direct-debit/${providerRef}`,
        state: { returnUrl: input.returnUrl, exitUrl: input.exitUrl },
      };
    },
    async confirmAuthorisation(checkout) {
      const s = checkout.providerState;
      if (
        checkout.status !== "authorised" ||
        typeof s.mandateId !== "string" ||
        typeof s.customerId !== "string"
      ) {
        throw new NotAuthorisedError("The direct debit has not been authorised.");
      }
      return { customerId: s.customerId, mandateId: s.mandateId };
    },
    async createSubscription(input) {
      const subscriptionId = id("SBSU", input.idempotencyKey);
      if (db) {
        await db
          .insert(sandboxSubscriptions)
          .values({
            id: subscriptionId,
            mandateId: input.mandateId,
            // A discount without an end (months 0) is simply the amount collected.
            amountPence:
              input.discount && input.discount.months === 0 ? input.discount.amountPence : input.amountPence,
            discountAmountPence: input.discount?.amountPence ?? null,
            discountCycles: input.discount?.months ?? 0,
            startDate: input.startDate ?? now(),
          })
          .onConflictDoNothing();
        await collectDue(subscriptionId);
      }
      return { subscriptionId };
    },
    async cancelSubscription(subscriptionId) {
      if (db)
        await db
          .update(sandboxSubscriptions)
          .set({ status: "cancelled" })
          .where(eq(sandboxSubscriptions.id, subscriptionId));
    },
    async updateSubscriptionAmount(subscriptionId, amountPence) {
      const sub = await afterDueCharges(subscriptionId);
      if (!sub) throw new ProviderError(`No subscription ${subscriptionId}`);
      // From the next charge on, this amount: discounted cycles not yet charged are dropped.
      const today = now();
      let taken = 0;
      while (taken < MAX_CYCLES && charge(sub, taken).at <= today) taken++;
      await books()
        .update(sandboxSubscriptions)
        .set({ amountPence, discountCycles: Math.min(sub.discountCycles, taken) })
        .where(eq(sandboxSubscriptions.id, subscriptionId));
    },
    async pauseSubscription(subscriptionId, cycles) {
      const sub = await afterDueCharges(subscriptionId);
      if (!sub) throw new ProviderError(`No subscription ${subscriptionId}`);
      // The next `cycles` charges not yet taken are skipped; the schedule then carries on.
      const today = now();
      const skip = [...sub.skipCycles];
      for (let cycle = 0, added = 0; added < cycles && cycle < MAX_CYCLES; cycle++) {
        if (charge(sub, cycle).at > today && !skip.includes(cycle)) {
          skip.push(cycle);
          added++;
        }
      }
      await books()
        .update(sandboxSubscriptions)
        .set({ skipCycles: skip, pausedCycles: sub.pausedCycles + cycles })
        .where(eq(sandboxSubscriptions.id, subscriptionId));
    },
    async createPayment(mandateId, amountPence, description, idempotencyKey) {
      await books()
        .insert(sandboxPayments)
        .values({
          id: id("SBPM", idempotencyKey),
          subscriptionId: "",
          mandateId,
          amountPence,
          chargeDate: now(),
          description,
        })
        .onConflictDoNothing();
    },
    async retryPayment(paymentId, idempotencyKey) {
      // Each retry is in the books: the attempt in the description, a new charge date, and the payment back
      // with the bank ("submitted": the sandbox does not settle it by itself; its outcome is an event).
      const d = books();
      const [p] = await d.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
      if (!p) throw new ProviderError(`No payment ${paymentId}`);
      if (p.status !== "failed" && p.status !== "charged_back") return;
      const attempt = Number(/\(attempt (\d+)\)$/.exec(p.description)?.[1] ?? "1") + 1;
      const base = p.description.replace(/ \(attempt \d+\)$/, "");
      await d
        .update(sandboxPayments)
        .set({ status: "submitted", chargeDate: now(), description: `${base} (attempt ${attempt})` })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, p.status)));
      void idempotencyKey;
    },
    async refundPayment(paymentId, amountPence) {
      // As GoCardless does: a payment not yet at the bank is cancelled, and nothing needs refunding.
      const [pending] = await books()
        .update(sandboxPayments)
        .set({ status: "cancelled" })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, "pending_submission")))
        .returning({ id: sandboxPayments.id });
      if (pending) return;
      const res = await books()
        .update(sandboxPayments)
        .set({
          refundedPence: sql`least(${sandboxPayments.amountPence}, ${sandboxPayments.refundedPence} + ${amountPence})`,
          status: "refunded",
        })
        .where(eq(sandboxPayments.id, paymentId))
        .returning({ id: sandboxPayments.id });
      if (res.length === 0) throw new ProviderError(`No payment ${paymentId}`);
    },
    async startOneOffPayment(input) {
      const providerRef = `PRQSB${randomBytes(10).toString("hex").toUpperCase()}`;
      return {
        providerRef,
        redirectUrl: `${appUrl}/sandbox/bank-payment/${providerRef}`,
        state: { returnUrl: input.returnUrl, exitUrl: input.exitUrl },
      };
    },
    async confirmOneOffPayment(request) {
      // The sandbox's payment page (features/gifts/server/sandbox-payment-page.ts) records the approval on the request.
      const s = request.providerState;
      if (s.paid !== true || typeof s.paymentId !== "string")
        throw new NotAuthorisedError("The payment has not been approved.");
      return { paymentId: s.paymentId };
    },
    async cancelMandate(mandateId) {
      // The sandbox keeps a mandate on the checkout that authorised it: the mark ends it there.
      if (db)
        await db
          .update(paymentCheckouts)
          .set({
            providerState: sql`${paymentCheckouts.providerState} || '{"mandateCancelled": true}'::jsonb`,
          })
          .where(sql`${paymentCheckouts.providerState}->>'mandateId' = ${mandateId}`);
    },
    async getMandate(mandateId) {
      const d = books();
      const [checkout] = await d
        .select({ state: paymentCheckouts.providerState })
        .from(paymentCheckouts)
        .where(eq(paymentCheckouts.mandateId, mandateId))
        .limit(1);
      const s = (checkout?.state ?? {}) as Record<string, unknown>;
      const [authorising] = await d
        .select({ state: paymentCheckouts.providerState })
        .from(paymentCheckouts)
        .where(sql`${paymentCheckouts.providerState}->>'mandateId' = ${mandateId}`)
        .limit(1);
      return {
        reference: `UNVEIL-${mandateId.slice(-8)}`,
        status: authorising?.state.mandateCancelled ? "cancelled" : "active",
        bankName: "Sandbox Bank",
        accountEnding: typeof s.accountNumberEnding === "string" ? s.accountNumberEnding : null,
      };
    },
    async listPayments(mandateId) {
      const d = books();
      const subs = await d
        .select({ id: sandboxSubscriptions.id })
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.mandateId, mandateId));
      for (const s of subs) await collectDue(s.id);
      const rows = await d
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.mandateId, mandateId))
        .orderBy(desc(sandboxPayments.chargeDate), desc(sandboxPayments.id));
      return rows.map((p) => ({
        id: p.id,
        chargeDate: day(p.chargeDate),
        amountPence: p.amountPence,
        refundedPence: p.refundedPence,
        status: p.status,
        description: p.description,
        subscriptionId: p.subscriptionId,
      }));
    },
    async upcomingPayment(subscriptionId) {
      const sub = await afterDueCharges(subscriptionId);
      if (!sub || sub.status === "cancelled") return null;
      const today = now();
      for (let cycle = 0; cycle < MAX_CYCLES; cycle++) {
        const c = charge(sub, cycle);
        if (c.at > today && !sub.skipCycles.includes(cycle)) {
          return { chargeDate: c.date, amountPence: c.amountPence };
        }
      }
      return null;
    },
    async paymentLinks() {
      return null;
    },
  };
}

export const sandboxIds = {
  customer: (ref: string) => id("SBCU", ref),
  /** The payment a one-off payment request becomes once approved. */
  payment: (ref: string) => id("SBPM", ref),
  mandate: (ref: string) => id("SBMD", ref),
};

/**
 * The sandbox bank's answer about a payment (the operator's `sandbox-event`): it failed, or was collected. The
 * newest payment under the mandate unless one is named; answers its id, or null when the mandate has none.
 */
export async function settleSandboxPayment(
  db: Db,
  mandateId: string,
  status: "failed" | "confirmed",
  paymentId?: string,
): Promise<string | null> {
  const [p] = await db
    .select({ id: sandboxPayments.id })
    .from(sandboxPayments)
    .where(paymentId ? eq(sandboxPayments.id, paymentId) : eq(sandboxPayments.mandateId, mandateId))
    .orderBy(desc(sandboxPayments.chargeDate), desc(sandboxPayments.id))
    .limit(1);
  if (!p) return null;
  await db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, p.id));
  return p.id;
}
