import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import {
  type AdminTicketDetail,
  type AdminTicketRow,
  SUPPORT_MSG,
  type TicketListQuery,
  type UpdateTicketInput,
} from "../../../../shared/admin/support.ts";
import { containsPattern } from "../../../db/like.ts";
import {
  dateIdeas,
  dateReservations,
  planAccounts,
  supportReplies,
  supportTickets,
  type User,
  users,
  venues,
} from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { notFound } from "../../../http-error.ts";
import { actorOf, recordAudit } from "../../audit/record.ts";
import { supportReplyEmail } from "../../email/templates.ts";
import { stateOf } from "../../plan-account/state.ts";

const rowColumns = {
  id: supportTickets.id,
  priority: supportTickets.priority,
  fromEmail: supportTickets.fromEmail,
  fromName: supportTickets.fromName,
  subject: supportTickets.subject,
  body: supportTickets.body,
  status: supportTickets.status,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  userId: supportTickets.userId,
  reservationId: supportTickets.reservationId,
  replyToId: supportTickets.replyToId,
  // The outer table named in full: inside the subquery a bare "id" would be the reply's own.
  replyCount: sql<number>`(select count(*)::int from ${supportReplies} r where r.ticket_id = "support_tickets"."id")`,
};

type DbRow = Omit<AdminTicketRow, "createdAt" | "updatedAt" | "status" | "priority"> & {
  status: string;
  priority: string;
  createdAt: Date;
  updatedAt: Date;
};
const toRow = (r: DbRow): AdminTicketRow => ({
  ...r,
  status: r.status as AdminTicketRow["status"],
  priority: r.priority as AdminTicketRow["priority"],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function filters(q: TicketListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.status) parts.push(eq(supportTickets.status, q.status));
  if (q.priority) parts.push(eq(supportTickets.priority, q.priority));
  if (q.search) {
    const p = containsPattern(q.search);
    const byId = /^#?([1-9]\d{0,8})$/.exec(q.search);
    parts.push(
      or(
        ilike(supportTickets.subject, p),
        ilike(supportTickets.fromEmail, p),
        ilike(supportTickets.fromName, p),
        ...(byId ? [eq(supportTickets.id, Number(byId[1]))] : []),
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** GET /api/admin/support/tickets: most recently active first. */
export async function listTickets(
  deps: Deps,
  q: TicketListQuery,
): Promise<{ rows: AdminTicketRow[]; total: number }> {
  const where = filters(q);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select(rowColumns)
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(q.limit)
      .offset(q.offset),
    deps.db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows: rows.map(toRow), total: n };
}

export async function getTicket(deps: Deps, id: number): Promise<AdminTicketDetail> {
  const [row] = await deps.db.select(rowColumns).from(supportTickets).where(eq(supportTickets.id, id));
  if (!row) throw notFound(SUPPORT_MSG.ticketNotFound);
  const [replies, [member], [dateRow]] = await Promise.all([
    deps.db
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, id))
      .orderBy(supportReplies.createdAt, supportReplies.id),
    row.userId
      ? deps.db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            subscriptionTier: planAccounts.subscriptionTier,
            subscriptionStatus: planAccounts.subscriptionStatus,
          })
          .from(users)
          .leftJoin(planAccounts, stateOf(users.id))
          .where(eq(users.id, row.userId))
      : [],
    row.reservationId
      ? deps.db
          .select({
            id: dateReservations.id,
            scheduledDate: dateReservations.scheduledDate,
            status: dateReservations.status,
            venueName: venues.name,
            dateIdeaTitle: dateIdeas.title,
          })
          .from(dateReservations)
          .leftJoin(venues, eq(venues.id, dateReservations.venueId))
          .leftJoin(dateIdeas, eq(dateIdeas.id, dateReservations.dateIdeaId))
          .where(eq(dateReservations.id, row.reservationId))
      : [],
  ]);
  return {
    ...toRow(row),
    replies: replies.map((r) => ({
      id: r.id,
      fromEmail: r.fromEmail,
      body: r.body,
      isFromAdmin: r.isFromAdmin,
      createdAt: r.createdAt.toISOString(),
    })),
    member: member ?? null,
    // The ticket's date, under the specification's field name.
    reservation: dateRow ? { ...dateRow, scheduledDate: dateRow.scheduledDate.toISOString() } : null,
  };
}

