/**
 * Which messages a member receives, as ARCHITECTURE.md decides: service mail (verification, reset, billing,
 * reveal, confirmation requests) always goes; the e-mail switch stops optional notices (reminders, rating
 * requests); the marketing opt-out stops campaigns. Texts go only to members with a phone and SMS on
 * (and not after a STOP: sms/send.ts).
 */
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
