import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client.ts";
import { emailLogs } from "../../db/schema.ts";
import { headerText } from "./header-text.ts";

export interface OutgoingMail {
  to: string;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Recorded in email_logs.email_type, e.g. "password_reset". */
  type: string;
  userId?: number | null;
  reservationId?: number | null;
  /** False for the one message that must leave no record (the goodbye after an account is deleted). */
  log?: boolean;
  /** Where an answer should go when it is not the sender (support replies: the support mailbox). */
  replyTo?: string;
  /**
   * Marketing mail only: where the member turns it off, sent as List-Unsubscribe (RFC 2369) so mail apps
   * offer an unsubscribe button beside the sender.
   */
  listUnsubscribe?: string;
  /** Files sent with the message (a gift card PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** A calendar part (text/calendar): a date's hold, its update at the reveal, or its cancellation. */
  calendar?: { method: "PUBLISH" | "REQUEST" | "CANCEL"; content: string; filename?: string };
}

export interface SentMail extends OutgoingMail {
  from: string;
  sentAt: string;
}

export interface Transport {
  readonly kind: "smtp" | "outbox";
  deliver(mail: SentMail): Promise<void>;
  close?(): void;
}

/**
 * Limits of one SMTP conversation, well inside the claim lease of scheduled mail (outbound.ts: 15 minutes), so
 * a worker waiting on a server that stopped answering gives up (and the retry job tries again later) long
 * before another instance would take the message over and send it too. nodemailer's own defaults wait up to
 * 10 minutes on a silent socket. Options in SMTP_URL's query (e.g. ?socketTimeout=120000) take precedence.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Real delivery through any SMTP server named by SMTP_URL (smtp://user:pass@host:port). */
export function smtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.listUnsubscribe ? { list: { unsubscribe: mail.listUnsubscribe } } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
        ...(mail.calendar
          ? {
              icalEvent: {
                method: mail.calendar.method,
                content: mail.calendar.content,
                filename: mail.calendar.filename ?? "date.ics",
              },
            }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** Development and tests without SMTP: each message is kept in memory and written as a JSON file into `dir`. */
export function outboxTransport(dir: string | null): Transport & { messages: SentMail[] } {
  const messages: SentMail[] = [];
  return {
    kind: "outbox",
    messages,
    async deliver(mail) {
      messages.push(mail);
      if (messages.length > 200) messages.shift();
      if (!dir) return;
      await mkdir(dir, { recursive: true });
      const name = `${mail.sentAt.replaceAll(":", "-")}-${Math.random().toString(36).slice(2, 8)}.json`;
      await writeFile(path.join(dir, name), JSON.stringify(mail, null, 2), { mode: 0o600 });
    },
  };
}

export class Mailer {
  readonly transport: Transport;
  private db: Db;
  private from: string;
  constructor(db: Db, transport: Transport, from: string) {
    this.db = db;
    this.transport = transport;
    this.from = from;
  }

  /**
   * Sends one message and records it (sent or failed) in email_logs. Never throws: mail is best effort.
   * Answers the email_logs row's id when one was written (emailLogId), so scheduled mail can link to it.
   */
  async send(mail: OutgoingMail): Promise<{ ok: boolean; error?: string; emailLogId?: number }> {
    // Subjects and display names are headers: one line, no markup, no links, whatever text reached them.
    mail = {
      ...mail,
      subject: headerText(mail.subject),
      toName: mail.toName ? headerText(mail.toName) : mail.toName,
    };
    const sent: SentMail = { ...mail, from: this.from, sentAt: new Date().toISOString() };
    let error: string | undefined;
    try {
      await this.transport.deliver(sent);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (mail.log === false) return error ? { ok: false, error } : { ok: true };
    const logged = await this.db
      .insert(emailLogs)
      .values({
        recipientEmail: mail.to,
        recipientName: mail.toName ?? null,
        subject: mail.subject,
        emailType: mail.type,
        status: error ? "failed" : "sent",
        userId: mail.userId ?? null,
        reservationId: mail.reservationId ?? null,
        errorMessage: error ?? null,
      })
      .returning({ id: emailLogs.id })
      .catch(() => []);
    const emailLogId = logged[0]?.id;
    return error ? { ok: false, error, emailLogId } : { ok: true, emailLogId };
  }
}
