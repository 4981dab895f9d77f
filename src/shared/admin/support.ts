/** The admin Support tab and the inbound-mail webhook. */
import { z } from "zod";
import { trimmedAtLeast } from "../schemas/text.ts";
import { adminListQuerySchema, isoInstant } from "./back-office.ts";

export const TICKET_STATUSES = ["new", "open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: "New",
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  urgent: "Urgent",
};

export const SUPPORT_MSG = {
  ticketNotFound: "Ticket not found",
  updateFailed: "Failed to update ticket",
  replyFailed: "Failed to send reply",
  fetchFailed: "Failed to fetch support tickets",
  noTickets: "No support tickets found",
  reply: "Please write a reply (up to 10,000 characters)",
  status: `Status must be one of ${TICKET_STATUSES.join(", ")}`,
  priority: `Priority must be one of ${TICKET_PRIORITIES.join(", ")}`,
  nothingToUpdate: "Nothing to update: send a status or a priority",
  inboundSecret: "Invalid inbound mail secret",
  inboundOff: "Inbound support mail is not configured on this server",
} as const;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal("")], { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /api/admin/support/tickets: ?search=&limit=&offset= plus optional ?status= and ?priority=. */
export const ticketListQuerySchema = adminListQuerySchema.extend({
  status: optionalEnum(TICKET_STATUSES, SUPPORT_MSG.status),
  priority: optionalEnum(TICKET_PRIORITIES, SUPPORT_MSG.priority),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** PUT /api/support/tickets/{ticketId}: "an updates object" (spec section 7), admins only. */
export const updateTicketSchema = z
  .strictObject({
    status: z.enum(TICKET_STATUSES, { error: SUPPORT_MSG.status }).optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: SUPPORT_MSG.priority }).optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined, SUPPORT_MSG.nothingToUpdate);
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;

export const ADMIN_REPLY_MAX = 10_000;

/** POST /api/admin/support/tickets/{id}/replies. */
export const adminReplySchema = z.strictObject({
  body: z
    .string({ error: SUPPORT_MSG.reply })
    .regex(trimmedAtLeast(1), SUPPORT_MSG.reply)
    .trim()
    .max(ADMIN_REPLY_MAX, SUPPORT_MSG.reply),
});

/** Inbound mail is stored up to these sizes; longer subjects and names are cut, longer bodies refused. */
export const INBOUND_LIMITS = {
  emailIdMax: 255,
  subjectStored: 200,
  subjectMax: 2000,
  nameStored: 160,
  nameMax: 1000,
  textMax: 100_000,
  bodyBytes: 512 * 1024,
} as const;

/** POST /api/support/inbound: one e-mail forwarded by the mail provider. */
export const inboundMailSchema = z.object({
  emailId: z
    .string({ error: "emailId is required" })
    .regex(trimmedAtLeast(1), "emailId is required")
    .trim()
    .max(INBOUND_LIMITS.emailIdMax, `emailId must be at most ${INBOUND_LIMITS.emailIdMax} characters`),
  from: z
    .string({ error: "from must be an e-mail address" })
    .trim()
    .max(254, "from must be an e-mail address")
    .pipe(z.email("from must be an e-mail address"))
    .transform((s) => s.toLowerCase()),
  fromName: z
    .string({ error: "fromName must be text" })
    .trim()
    .max(INBOUND_LIMITS.nameMax, "fromName is too long")
    .nullish()
    .transform((s) => (s ? s.slice(0, INBOUND_LIMITS.nameStored) : null)),
  subject: z
    .string({ error: "subject must be text" })
    .trim()
    .max(INBOUND_LIMITS.subjectMax, "subject is too long")
    .nullish()
    .transform((s) => s ?? ""),
  text: z
    .string({ error: "text must be text" })
    .max(INBOUND_LIMITS.textMax, `text must be at most ${INBOUND_LIMITS.textMax} characters`)
    .nullish()
    .transform((s) => s ?? ""),
  inReplyTo: z
    .string({ error: "inReplyTo must be text" })
    .trim()
    .max(INBOUND_LIMITS.emailIdMax, "inReplyTo is too long")
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type InboundMail = z.infer<typeof inboundMailSchema>;

/** A row of the admin ticket list. */
export const adminTicketRowSchema = z
  .object({
    id: z.int(),
    priority: z.enum(TICKET_PRIORITIES),
    fromEmail: z.string(),
    fromName: z.string().nullable(),
    subject: z.string(),
    body: z.string(),
    status: z.enum(TICKET_STATUSES),
    createdAt: isoInstant,
    updatedAt: isoInstant,
    userId: z.int().nullable(),
    reservationId: z.int().nullable(),
    replyToId: z.int().nullable(),
    replyCount: z.int(),
  })
  .meta({ id: "AdminTicketRow" });
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;

/**
 * The member a ticket is about: the same fields as the members tab's AdminMemberRef (members.ts), written
 * here so the support contract does not depend on the members module's.
 */
const ticketMemberSchema = z.object({
  id: z.int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  subscriptionTier: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
});

/** GET /api/admin/support/tickets/{id}: the ticket, its thread, and who and what it is about. */
export const adminTicketDetailSchema = adminTicketRowSchema
  .extend({
    replies: z.array(
      z.object({
        id: z.int(),
        fromEmail: z.string(),
        body: z.string(),
        isFromAdmin: z.boolean(),
        createdAt: isoInstant,
      }),
    ),
    member: ticketMemberSchema.nullable(),
    reservation: z
      .object({
        id: z.int(),
        scheduledDate: isoInstant,
        status: z.string(),
        venueName: z.string().nullable(),
        dateIdeaTitle: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "AdminTicketDetail" });
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

/** POST /api/admin/support/tickets/{id}/replies: the ticket with the reply, and whether the e-mail went. */
export const adminTicketReplyAnswerSchema = z.object({
  ticket: adminTicketDetailSchema,
  mailSent: z
    .boolean()
    .describe("False when the e-mail could not be sent (the reply is stored all the same)"),
});
export type AdminTicketReplyAnswer = z.infer<typeof adminTicketReplyAnswerSchema>;

/** "[#123]" (our replies' subjects) or "[Ticket 123]" (our notices'): the ticket a mail answers. */
export function ticketIdFromSubject(subject: string): number | null {
  const m = /\[(?:#|ticket\s*#?)\s*([1-9]\d{0,8})\]/i.exec(subject);
  return m ? Number(m[1]) : null;
}
