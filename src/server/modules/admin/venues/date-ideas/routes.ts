import type { FastifyInstance } from "fastify";
import { adminVenuesApi as api } from "../../../../../shared/contract/admin-venues.ts";
import type { Deps } from "../../../../deps.ts";
import { route } from "../../../../route.ts";
import { guardedChangeOf } from "../../../audit/etag.ts";
import { actorOf } from "../../../audit/record.ts";
import { sendDateIdea } from "../version.ts";
import { createDateIdea, deleteDateIdea, getDateIdea, listDateIdeas, updateDateIdea } from "./service.ts";

/** Date ideas, managed in the second section of the venues tab (ARCHITECTURE.md). */
export function adminDateIdeaRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.dateIdeas, {}, async () => listDateIdeas(deps));
  route(app, api.createDateIdea, {}, async (req, reply) =>
    reply
      .code(201)
      .send(sendDateIdea(reply, await createDateIdea(deps, req.body, { actor: actorOf(req.user!) }))),
  );
  route(app, api.dateIdea, {}, async (req, reply) =>
    sendDateIdea(reply, await getDateIdea(deps, req.params.id)),
  );
  route(app, api.updateDateIdea, {}, async (req, reply) =>
    sendDateIdea(reply, await updateDateIdea(deps, req.params.id, req.body, guardedChangeOf(req))),
  );
  route(app, api.removeDateIdea, {}, async (req, reply) => {
    await deleteDateIdea(deps, req.params.id, guardedChangeOf(req));
    return reply.code(204).send();
  });
}
