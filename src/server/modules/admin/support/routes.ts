import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  adminReplySchema,
  adminTicketDetailSchema,
  adminTicketReplyAnswerSchema,
  adminTicketRowSchema,
  ticketListQuerySchema,
  updateTicketSchema,
} from "../../../../shared/admin/support.ts";
import type { Deps } from "../../../deps.ts";
import { requireAdmin, requireBackOffice } from "../../../plugins/auth-context.ts";
import { getTicket, listTickets, replyToTicket, updateTicket } from "./service.ts";

const idParams = z.object({ id: adminId });

/** Support tab. /api/admin/* is guarded in auth-context.ts; PUT /api/support/tickets/:id checks for itself. */
export function adminSupportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/support/tickets",
    {
      schema: {
        summary: "One page of support tickets, most recently active first (total in X-Total-Count)",
        querystring: ticketListQuerySchema,
        response: { 200: z.array(adminTicketRowSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listTickets(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );

  r.get(
    "/api/admin/support/tickets/:id",
    {
      schema: {
        summary: "A ticket with its thread, member and date",
        params: idParams,
        response: { 200: adminTicketDetailSchema },
      },
    },
    async (req) => getTicket(deps, req.params.id),
  );

  r.post(
    "/api/admin/support/tickets/:id/replies",
    {
      schema: {
        summary: "Answer a ticket by e-mail",
        params: idParams,
        body: adminReplySchema,
        response: { 200: adminTicketReplyAnswerSchema },
        // More than 120 replies a minute from one admin.
        errors: [429],
      },
    },
    async (req) => replyToTicket(deps, requireAdmin(req), req.params.id, req.body.body),
  );

  // Spec section 7: PUT /api/support/tickets/{ticketId} with an updates object. Outside the /api/admin tree,
  // so it refuses visitors and members itself, before the body is looked at. The parameter is named `id`, as
  // on the member's GET of the same path: one path, one parameter name (the URL a client sends is unchanged).
  r.put(
    "/api/support/tickets/:id",
    {
      onRequest: async (req) => {
        requireBackOffice(req, deps.config);
      },
      schema: {
        summary: "Change a ticket's status or priority",
        params: idParams,
        body: updateTicketSchema,
        response: { 200: adminTicketDetailSchema },
      },
    },
    async (req) => updateTicket(deps, requireAdmin(req), req.params.id, req.body),
  );
}
