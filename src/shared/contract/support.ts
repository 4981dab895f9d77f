/**
 * Support conversations: the member's tickets and replies, the mail provider's inbound webhook, and the back
 * office's change of a ticket's status or priority (outside /api/admin, so its route checks the role itself).
 */

import { z } from "zod";
import { adminId } from "../admin/back-office.ts";
import { adminTicketDetailSchema, inboundMailSchema, updateTicketSchema } from "../admin/support.ts";
import { createTicketSchema, idParamSchema, ticketReplySchema } from "../schemas/member.ts";
import {
  inboundAnswerSchema,
  supportTicketDetailSchema,
  supportTicketListSchema,
} from "../schemas/support.ts";
import { endpoint } from "./endpoint.ts";

export const supportApi = {
  list: endpoint({
    method: "GET",
    path: "/api/support/tickets",
    summary: "The member's conversations",
    responses: { 200: supportTicketListSchema },
  }),
  // Ten conversations an hour.
  create: endpoint({
    method: "POST",
    path: "/api/support/tickets",
    summary: "Start a conversation",
    body: createTicketSchema,
    responses: { 201: supportTicketDetailSchema },
    errors: [429],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/support/tickets/:id",
    summary: "One conversation with its replies",
    params: idParamSchema,
    responses: { 200: supportTicketDetailSchema },
  }),
  // Thirty replies an hour.
  reply: endpoint({
    method: "POST",
    path: "/api/support/tickets/:id/replies",
    summary: "Reply in a conversation",
    params: idParamSchema,
    body: ticketReplySchema,
    responses: { 200: supportTicketDetailSchema },
    errors: [429],
  }),
  // The mail provider's webhook. 201: stored now; 200: this e-mail had already been delivered.
  inbound: endpoint({
    method: "POST",
    path: "/api/support/inbound",
    summary: "An e-mail to support, from the mail provider",
    body: inboundMailSchema,
    responses: { 200: inboundAnswerSchema, 201: inboundAnswerSchema },
  }),
  // Spec section 7: PUT /api/support/tickets/{ticketId} with an updates object, for the back office. The
  // parameter is named `id`, as on the member's GET of the same path: one path, one parameter name.
  update: endpoint({
    method: "PUT",
    path: "/api/support/tickets/:id",
    summary: "Change a ticket's status or priority",
    params: z.object({ id: adminId }),
    body: updateTicketSchema,
    responses: { 200: adminTicketDetailSchema },
  }),
} as const;
