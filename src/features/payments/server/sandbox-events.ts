/**
 * The operator's `npm run cli -- sandbox-event`: the sandbox bank answers about a member's payment as the
 * provider's webhook would. The payment's row in the sandbox's books changes first (failed, or collected), so the
 * billing history and the books agree; a plan with a retry booked has it asked for now, so the whole recovery
 * (failure, retries, the end of the plan or the payment received) can be walked through in a few commands.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type User, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { readLinks } from "../../../server/modules/payments/links.ts";
import { settleSandboxPayment } from "../../../server/modules/payments/sandbox-provider.ts";
import { readState } from "../../../server/modules/plan-account/state.ts";
import { retryOne } from "./recovery.ts";
import { processWebhookEvents } from "./webhooks.ts";

export const SANDBOX_EVENTS: Record<string, { resource: string; action: string }> = {
  payment_failed: { resource: "payments", action: "failed" },
  payment_confirmed: { resource: "payments", action: "confirmed" },
  mandate_cancelled: { resource: "mandates", action: "cancelled" },
};

/** Fires the event at the member; answers the line the command prints. */
export async function fireSandboxEvent(deps: Deps, user: User, kindName: string): Promise<string> {
  const kind = SANDBOX_EVENTS[kindName];
  if (!kind) throw new Error(`sandbox-event needs one of: ${Object.keys(SANDBOX_EVENTS).join(", ")}`);
  const { paymentMandateId, paymentSubscriptionId } = await readLinks(deps.db, user.id);
  if (!paymentMandateId) throw new Error(`${user.email} has no direct-debit mandate yet`);
  const links: Record<string, string> = { mandate: paymentMandateId };
  if (paymentSubscriptionId) links.subscription = paymentSubscriptionId;
  let retried = false;
  if (kind.resource === "payments") {
    // A retry booked is the bank's next answer: it is asked for now.
    const state = await readState(deps.db, user.id);
    if (state.subscriptionStatus === "past_due" && state.paymentRetryAt)
      retried = await retryOne(deps, user.id, true);
    // The books as they stand now: the charges due by today are in them.
    await deps.payments.listPayments(paymentMandateId);
    const status = kind.action === "failed" ? "failed" : "confirmed";
    const paymentId = await settleSandboxPayment(deps.db, paymentMandateId, status);
    if (paymentId) links.payment = paymentId;
  }
  const id = `EVSB${randomBytes(8).toString("hex").toUpperCase()}`;
  const outcomes = await processWebhookEvents(deps, "sandbox", [
    { id, created_at: deps.now().toISOString(), resource_type: kind.resource, action: kind.action, links },
  ]);
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
  const after = row && (await readState(deps.db, user.id));
  const retry = after?.paymentRetryAt ? `; next retry ${after.paymentRetryAt.toISOString()}` : "";
  return `${id} ${kind.resource}.${kind.action} for ${user.email}${retried ? " (retry asked for now)" : ""}: ${outcomes[id]}; plan ${after?.subscriptionStatus ?? "gone"}${retry}`;
}
