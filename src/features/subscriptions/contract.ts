/** The member's plan: cancelling, undoing it, a month off, a tier change, bank details and Manage Billing. */

import { endpoint } from "../../shared/contract/endpoint.ts";
import {
  pausePreviewSchema,
  pauseResultSchema,
  pauseSchema,
  resumeResultSchema,
} from "../../shared/pause.ts";
import { billingOverviewSchema } from "../../shared/schemas/billing.ts";
import { cancelSubscriptionSchema, changeTierSchema } from "../../shared/schemas/member.ts";
import { messageSchema } from "../../shared/schemas/responses.ts";
import {
  cancellationResultSchema,
  providerRedirectSchema,
  tierChangeResultSchema,
} from "../../shared/schemas/subscription.ts";

export const subscriptionApi = {
  cancel: endpoint({
    method: "POST",
    path: "/api/cancel-subscription",
    summary: "Cancel the plan",
    body: cancelSubscriptionSchema,
    responses: { 200: cancellationResultSchema },
    errors: [409],
  }),
  reactivate: endpoint({
    method: "POST",
    path: "/api/reactivate-subscription",
    summary: "Undo a cancellation before the plan ends",
    responses: { 200: messageSchema },
    errors: [400, 409, 429],
  }),
  pausePreview: endpoint({
    method: "GET",
    path: "/api/subscription/pause-preview",
    summary: "What a month off would do",
    responses: { 200: pausePreviewSchema },
    errors: [400, 409],
  }),
  // The body is optional: a month off that holds no booked date needs no choice.
  pause: endpoint({
    method: "POST",
    path: "/api/subscription/pause",
    summary: "Take a month off",
    body: pauseSchema.nullish(),
    responses: { 200: pauseResultSchema },
    errors: [409, 429],
  }),
  resume: endpoint({
    method: "POST",
    path: "/api/subscription/resume",
    summary: "End a month off early",
    responses: { 200: resumeResultSchema },
    errors: [400, 409, 429],
  }),
  changeTier: endpoint({
    method: "POST",
    path: "/api/subscription/change-tier",
    summary: "Change tier from the next payment",
    body: changeTierSchema,
    responses: { 200: tierChangeResultSchema },
    errors: [409, 429],
  }),
  updatePaymentMethod: endpoint({
    method: "POST",
    path: "/api/subscription/update-payment-method",
    summary: "Start new bank details at the provider",
    responses: { 200: providerRedirectSchema },
    errors: [400, 409, 429, 502],
  }),
  billing: endpoint({
    method: "GET",
    path: "/api/billing",
    summary: "Manage Billing: plan, mandate and history",
    responses: { 200: billingOverviewSchema },
    errors: [429],
  }),
} as const;
