import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  offerCodeUsage,
  paymentLinks,
  subscriptionEvents,
  users,
  webhookEvents,
} from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { HttpError } from "../../../server/http-error.ts";
import {
  factsForEvent,
  type NewRefund,
  recordWebhookBillingEvent,
} from "../../../server/modules/billing-history/webhook-events.ts";
import { linksOf, saveLinks } from "../../../server/modules/payments/links.ts";
import { retireReplacedMandates } from "../../../server/modules/payments/mandate-swap.ts";
import { readWithPlan, saveState } from "../../../server/modules/plan-account/state.ts";
import { recheckCoupleAfter } from "../../../server/modules/rulebook/recheck.ts";
import { applyGiftPaymentEvent } from "../../gifts/server/purchase.ts";
import { tellPlanChange } from "../../subscriptions/server/plan-notice.ts";
import { paymentFailed, paymentRecovered } from "./recovery.ts";

export const webhookBodySchema = z.object({
  events: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        created_at: z.iso.datetime({ offset: true }),
        resource_type: z.string().min(1).max(30),
        action: z.string().min(1).max(40),
        links: z.record(z.string(), z.string().max(64)).default({}),
      }),
    )
    .min(1)
    .max(500),
});
export type WebhookEvent = z.output<typeof webhookBodySchema>["events"][number];

