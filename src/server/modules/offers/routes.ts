import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chosenPlanSchema,
  offerQuoteSchema,
  validateOfferSchema,
} from "../../../shared/schemas/subscription.ts";
import { users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { evaluateOffer, toQuote } from "./service.ts";

export function offerRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/validate-offer-code",
    {
      onRequest: memberOnly,
      schema: {
        body: validateOfferSchema,
        summary: "Check an offer code against a plan",
        response: { 200: offerQuoteSchema },
        errors: [404, 429],
      },
    },
    async (req) => {
      const user = requireUser(req);
      const rl = deps.config.rateLimits;
      // Guessing codes is cheap; keep it slow.
      await deps.limiter.hit(`offer:${user.id}`, 30, rl.windowMinutes);
      const quote = toQuote(await evaluateOffer(deps.db, { ...req.body, userId: user.id, now: deps.now() }));
      // A valid code travels with the account (another tab, another device, after the questionnaire).
      await deps.db
        .update(users)
        .set({ chosenTier: req.body.tier, chosenOfferCode: quote.code })
        .where(eq(users.id, user.id));
      return quote;
    },
  );

  // The plan being looked at on the plans page; `offerCode: null` forgets a removed code.
  r.put(
    "/api/account/chosen-plan",
    {
      onRequest: memberOnly,
      schema: {
        body: chosenPlanSchema,
        summary: "Remember the plan being looked at",
        // No body: the plan is remembered on the account.
        response: { 204: z.null().describe("Remembered; no body") },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await deps.db
        .update(users)
        .set({ chosenTier: req.body.tier, ...(req.body.offerCode === null ? { chosenOfferCode: null } : {}) })
        .where(eq(users.id, user.id));
      return reply.code(204).send(null);
    },
  );
}
