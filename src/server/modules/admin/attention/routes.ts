import type { FastifyInstance } from "fastify";
import { adminAttentionApi as api } from "../../../../shared/contract/admin-attention.ts";
import type { Deps } from "../../../deps.ts";
import { route } from "../../../route.ts";
import { attentionQueue } from "./service.ts";

/** GET /api/admin/attention: the Today tab's queue (admin only, like every /api/admin path). */
export function adminAttentionRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.queue, {}, async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return attentionQueue(deps);
  });
}
