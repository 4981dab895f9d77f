/**
 * Which messages a member receives, as ARCHITECTURE.md decides: service mail (verification, reset, billing,
 * reveal, confirmation requests) always goes; the e-mail switch stops optional notices (reminders, rating
 * requests); the marketing opt-out stops campaigns. Texts go only to members with a phone and SMS on
 * (and not after a STOP: sms/send.ts).
 */
import type { Db, Tx } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { type NotificationSwitches, readSwitches } from "./switches.ts";

export type MessageKind = "service" | "notice" | "marketing";

type EmailSwitches = Pick<NotificationSwitches, "emailNotifications" | "marketingOptOut">;

/** Service mail depends on nothing but the account being there, so a users row alone answers it. */
export function mayEmail(user: Pick<User, "deletedAt">, kind: "service"): boolean;
export function mayEmail(user: Pick<User, "deletedAt"> & EmailSwitches, kind: MessageKind): boolean;
export function mayEmail(user: Pick<User, "deletedAt"> & Partial<EmailSwitches>, kind: MessageKind): boolean {
  if (user.deletedAt) return false;
  if (kind === "service") return true;
  if (kind === "notice") return user.emailNotifications === true;
  return user.marketingOptOut === false;
}

/** mayEmail for a users row: reads the member's switches only when the kind of message depends on them. */
export async function mayEmailMember(
  db: Db | Tx,
  user: Pick<User, "id" | "deletedAt">,
  kind: MessageKind,
): Promise<boolean> {
  if (user.deletedAt) return false;
  if (kind === "service") return true;
  return mayEmail({ deletedAt: user.deletedAt, ...(await readSwitches(db, user.id)) }, kind);
}

export function mayText(
  user: Pick<User, "phone" | "deletedAt"> & Pick<NotificationSwitches, "smsNotifications">,
): boolean {
  return !user.deletedAt && user.smsNotifications && !!user.phone;
}
