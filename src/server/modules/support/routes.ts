import type { FastifyInstance } from "fastify";
import { INBOUND_LIMITS } from "../../../shared/admin/support.ts";
import { supportApi as api } from "../../../shared/contract/support.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { checkInboundSecret, receiveInboundMail } from "./inbound.ts";
import { createTicket, getTicket, listTickets, replyToTicket } from "./service.ts";

export function supportRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };
  route(app, api.list, member, async (req) => listTickets(deps, requireUser(req)));
  route(app, api.create, member, async (req, reply) =>
    reply.code(201).send(await createTicket(deps, requireUser(req), req.body)),
  );
  route(app, api.get, member, async (req) => getTicket(deps, requireUser(req), req.params.id));
  route(app, api.reply, member, async (req) =>
    replyToTicket(deps, requireUser(req), req.params.id, req.body.body),
  );
  // The mail provider's webhook: its shared secret is checked before the body is even read.
  route(
    app,
    api.inbound,
    {
      bodyLimit: INBOUND_LIMITS.bodyBytes,
      onRequest: async (req) => checkInboundSecret(deps.config, req.headers),
    },
    async (req, reply) => {
      const { created, ...answer } = await receiveInboundMail(deps, req.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
}
