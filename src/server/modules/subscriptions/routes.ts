import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { pauseSchema } from "../../../shared/pause.ts";
import { cancelSubscriptionSchema, changeTierSchema } from "../../../shared/schemas/member.ts";
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

export function subscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/cancel-subscription",
    { onRequest: memberOnly, schema: { body: cancelSubscriptionSchema } },
    async (req) => cancelSubscription(deps, requireUser(req), req.body),
  );
  r.post("/api/reactivate-subscription", { onRequest: memberOnly }, async (req) =>
    reactivateSubscription(deps, requireUser(req)),
  );
  r.get("/api/subscription/pause-preview", { onRequest: memberOnly }, async (req) =>
    pausePreview(deps, requireUser(req)),
  );
  // The body is optional: a month off that holds no booked date needs no choice.
  r.post(
    "/api/subscription/pause",
    { onRequest: memberOnly, schema: { body: pauseSchema.nullish() } },
    async (req) => pauseSubscription(deps, requireUser(req), req.body ?? {}),
  );
  r.post("/api/subscription/resume", { onRequest: memberOnly }, async (req) =>
    resumeSubscription(deps, requireUser(req)),
  );
  r.post(
    "/api/subscription/change-tier",
    { onRequest: memberOnly, schema: { body: changeTierSchema } },
    async (req) => changeTier(deps, requireUser(req), req.body.tier),
  );
  r.post("/api/subscription/update-payment-method", { onRequest: memberOnly }, async (req) =>
    startPaymentMethodUpdate(deps, requireUser(req)),
  );
  r.get("/api/billing", { onRequest: memberOnly }, async (req) => billingOverview(deps, requireUser(req)));
}
