/** Starting a plan at the payment provider, finishing it, and the provider's signed events. */

import { endpoint } from "../../shared/contract/endpoint.ts";
import {
  completeSubscriptionSchema,
  completionResultSchema,
  createSubscriptionSchema,
  paymentWebhookResultSchema,
  providerRedirectSchema,
} from "../../shared/schemas/subscription.ts";

export const paymentsApi = {
  createSubscription: endpoint({
    method: "POST",
    path: "/api/create-subscription",
    summary: "Start a plan: the provider's Direct Debit page",
    body: createSubscriptionSchema,
    responses: { 200: providerRedirectSchema },
    errors: [404, 409, 422, 429, 502],
  }),
  completeSubscription: endpoint({
    method: "POST",
    path: "/api/complete-subscription",
    summary: "Finish a plan once the Direct Debit is authorised",
    body: completeSubscriptionSchema,
    responses: { 200: completionResultSchema },
    errors: [404, 409, 502],
  }),
  // Server to server: authenticated by the HMAC of the raw body, so the body has no schema here: the route
  // reads it as a string and parses the JSON only after the check. 498: the signature does not match the body.
  webhook: endpoint({
    method: "POST",
    path: "/api/webhooks/payments",
    summary: "Payment provider events (signed)",
    responses: { 200: paymentWebhookResultSchema },
    errors: [498],
  }),
} as const;
