import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SupportTicketDetail, SupportTicketSummary } from "../../../shared/member-api.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { dateReservations, supportReplies, supportTickets, type User } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, notFound } from "../../http-error.ts";
import { coupleIds } from "../dates/service.ts";
import { supportTicketNotice, supportTicketReceipt } from "../email/templates.ts";

export const TICKET_NOT_FOUND = "This conversation doesn't exist or you don't have access to it.";

const summaryColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  status: supportTickets.status,
  reservationId: supportTickets.reservationId,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  // The outer table is named in full: drizzle leaves columns unqualified in a one-table query, and a bare
  // "id" inside the subquery would be the reply's own id.
  replyCount: sql<number>`(select count(*)::int from ${supportReplies} r where r.ticket_id = "support_tickets"."id")`,
};

type SummaryRow = {
  id: number;
  subject: string;
  status: string;
  reservationId: number | null;
  createdAt: Date;
  updatedAt: Date;
  replyCount: number;
};

const toSummary = (r: SummaryRow): SupportTicketSummary => ({
  id: r.id,
  subject: r.subject,
  status: r.status as SupportTicketSummary["status"],
  reservationId: r.reservationId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  replyCount: r.replyCount,
});

export async function listTickets(deps: Deps, user: User): Promise<SupportTicketSummary[]> {
  const rows = await deps.db
    .select(summaryColumns)
    .from(supportTickets)
    .where(eq(supportTickets.userId, user.id))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(200);
  return rows.map(toSummary);
}

export async function getTicket(deps: Deps, user: User, id: number): Promise<SupportTicketDetail> {
  const [row] = await deps.db
    .select({ ...summaryColumns, body: supportTickets.body })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, user.id)));
  if (!row) throw notFound(TICKET_NOT_FOUND);
  const replies = await deps.db
    .select()
    .from(supportReplies)
    .where(eq(supportReplies.ticketId, id))
    .orderBy(supportReplies.createdAt, supportReplies.id);
  return {
    ...toSummary(row),
    body: row.body,
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      fromSupport: r.isFromAdmin,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function createTicket(
  deps: Deps,
  user: User,
  input: { subject: string; body: string; reservationId?: number },
): Promise<SupportTicketDetail> {
  await deps.limiter.hit(`ticket:${user.id}`, 10, 60);
  if (input.reservationId !== undefined) {
    const [own] = await deps.db
      .select({ id: dateReservations.id })
      .from(dateReservations)
      .where(
        and(
          eq(dateReservations.id, input.reservationId),
          inArray(dateReservations.userId, await coupleIds(deps, user)),
        ),
      );
    if (!own) throw badRequest(MEMBER_MSG.dateNotFound);
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
  const [ticket] = await deps.db
    .insert(supportTickets)
    .values({
      userId: user.id,
      reservationId: input.reservationId ?? null,
      fromEmail: user.email,
      fromName: name,
      subject: input.subject,
      body: input.body,
      status: "new",
    })
    .returning();
  const notice = supportTicketNotice({
    id: ticket.id,
    from: name ? `${name} <${user.email}>` : user.email,
    subject: ticket.subject,
    body: ticket.body,
    reservationId: ticket.reservationId,
  });
  void deps.mailer.send({
    to: deps.config.supportEmail,
    ...notice,
    type: "support_notification",
    userId: user.id,
    reservationId: ticket.reservationId,
  });
  void deps.mailer.send({
    to: user.email,
    toName: user.firstName,
    ...supportTicketReceipt(
      user.firstName ?? "there",
      ticket.subject,
      `${deps.config.appUrl}/support/${ticket.id}`,
    ),
    type: "support_receipt",
    userId: user.id,
  });
  return getTicket(deps, user, ticket.id);
}

export async function replyToTicket(
  deps: Deps,
  user: User,
  id: number,
  body: string,
): Promise<SupportTicketDetail> {
  await deps.limiter.hit(`ticket-reply:${user.id}`, 30, 60);
  const ticket = await getTicket(deps, user, id);
  await deps.db.transaction(async (tx) => {
    await tx.insert(supportReplies).values({ ticketId: id, fromEmail: user.email, body, isFromAdmin: false });
    // A member writing again reopens an answered or closed conversation; one not yet answered stays new.
    await tx
      .update(supportTickets)
      .set({ status: ticket.status === "new" ? "new" : "open", updatedAt: deps.now() })
      .where(eq(supportTickets.id, id));
  });
  const notice = supportTicketNotice({
    id,
    from: user.email,
    subject: `Re: ${ticket.subject}`,
    body,
    reservationId: ticket.reservationId,
  });
  void deps.mailer.send({
    to: deps.config.supportEmail,
    ...notice,
    type: "support_notification",
    userId: user.id,
  });
  return getTicket(deps, user, id);
}
