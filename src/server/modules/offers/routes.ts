import type { FastifyInstance } from "fastify";
import { offersApi as api } from "../../../shared/contract/offers.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { saveChoices } from "../plan-account/choices.ts";
import { evaluateOffer, toQuote } from "./service.ts";

export function offerRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };
  route(app, api.validate, member, async (req) => {
    const user = requireUser(req);
    const rl = deps.config.rateLimits;
    // Guessing codes is cheap; keep it slow.
    await deps.limiter.hit(`offer:${user.id}`, 30, rl.windowMinutes);
    const quote = toQuote(await evaluateOffer(deps.db, { ...req.body, userId: user.id, now: deps.now() }));
    // A valid code travels with the account (another tab, another device, after the questionnaire).
    await saveChoices(deps.db, user.id, { chosenTier: req.body.tier, chosenOfferCode: quote.code });
    return quote;
  });

  route(app, api.chosenPlan, member, async (req, reply) => {
    const user = requireUser(req);
    await saveChoices(deps.db, user.id, {
      chosenTier: req.body.tier,
      ...(req.body.offerCode === null ? { chosenOfferCode: null } : {}),
    });
    return reply.code(204).send(null);
  });
}
