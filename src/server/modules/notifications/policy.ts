/**
 * Which messages a member receives, as ARCHITECTURE.md decides: service mail (verification, reset, billing,
 * reveal, confirmation requests) always goes; the e-mail switch stops optional notices (reminders, rating
 * requests); the marketing opt-out stops campaigns. Texts go only to members with a phone and SMS on.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { User } from "../../db/schema.ts";

export type MessageKind = "service" | "notice" | "marketing";

export function mayEmail(
  user: Pick<User, "emailNotifications" | "marketingOptOut" | "deletedAt">,
  kind: MessageKind,
): boolean {
  if (user.deletedAt) return false;
  if (kind === "service") return true;
  if (kind === "notice") return user.emailNotifications;
  return !user.marketingOptOut;
}

export function mayText(user: Pick<User, "smsNotifications" | "phone" | "deletedAt">): boolean {
  return !user.deletedAt && user.smsNotifications && !!user.phone;
}

export interface SmsSender {
  readonly kind: string;
  send(to: string, text: string): Promise<void>;
}

/** The default sender: each text is recorded in the outbox (memory and, when given, a folder), never sent. */
export function outboxSms(
  dir: string | null,
): SmsSender & { messages: Array<{ to: string; text: string; sentAt: string }> } {
  const messages: Array<{ to: string; text: string; sentAt: string }> = [];
  return {
    kind: "outbox",
    messages,
    async send(to, text) {
      const sentAt = new Date().toISOString();
      messages.push({ to, text, sentAt });
      if (messages.length > 200) messages.shift();
      if (!dir) return;
      await mkdir(dir, { recursive: true });
      const name = `sms-${sentAt.replaceAll(":", "-")}-${Math.random().toString(36).slice(2, 8)}.json`;
      await writeFile(path.join(dir, name), JSON.stringify({ to, text, sentAt, type: "sms" }, null, 2), {
        mode: 0o600,
      });
    },
  };
}
