/**
 * The queue's items about support and gifts: a ticket whose last message is the member's (waiting for us),
 * and a gift whose delivery day has passed without its e-mail going to the recipients.
 */
import { sql } from "drizzle-orm";
import {
  ATTENTION_KIND_CAP,
  type AttentionItem,
  SUPPORT_REPLY_WORKING_DAYS,
} from "../../../../shared/admin/attention.ts";
import { ADMIN_REPLY_MAX } from "../../../../shared/admin/support.ts";
import { londonInstant, londonIsoDay } from "../../../../shared/london-time.ts";
import type { Deps } from "../../../deps.ts";
import { workingDaysAfter } from "./members.ts";

interface TicketRow extends Record<string, unknown> {
  id: number;
  subject: string;
  from_email: string;
  from_name: string | null;
  last_at: Date | string;
  last_body: string;
}

/** The first words of a message, on one line. */
function excerpt(text: string, max = 240): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Open tickets whose last message is from the member: due a working day after it. A reschedule request's
 * ticket is left to its own item (reschedule_request) while the date waits.
 */
export async function supportWaiting(deps: Deps): Promise<AttentionItem[]> {
  const { rows } = await deps.db.execute<TicketRow>(sql`
    select t.id, t.subject, t.from_email, t.from_name,
      coalesce(r.created_at, t.created_at) as last_at, coalesce(r.body, t.body) as last_body
    from support_tickets t
    left join lateral (
      select sr.created_at, sr.body, sr.is_from_admin from support_replies sr where sr.ticket_id = t.id
      order by sr.id desc limit 1
    ) r on true
    where t.status <> 'closed' and (r.is_from_admin is null or not r.is_from_admin)
      and not exists (
        select 1 from date_reservations d where d.id = t.reservation_id and d.status = 'reschedule_requested'
      )
    order by last_at, t.id
    limit ${ATTENTION_KIND_CAP}
  `);
  return rows.map((r) => {
    const who = r.from_name?.trim() || r.from_email;
    return {
      id: `support_waiting:${r.id}`,
      kind: "support_waiting",
      title: `${who}: ${r.subject}`,
      detail: excerpt(r.last_body),
      dueAt: workingDaysAfter(new Date(r.last_at), SUPPORT_REPLY_WORKING_DAYS).toISOString(),
      subject: { type: "ticket", id: r.id, label: r.subject },
      actions: [
        {
          id: "reply",
          label: "Reply",
          method: "POST" as const,
          path: `/api/admin/support/tickets/${r.id}/replies`,
          needsReason: true,
          reasonField: "body",
          reasonLabel: `Your reply to ${who} (sent by e-mail)`,
          reasonMax: ADMIN_REPLY_MAX,
          primary: true,
        },
        {
          id: "close",
          label: "Close without reply",
          method: "PUT" as const,
          path: `/api/support/tickets/${r.id}`,
          body: { status: "closed" },
          confirm: "Close this ticket without replying?",
        },
      ],
      link: { label: "Open Support", href: "/admin?tab=support" },
    };
  });
}

interface GiftRow extends Record<string, unknown> {
  id: number;
  code: string;
  recipient_names: string;
  recipient_email: string;
  buyer_name: string;
  deliver_on: string;
  failed: boolean;
}

/**
 * Paid gifts whose delivery day has passed and whose e-mail has not gone, or went out of attempts (abandoned)
 * with no resend since: send it now.
 */
export async function giftUndelivered(deps: Deps): Promise<AttentionItem[]> {
  const today = londonIsoDay(deps.now());
  const { rows } = await deps.db.execute<GiftRow>(sql`
    select g.id, g.code, g.recipient_names, g.recipient_email, g.buyer_name, g.deliver_on,
      (g.status = 'delivered') as failed
    from gifts g
    where (g.status in ('paid', 'scheduled') and g.deliver_on < ${today})
      or (g.status = 'delivered'
        and exists (
          select 1 from outbound_messages o
          where o.key = 'gift-delivery:' || g.id || ':' || g.deliver_on and o.status = 'abandoned'
        )
        and not exists (
          select 1 from outbound_messages o
          where o.key like 'gift-resend:' || g.id || ':%' and o.status = 'sent'
        ))
    order by g.deliver_on, g.id
    limit ${ATTENTION_KIND_CAP}
  `);
  return rows.map((g) => {
    const [y, m, d] = g.deliver_on.split("-").map(Number);
    return {
      id: `gift_undelivered:${g.id}`,
      kind: "gift_undelivered",
      title: `Gift for ${g.recipient_names} from ${g.buyer_name}`,
      detail: g.failed
        ? `The e-mail to ${g.recipient_email} on ${g.deliver_on} could not be delivered.`
        : `Due to reach ${g.recipient_email} on ${g.deliver_on} and not sent.`,
      dueAt: londonInstant(y, m, d, 23, 59).toISOString(),
      subject: { type: "gift", id: g.id, label: `Gift for ${g.recipient_names}` },
      actions: [
        {
          id: "send",
          label: "Send it now",
          method: "POST" as const,
          path: `/api/admin/gifts/${g.id}/resend`,
          body: {},
          primary: true,
        },
      ],
      link: { label: "Open Gifts", href: "/admin?tab=gifts" },
    };
  });
}
