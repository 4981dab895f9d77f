import type { FastifyInstance } from "fastify";
import type { Deps } from "../../../server/deps.ts";
import { HttpError } from "../../../server/http-error.ts";
import { memberOnly, requireUser } from "../../../server/plugins/auth-context.ts";
import { route } from "../../../server/route.ts";
import { paymentsApi as api } from "../contract.ts";
import { completeSubscription, createSubscription } from "./checkout.ts";
import { sandboxPageRoutes } from "./sandbox-page.ts";
import { processWebhookEvents, signatureValid, webhookBodySchema } from "./webhooks.ts";

export async function paymentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const member = { onRequest: memberOnly };
  route(app, api.createSubscription, member, async (req) =>
    createSubscription(deps, requireUser(req), req.body),
  );
  route(app, api.completeSubscription, member, async (req) =>
    completeSubscription(deps, requireUser(req), req.body.session_token),
  );

  // Server to server: authenticated by the HMAC of the raw body, so the JSON is parsed only after the check.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    route(scope, api.webhook, {}, async (req, reply) => {
      const raw = typeof req.body === "string" ? req.body : "";
      const signature = req.headers["webhook-signature"];
      if (
        !signatureValid(raw, Array.isArray(signature) ? signature[0] : signature, deps.config.webhookSecret)
      ) {
        throw new HttpError(498, "Invalid webhook signature");
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new HttpError(400, "The request body is not valid JSON");
      }
      const parsed = webhookBodySchema.safeParse(json);
      if (!parsed.success)
        throw new HttpError(
          400,
          "Malformed webhook body",
          {},
          parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      const outcomes = await processWebhookEvents(deps, deps.payments.name, parsed.data.events);
      return reply.code(200).send({ processed: Object.keys(outcomes).length, outcomes });
    });
  });

  if (deps.payments.name === "sandbox") await sandboxPageRoutes(app, deps);
}
