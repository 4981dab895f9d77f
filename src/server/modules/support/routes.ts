import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { INBOUND_LIMITS, inboundMailSchema } from "../../../shared/admin/support.ts";
import { createTicketSchema, idParamSchema, ticketReplySchema } from "../../../shared/schemas/member.ts";
import {
  inboundAnswerSchema,
  supportTicketDetailSchema,
  supportTicketListSchema,
} from "../../../shared/schemas/support.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { checkInboundSecret, receiveInboundMail } from "./inbound.ts";
import { createTicket, getTicket, listTickets, replyToTicket } from "./service.ts";

export function supportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/support/tickets",
    {
      onRequest: memberOnly,
      schema: { summary: "The member's conversations", response: { 200: supportTicketListSchema } },
    },
    async (req) => listTickets(deps, requireUser(req)),
  );
  r.post(
    "/api/support/tickets",
    {
      onRequest: memberOnly,
      schema: {
        body: createTicketSchema,
        summary: "Start a conversation",
        response: { 201: supportTicketDetailSchema },
        // Ten conversations an hour.
        errors: [429],
      },
    },
    async (req, reply) => reply.code(201).send(await createTicket(deps, requireUser(req), req.body)),
  );
  r.get(
    "/api/support/tickets/:id",
    {
      onRequest: memberOnly,
      schema: {
        params: idParamSchema,
        summary: "One conversation with its replies",
        response: { 200: supportTicketDetailSchema },
      },
    },
    async (req) => getTicket(deps, requireUser(req), req.params.id),
  );
  r.post(
    "/api/support/tickets/:id/replies",
    {
      onRequest: memberOnly,
      schema: {
        params: idParamSchema,
        body: ticketReplySchema,
        summary: "Reply in a conversation",
        response: { 200: supportTicketDetailSchema },
        // Thirty replies an hour.
        errors: [429],
      },
    },
    async (req) => replyToTicket(deps, requireUser(req), req.params.id, req.body.body),
  );
  // The mail provider's webhook: its shared secret is checked before the body is even read.
  r.post(
    "/api/support/inbound",
    {
      bodyLimit: INBOUND_LIMITS.bodyBytes,
      onRequest: async (req) => checkInboundSecret(deps.config, req.headers),
      schema: {
        body: inboundMailSchema,
        summary: "An e-mail to support, from the mail provider",
        // 201: stored now; 200: this e-mail had already been delivered.
        response: { 200: inboundAnswerSchema, 201: inboundAnswerSchema },
      },
    },
    async (req, reply) => {
      const { created, ...answer } = await receiveInboundMail(deps, req.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
}
