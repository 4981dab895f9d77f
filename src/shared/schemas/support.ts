/**
 * What the member's support conversations answer (GET/POST /api/support/tickets, GET /api/support/tickets/{id},
 * POST .../replies) and what the inbound-mail webhook answers. The serializer encodes through these schemas,
 * so nothing of a ticket leaves unless it is listed here (the admin's notes and priority stay in the back office).
 */
import { z } from "zod";
import { TICKET_STATUSES } from "../admin/support.ts";

/** GET /api/support/tickets (array); the head of GET /api/support/tickets/{id}. */
export const supportTicketSummarySchema = z
  .object({
    id: z.number(),
    subject: z.string(),
    status: z.enum(TICKET_STATUSES),
    reservationId: z.number().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    replyCount: z.number(),
  })
  .meta({ id: "SupportTicketSummary" });
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

export const supportTicketListSchema = z.array(supportTicketSummarySchema);

/** One conversation with its replies, oldest first. */
export const supportTicketDetailSchema = supportTicketSummarySchema
  .extend({
    body: z.string(),
    replies: z.array(
      z.object({ id: z.number(), body: z.string(), fromSupport: z.boolean(), createdAt: z.string() }),
    ),
  })
  .meta({ id: "SupportTicketDetail" });
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;

/** POST /api/support/inbound: where the e-mail went (201 when stored now, 200 when already delivered). */
export const inboundAnswerSchema = z
  .object({
    ticketId: z.number(),
    /** "ticket": a new ticket; "reply": added to an existing conversation. */
    kind: z.enum(["ticket", "reply"]),
    replyId: z.number().nullable(),
    /** True when this e-mail had already been delivered: nothing new was stored. */
    duplicate: z.boolean(),
  })
  .meta({ id: "InboundMailAnswer" });
export type InboundAnswer = z.infer<typeof inboundAnswerSchema>;
