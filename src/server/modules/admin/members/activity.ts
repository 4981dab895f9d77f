/**
 * What the member page shows of a member's dealings with us: the e-mails we sent them (email_logs) and the
 * support tickets they raised, newest first. Texts are sms/history.ts recentTexts; the billing history is the
 * member's own Manage Billing answer (features/subscriptions/server/billing.ts billingOverview).
 */
import { desc, eq } from "drizzle-orm";
import {
  ADMIN_RECENT_EMAILS,
  ADMIN_RECENT_TICKETS,
  type AdminMemberEmail,
  type AdminMemberTicket,
} from "../../../../shared/admin/member-workspace.ts";
import { emailLogs, supportTickets } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";

/** The member's latest e-mails and what became of them. */
export async function recentEmails(deps: Pick<Deps, "db">, userId: number): Promise<AdminMemberEmail[]> {
  const rows = await deps.db
    .select()
    .from(emailLogs)
    .where(eq(emailLogs.userId, userId))
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id))
    .limit(ADMIN_RECENT_EMAILS);
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    kind: r.emailType,
    status: r.status,
    sentAt: r.sentAt.toISOString(),
    errorMessage: r.errorMessage,
  }));
}

/** The member's latest support tickets (their conversation is on the Support tab). */
export async function memberTickets(deps: Pick<Deps, "db">, userId: number): Promise<AdminMemberTicket[]> {
  const rows = await deps.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(ADMIN_RECENT_TICKETS);
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    status: r.status,
    priority: r.priority,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
