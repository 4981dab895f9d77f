import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { validateOfferSchema } from "../../../shared/schemas/subscription.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { evaluateOffer, toQuote } from "./service.ts";

export function offerRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/validate-offer-code",
    { onRequest: memberOnly, schema: { body: validateOfferSchema } },
    async (req) => {
      const user = requireUser(req);
      const rl = deps.config.rateLimits;
      // Guessing codes is cheap; keep it slow.
      await deps.limiter.hit(`offer:${user.id}`, 30, rl.windowMinutes);
      return toQuote(await evaluateOffer(deps.db, { ...req.body, userId: user.id, now: deps.now() }));
    },
  );
}
