import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { attentionResponseSchema } from "../../../../shared/admin/attention.ts";
import type { Deps } from "../../../deps.ts";
import { attentionQueue } from "./service.ts";

/** GET /api/admin/attention: the Today tab's queue (admin only, like every /api/admin path). */
export function adminAttentionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/attention",
    {
      schema: {
        summary:
          "Everything that needs a person now, soonest deadline first, with the actions that resolve it",
        response: { 200: attentionResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", "no-store");
      return attentionQueue(deps);
    },
  );
}
