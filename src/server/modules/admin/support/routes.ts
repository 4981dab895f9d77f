import type { FastifyInstance } from "fastify";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/back-office.ts";
import { adminSupportApi as api } from "../../../../shared/contract/admin-support.ts";
import { supportApi } from "../../../../shared/contract/support.ts";
import type { Deps } from "../../../deps.ts";
import { requireAdmin, requireBackOffice } from "../../../plugins/auth-context.ts";
import { route } from "../../../route.ts";
import { getTicket, listTickets, replyToTicket, updateTicket } from "./service.ts";

/** Support tab. /api/admin/* is guarded in auth-context.ts; PUT /api/support/tickets/:id checks for itself. */
export function adminSupportRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.tickets, {}, async (req, reply) => {
    const { rows, total } = await listTickets(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  route(app, api.ticket, {}, async (req) => getTicket(deps, req.params.id));

  route(app, api.reply, {}, async (req) =>
    replyToTicket(deps, requireAdmin(req), req.params.id, req.body.body),
  );

  // Declared with the member's support endpoints (the same path). Outside the /api/admin tree, so it refuses
  // visitors and members itself, before the body is looked at.
  route(
    app,
    supportApi.update,
    {
      onRequest: async (req) => {
        requireBackOffice(req, deps.config);
      },
    },
    async (req) => updateTicket(deps, requireAdmin(req), req.params.id, req.body),
  );
}
