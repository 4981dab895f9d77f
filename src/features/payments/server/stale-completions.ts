/**
 * The sweep that finishes checkouts whose completion stopped half-way (a crash between the provider call and
 * the database write): run by the jobs, beside the checkout flow it repairs.
 */
import { and, eq, lt } from "drizzle-orm";
import { paymentCheckouts, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { HttpError } from "../../../server/http-error.ts";
import {
  COMPLETING_STALE_MS,
  completeCheckout,
  PAYMENT_MSG,
  providerSubscription,
  releaseClaim,
} from "./checkout.ts";

/**
 * Finishes the completions that stopped after their claim (a crash between the provider call and the
 * database write) and that nobody retried: otherwise the provider subscription, which already collects,
 * would be orphaned and the offer use reserved for ever. The provider call is repeated with the checkout's
 * idempotency key, so it returns the subscription created before the crash, then everything is recorded.
 * A checkout that still cannot finish (the member subscribed another way meanwhile) stays for a person to see.
 */
export async function finishStaleCompletions(deps: Deps): Promise<number> {
  const stale = await deps.db
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.status, "completing"),
        eq(paymentCheckouts.kind, "subscribe"),
        lt(paymentCheckouts.completingSince, new Date(deps.now().getTime() - COMPLETING_STALE_MS)),
      ),
    );
  let handled = 0;
  for (const checkout of stale) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, checkout.userId));
    if (!user) continue;
    try {
      await completeCheckout(deps, user, checkout);
      handled++;
    } catch (e) {
      // The member has a plan by another checkout (or their partner's) since: this one's provider
      // subscription, if it was created, is cancelled and the offer use it reserved given back.
      const covered =
        e instanceof HttpError &&
        (e.message === PAYMENT_MSG.alreadySubscribed || e.message === PAYMENT_MSG.partnerCovers);
      if (!covered || !checkout.mandateId) continue; // Otherwise the next sweep tries again.
      try {
        const orphan = await providerSubscription(deps, checkout, checkout.mandateId);
        for (const id of [orphan.subscriptionId, orphan.nextSubscriptionId]) {
          if (id) await deps.payments.cancelSubscription(id, `unveil-cancel-${id}`);
        }
        // Its mandate is a second one the member never needs: nothing may be collected under it.
        if (e instanceof HttpError && e.message === PAYMENT_MSG.alreadySubscribed)
          await deps.payments.cancelMandate(checkout.mandateId, `unveil-dup-${checkout.providerRef}`);
        await releaseClaim(deps, checkout, "abandoned");
        handled++;
      } catch {
        // The provider is unreachable: the next sweep tries again.
      }
    }
  }
  return handled;
}
