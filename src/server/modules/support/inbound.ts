import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  INBOUND_LIMITS,
  type InboundMail,
  SUPPORT_MSG,
  ticketIdFromSubject,
} from "../../../shared/admin/support.ts";
import type { InboundAnswer } from "../../../shared/schemas/support.ts";
import type { Config } from "../../config.ts";
import { supportReplies, supportTickets, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { unauthorized } from "../../http-error.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * The webhook's shared secret, sent as `Authorization: Bearer <secret>`, as the password of Basic
 * authentication (providers that put credentials in the webhook address), or as `X-Inbound-Secret`.
 * Compared in constant time (fixed-length digests, so not even the length leaks).
 */
export function checkInboundSecret(config: Config, headers: Record<string, string | string[] | undefined>) {
  const secret = config.supportInboundSecret;
  if (!secret) throw unauthorized(SUPPORT_MSG.inboundOff);
  const auth = typeof headers.authorization === "string" ? headers.authorization : "";
  let given: string | null = null;
  const bearer = /^Bearer\s+(.+)$/i.exec(auth);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth);
  if (bearer) given = bearer[1].trim();
  else if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    given = decoded.slice(decoded.indexOf(":") + 1);
  } else if (typeof headers["x-inbound-secret"] === "string") given = headers["x-inbound-secret"];
  if (given === null || given.length > 1000 || !timingSafeEqual(digest(given), digest(secret)))
    throw unauthorized(SUPPORT_MSG.inboundSecret);
}

async function alreadyDelivered(deps: Deps, emailId: string): Promise<InboundAnswer | null> {
  const [ticket] = await deps.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.emailId, emailId));
  if (ticket) return { ticketId: ticket.id, kind: "ticket", replyId: null, duplicate: true };
  const [reply] = await deps.db
    .select({ id: supportReplies.id, ticketId: supportReplies.ticketId })
    .from(supportReplies)
    .where(eq(supportReplies.emailId, emailId));
  if (reply) return { ticketId: reply.ticketId, kind: "reply", replyId: reply.id, duplicate: true };
  return null;
}

/** The ticket this mail answers: the message it replies to (a ticket's or a reply's), else "[#123]" in the subject. */
async function referencedTicketId(deps: Deps, mail: InboundMail): Promise<number | null> {
  if (mail.inReplyTo) {
    const [t] = await deps.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.emailId, mail.inReplyTo));
    if (t) return t.id;
    const [r] = await deps.db
      .select({ ticketId: supportReplies.ticketId })
      .from(supportReplies)
      .where(eq(supportReplies.emailId, mail.inReplyTo));
    if (r) return r.ticketId;
  }
  return ticketIdFromSubject(mail.subject);
}

/**
 * POST /api/support/inbound: an e-mail to the support address. A reply to an existing conversation, from
 * that conversation's own sender, is added to it; anything else opens a ticket (linked to the member who
 * owns the sender's address, if any). Someone else's mail that names a ticket opens a new ticket pointing at
 * it (replyToId) rather than writing into a member's conversation. The same emailId delivered again stores
 * nothing new and answers with what the first delivery made.
 */
export async function receiveInboundMail(
  deps: Deps,
  mail: InboundMail,
): Promise<InboundAnswer & { created: boolean }> {
  const seen = await alreadyDelivered(deps, mail.emailId);
  if (seen) return { ...seen, created: false };

  const [member] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${mail.from}`, isNull(users.deletedAt)));
  const body = mail.text.trim() || "(no message)";
  const now = deps.now();

  const refId = await referencedTicketId(deps, mail);
  const [target] = refId
    ? await deps.db
        .select({
          id: supportTickets.id,
          status: supportTickets.status,
          userId: supportTickets.userId,
          fromEmail: supportTickets.fromEmail,
        })
        .from(supportTickets)
        .where(eq(supportTickets.id, refId))
    : [];
  const sameSender =
    target && (target.fromEmail.toLowerCase() === mail.from || (member && target.userId === member.id));

  if (target && sameSender) {
    const replyId = await deps.db.transaction(async (tx) => {
      const [reply] = await tx
        .insert(supportReplies)
        .values({
          ticketId: target.id,
          fromEmail: mail.from,
          body,
          isFromAdmin: false,
          emailId: mail.emailId,
        })
        .onConflictDoNothing({ target: supportReplies.emailId })
        .returning({ id: supportReplies.id });
      if (!reply) return null;
      // Like a member's reply on the site: an answered or closed conversation opens again; a new one stays new.
      await tx
        .update(supportTickets)
        .set({ status: target.status === "new" ? "new" : "open", updatedAt: now })
        .where(eq(supportTickets.id, target.id));
      return reply.id;
    });
    if (replyId === null) return { ...(await alreadyDelivered(deps, mail.emailId))!, created: false };
    return { ticketId: target.id, kind: "reply", replyId, duplicate: false, created: true };
  }

  const [ticket] = await deps.db
    .insert(supportTickets)
    .values({
      emailId: mail.emailId,
      userId: member?.id ?? null,
      fromEmail: mail.from,
      fromName: mail.fromName,
      subject: (mail.subject || "(no subject)").slice(0, INBOUND_LIMITS.subjectStored),
      body,
      status: "new",
      replyToId: target?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: supportTickets.emailId })
    .returning({ id: supportTickets.id });
  if (!ticket) return { ...(await alreadyDelivered(deps, mail.emailId))!, created: false };
  return { ticketId: ticket.id, kind: "ticket", replyId: null, duplicate: false, created: true };
}
