import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  pausePreviewSchema,
  pauseResultSchema,
  pauseSchema,
  resumeResultSchema,
} from "../../../shared/pause.ts";
import { billingOverviewSchema } from "../../../shared/schemas/billing.ts";
import { cancelSubscriptionSchema, changeTierSchema } from "../../../shared/schemas/member.ts";
import { messageSchema } from "../../../shared/schemas/responses.ts";
import {
  cancellationResultSchema,
  providerRedirectSchema,
  tierChangeResultSchema,
} from "../../../shared/schemas/subscription.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { billingOverview } from "./billing.ts";
import { pausePreview, pauseSubscription, resumeSubscription } from "./pause.ts";
import {
  cancelSubscription,
  changeTier,
  reactivateSubscription,
  startPaymentMethodUpdate,
} from "./service.ts";

// Every change of plan runs under the member's row lock: a second change at the same moment gets 409.
export function subscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/cancel-subscription",
    {
      onRequest: memberOnly,
      schema: {
        body: cancelSubscriptionSchema,
        summary: "Cancel the plan",
        response: { 200: cancellationResultSchema },
        errors: [409],
      },
    },
    async (req) => cancelSubscription(deps, requireUser(req), req.body),
  );
  r.post(
    "/api/reactivate-subscription",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Undo a cancellation before the plan ends",
        response: { 200: messageSchema },
        errors: [400, 409, 429],
      },
    },
    async (req) => reactivateSubscription(deps, requireUser(req)),
  );
  r.get(
    "/api/subscription/pause-preview",
    {
      onRequest: memberOnly,
      schema: {
        summary: "What a month off would do",
        response: { 200: pausePreviewSchema },
        errors: [400, 409],
      },
    },
    async (req) => pausePreview(deps, requireUser(req)),
  );
  // The body is optional: a month off that holds no booked date needs no choice.
  r.post(
    "/api/subscription/pause",
    {
      onRequest: memberOnly,
      schema: {
        body: pauseSchema.nullish(),
        summary: "Take a month off",
        response: { 200: pauseResultSchema },
        errors: [409, 429],
      },
    },
    async (req) => pauseSubscription(deps, requireUser(req), req.body ?? {}),
  );
  r.post(
    "/api/subscription/resume",
    {
      onRequest: memberOnly,
      schema: {
        summary: "End a month off early",
        response: { 200: resumeResultSchema },
        errors: [400, 409, 429],
      },
    },
    async (req) => resumeSubscription(deps, requireUser(req)),
  );
  r.post(
    "/api/subscription/change-tier",
    {
      onRequest: memberOnly,
      schema: {
        body: changeTierSchema,
        summary: "Change tier from the next payment",
        response: { 200: tierChangeResultSchema },
        errors: [409, 429],
      },
    },
    async (req) => changeTier(deps, requireUser(req), req.body.tier),
  );
  r.post(
    "/api/subscription/update-payment-method",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Start new bank details at the provider",
        response: { 200: providerRedirectSchema },
        errors: [400, 409, 429, 502],
      },
    },
    async (req) => startPaymentMethodUpdate(deps, requireUser(req)),
  );
  r.get(
    "/api/billing",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Manage Billing: plan, mandate and history",
        response: { 200: billingOverviewSchema },
        errors: [429],
      },
    },
    async (req) => billingOverview(deps, requireUser(req)),
  );
}
