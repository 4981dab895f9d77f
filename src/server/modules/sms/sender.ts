/**
 * Who carries a text: the outbox (the default: texts are recorded, never sent) or a real provider chosen by
 * SMS_PROVIDER (twilio.ts). textUser (send.ts) is the only caller; it decides whether a text may go at all.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export interface OutgoingSms {
  /** E.164, "+447700900123". */
  to: string;
  body: string;
  /** Where the provider reports delivery (our signed status webhook). */
  statusCallback: string;
}

export interface SmsSent {
  /** The provider's id of the message (Twilio's MessageSid); null in the outbox. */
  providerId: string | null;
  /** The provider's first status ("queued", "accepted"...); "sent" for the outbox. */
  status: string;
}

export interface SmsSender {
  /** Recorded as sms_messages.provider. */
  readonly kind: string;
  send(m: OutgoingSms): Promise<SmsSent>;
}

/** A refusal by the provider (bad number, unsubscribed recipient, no credit): recorded, never retried. */
export class SmsProviderError extends Error {
  /** The provider's error code ("21211"), kept in sms_messages.error_code. */
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = "SmsProviderError";
    this.code = code;
  }
}

export interface OutboxSms extends SmsSender {
  /** The latest texts (at most 200), for development and tests. */
  messages: Array<{ to: string; text: string; sentAt: string }>;
}

/** The default sender: each text is recorded in memory and, when given, as a JSON file in a folder. */
export function outboxSms(dir: string | null): OutboxSms {
  const messages: OutboxSms["messages"] = [];
  return {
    kind: "outbox",
    messages,
    async send({ to, body }) {
      const sentAt = new Date().toISOString();
      messages.push({ to, text: body, sentAt });
      if (messages.length > 200) messages.shift();
      if (dir) {
        await mkdir(dir, { recursive: true });
        const name = `sms-${sentAt.replaceAll(":", "-")}-${Math.random().toString(36).slice(2, 8)}.json`;
        await writeFile(
          path.join(dir, name),
          JSON.stringify({ to, text: body, sentAt, type: "sms" }, null, 2),
          {
            mode: 0o600,
          },
        );
      }
      return { providerId: null, status: "sent" };
    },
  };
}
