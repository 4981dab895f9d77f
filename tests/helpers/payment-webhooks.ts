import { sign } from "../../src/features/payments/server/webhooks.ts";
import type { TestApp } from "./app.ts";

/** One event as the payment provider sends it (GoCardless's shape), dated `at`. */
export function providerEvent(
  id: string,
  resource: string,
  action: string,
  links: Record<string, string | null | undefined>,
  at: Date,
) {
  return { id, created_at: at.toISOString(), resource_type: resource, action, links };
}

/** Posts events to the payments webhook, signed with `secret` as the provider signs them. */
export function postPaymentEvents(t: TestApp, secret: string, events: ReturnType<typeof providerEvent>[]) {
  const body = JSON.stringify({ events });
  return t.request({
    method: "POST",
    url: "/api/webhooks/payments",
    headers: { "content-type": "application/json", "webhook-signature": sign(body, secret) },
    payload: body,
  });
}
