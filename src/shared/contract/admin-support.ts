/**
 * The Support tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. A ticket's change of status or
 * priority (PUT /api/support/tickets/:id) is declared with the member's support endpoints (support.ts).
 */
import { z } from "zod";
import { adminId } from "../admin/back-office.ts";
import {
  adminReplySchema,
  adminTicketDetailSchema,
  adminTicketReplyAnswerSchema,
  adminTicketRowSchema,
  ticketListQuerySchema,
} from "../admin/support.ts";
import { endpoint } from "./endpoint.ts";

const idParams = z.object({ id: adminId });

export const adminSupportApi = {
  tickets: endpoint({
    method: "GET",
    path: "/api/admin/support/tickets",
    answerHeaders: ["X-Total-Count"],
    summary: "One page of support tickets, most recently active first (total in X-Total-Count)",
    query: ticketListQuerySchema,
    responses: { 200: z.array(adminTicketRowSchema) },
  }),
  ticket: endpoint({
    method: "GET",
    path: "/api/admin/support/tickets/:id",
    summary: "A ticket with its thread, member and date",
    params: idParams,
    responses: { 200: adminTicketDetailSchema },
  }),
  reply: endpoint({
    method: "POST",
    path: "/api/admin/support/tickets/:id/replies",
    summary: "Answer a ticket by e-mail",
    params: idParams,
    body: adminReplySchema,
    responses: { 200: adminTicketReplyAnswerSchema },
    // More than 120 replies a minute from one admin.
    errors: [429],
  }),
} as const;