/**
 * Support answers a ticket: the reply is stored, the ticket becomes "answered", and the answer is e-mailed to
 * the address the ticket came from (logged in email_logs like every message). The member also reads it on
 * their Support page.
 */
export async function replyToTicket(
  deps: Deps,
  admin: User,
  id: number,
  body: string,
): Promise<{ ticket: AdminTicketDetail; mailSent: boolean }> {
  await deps.limiter.hit(`admin-ticket-reply:${admin.id}`, 120, 60);
  const [ticket] = await deps.db.select().from(supportTickets).where(eq(supportTickets.id, id));
  if (!ticket) throw notFound(SUPPORT_MSG.ticketNotFound);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: supportTickets.status })
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
      .for("update");
    await tx
      .insert(supportReplies)
      .values({ ticketId: id, fromEmail: deps.config.supportEmail, body, isFromAdmin: true, createdAt: now });
    await tx
      .update(supportTickets)
      .set({ status: "answered", updatedAt: now })
      .where(eq(supportTickets.id, id));
    // The log says that an answer went and what it did to the ticket; the words stay in the thread only.
    await recordAudit(tx, {
      actor: actorOf(admin),
      entity: "support_ticket",
      entityId: id,
      action: "reply",
      summary: `Reply sent on ticket #${id}`,
      changes: [
        ...(locked && locked.status !== "answered"
          ? [{ field: "status", before: locked.status, after: "answered" }]
          : []),
        { field: "reply", before: null, after: "Reply sent" },
      ],
      subjectUserId: ticket.userId,
    });
  });
  const [owner] = ticket.userId
    ? await deps.db
        .select({ firstName: users.firstName, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, ticket.userId))
    : [];
  const member = owner && !owner.deletedAt ? owner : null;
  const mail = supportReplyEmail({
    ticketId: id,
    subject: ticket.subject,
    name: member?.firstName ?? ticket.fromName,
    body,
    url: member ? `${deps.config.appUrl}/support/${id}` : null,
  });
  const sent = await deps.mailer.send({
    to: ticket.fromEmail,
    toName: ticket.fromName,
    ...mail,
    type: "support_reply",
    // Answers by e-mail reach the support mailbox, whose inbound webhook threads them by "[#id]".
    replyTo: deps.config.supportEmail,
    userId: ticket.userId,
    reservationId: ticket.reservationId,
  });
  return { ticket: await getTicket(deps, id), mailSent: sent.ok };
}

/** PUT /api/support/tickets/{ticketId}: status and priority, audited (entity support_ticket) when they change. */
export async function updateTicket(
  deps: Deps,
  admin: User,
  id: number,
  input: UpdateTicketInput,
): Promise<AdminTicketDetail> {
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: supportTickets.status,
        priority: supportTickets.priority,
        userId: supportTickets.userId,
      })
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
      .for("update");
    if (!current) throw notFound(SUPPORT_MSG.ticketNotFound);
    const [updated] = await tx
      .update(supportTickets)
      .set({
        ...(input.status && { status: input.status }),
        ...(input.priority && { priority: input.priority }),
        updatedAt: deps.now(),
      })
      .where(eq(supportTickets.id, id))
      .returning({ status: supportTickets.status, priority: supportTickets.priority });
    const before = { status: current.status, priority: current.priority };
    if (before.status === updated.status && before.priority === updated.priority) return;
    const what = [
      ...(before.status !== updated.status ? [`status ${before.status} → ${updated.status}`] : []),
      ...(before.priority !== updated.priority ? [`priority ${before.priority} → ${updated.priority}`] : []),
    ].join(", ");
    await recordAudit(tx, {
      actor: actorOf(admin),
      entity: "support_ticket",
      entityId: id,
      action: "status",
      summary: `Ticket #${id}: ${what}`,
      before,
      after: updated,
      subjectUserId: current.userId,
    });
  });
  return getTicket(deps, id);
}