/** Hex HMAC-SHA256 of the raw body with the shared secret, compared in constant time. */
export function signatureValid(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export function sign(rawBody: string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

type Effect = { status: "active" | "past_due" | "cancelled"; from?: Array<string | null> };

/** What an event does to the member's subscription status (GoCardless resource types and actions). */
function effectOf(e: WebhookEvent): Effect | null {
  if (e.resource_type === "payments" && (e.action === "failed" || e.action === "charged_back")) {
    return { status: "past_due", from: ["active"] };
  }
  if (e.resource_type === "payments" && (e.action === "confirmed" || e.action === "paid_out")) {
    return { status: "active", from: ["past_due"] };
  }
  if (e.resource_type === "mandates" && ["cancelled", "failed", "expired"].includes(e.action))
    return { status: "cancelled" };
  if (e.resource_type === "subscriptions" && (e.action === "cancelled" || e.action === "finished"))
    return { status: "cancelled" };
  return null;
}

const FAILED = ["failed", "charged_back"];
const COLLECTED = ["confirmed", "paid_out"];

/**
 * A failed payment's recovery (recovery.ts): a failure that put the plan behind books the first retry, one
 * reported while the plan is behind is a retry's failure; a collection that put the plan back recovers it.
 */
async function recoveryStep(deps: Deps, event: WebhookEvent, outcome: string, userId: number) {
  if (event.resource_type !== "payments") return;
  const at = new Date(event.created_at);
  if (FAILED.includes(event.action) && (outcome === "status past_due" || outcome === "no change"))
    await paymentFailed(deps, userId, at, outcome === "status past_due");
  if (COLLECTED.includes(event.action) && outcome === "status active")
    await paymentRecovered(deps, userId, at);
}

/**
 * Processes a batch in order of creation. Each event is recorded in webhook_events in the same transaction
 * as its effect, so a repeated delivery changes nothing, and an event older than the member's last applied
 * one (out of order) is recorded but not applied.
 */
export async function processWebhookEvents(
  deps: Deps,
  provider: string,
  events: WebhookEvent[],
): Promise<Record<string, string>> {
  const outcomes: Record<string, string> = {};
  const sorted = [...events].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  for (const event of sorted) {
    let links = { mandate: event.links.mandate, subscription: event.links.subscription };
    if (!links.mandate && !links.subscription && event.links.payment) {
      try {
        links = { ...links, ...((await deps.payments.paymentLinks(event.links.payment)) ?? {}) };
      } catch {
        // Not recorded: the provider delivers the batch again and this event is processed then.
        throw new HttpError(503, "Could not look up the payment at the provider; please retry");
      }
    }
    // The payment or mandate read back from the provider for the billing history, outside any lock.
    const facts = await factsForEvent(deps, event, links.mandate);
    let statusChanged: number | null = null;
    const refunds: NewRefund[] = [];
    let matched: number | null = null;
    outcomes[event.id] = await deps.db.transaction(async (tx) => {
      const effect = effectOf(event);
      const conds = [
        // A subscription's own events name the subscription: a member who cancelled and reactivated has a new
        // one on the same mandate, and the old one's late "cancelled" must not end the new plan.
        links.mandate && event.resource_type !== "subscriptions"
          ? eq(paymentLinks.paymentMandateId, links.mandate)
          : undefined,
        links.subscription ? eq(paymentLinks.paymentSubscriptionId, links.subscription) : undefined,
        links.subscription ? eq(paymentLinks.paymentNextSubscriptionId, links.subscription) : undefined,
      ].filter((c) => c !== undefined);
      const [found] = conds.length
        ? await tx
            .select({ id: users.id })
            .from(users)
            .innerJoin(paymentLinks, linksOf(users.id))
            .where(or(...conds))
            .limit(1)
            .for("update", { of: users })
        : [];
      // Read again once locked: links changed meanwhile (a new subscription) count, and may no longer match.
      const [user] = found ? await readWithPlan(tx, [found.id], or(...conds)) : [];
      const created = new Date(event.created_at);
      let outcome = "ignored";
      // The discounted months of a time-limited offer ending is not the member leaving: the full-price
      // subscription that follows takes over.
      const offerEnded =
        user &&
        event.resource_type === "subscriptions" &&
        event.action === "finished" &&
        links.subscription === user.paymentSubscriptionId &&
        user.paymentNextSubscriptionId !== null;
      if (offerEnded) outcome = "offer ended; full price continues";
      else if (effect && !user) outcome = "no matching member";
      else if (effect && user) {
        // An ended mandate or subscription is final, whatever arrived before it; other events must be newer.
        if (effect.status !== "cancelled" && user.paymentStatusAt && created < user.paymentStatusAt)
          outcome = "older than current state";
        else if (effect.from && !effect.from.includes(user.subscriptionStatus)) outcome = "no change";
        else if (user.subscriptionStatus === effect.status) outcome = "no change";
        else outcome = `status ${effect.status}`;
      }
      const inserted = await tx
        .insert(webhookEvents)
        .values({
          id: event.id,
          provider,
          resourceType: event.resource_type,
          action: event.action,
          userId: user?.id ?? null,
          outcome,
          createdAt: created,
          processedAt: deps.now(),
        })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (inserted.length === 0) return "duplicate";
      matched = user?.id ?? null;
      const refund = await recordWebhookBillingEvent(tx, deps, event, links.mandate, facts, user?.id ?? null);
      if (refund) refunds.push(refund);
      if (user && offerEnded) {
        await saveLinks(tx, user.id, {
          paymentSubscriptionId: user.paymentNextSubscriptionId,
          paymentNextSubscriptionId: null,
        });
        // The offer ends no later than now: the offer-cycles job completes it, records the full price in
        // subscription_events and tells the member (jobs/billing/offers.ts).
        await tx
          .update(offerCodeUsage)
          .set({
            discountEndDate: sql`least(coalesce(${offerCodeUsage.discountEndDate}, ${created}), ${created})`,
          })
          .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.status, "active")));
      } else if (user && effect && outcome.startsWith("status ")) {
        if (effect.status === "cancelled") {
          await tx
            .update(offerCodeUsage)
            .set({ status: "ended" })
            .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.status, "active")));
        }
        const statusAt =
          user.paymentStatusAt && user.paymentStatusAt > created ? user.paymentStatusAt : created;
        await saveState(tx, user.id, { subscriptionStatus: effect.status });
        await saveLinks(tx, user.id, { paymentStatusAt: statusAt });
        statusChanged = user.id;
        await tx.insert(subscriptionEvents).values({
          userId: user.id,
          eventType: effect.status === "cancelled" ? "ended" : effect.status,
          fromTier: user.subscriptionTier,
          toTier: user.subscriptionTier,
          fromStatus: user.subscriptionStatus,
          toStatus: effect.status,
          reason: `${event.resource_type}.${event.action}`,
          occurredAt: created,
        });
      } else if (user && effect && outcome === "no change") {
        await saveLinks(tx, user.id, { paymentStatusAt: created });
      }
      return outcome;
    });
    // A refund made at the provider (by the team): both partners are told.
    for (const refund of refunds)
      void tellPlanChange(deps, refund.userId, {
        kind: "refunded",
        amountPence: refund.amountPence,
        paymentDate: new Date(refund.payment.chargeDate),
        paymentAmountPence: refund.payment.amountPence,
        by: "team",
      });
    // Past due, active again, ended: the couple's dates ahead are asked again.
    if (statusChanged !== null) await recheckCoupleAfter(deps, [statusChanged]);
    if (matched !== null) await recoveryStep(deps, event, outcomes[event.id], matched);
    // A gift's one-off payment (Instant Bank Pay) completed without the payer coming back to us.
    if (event.resource_type === "billing_requests" && outcomes[event.id] !== "duplicate")
      await applyGiftPaymentEvent(deps, event);
    // New bank details: the old mandate is cancelled only now the new one is active.
    if (
      event.resource_type === "mandates" &&
      event.action === "active" &&
      links.mandate &&
      outcomes[event.id] !== "duplicate"
    )
      await retireReplacedMandates(deps, links.mandate);
  }
  return outcomes;
}
