/**
 * Every text goes through textUser: the member's switch and STOP first, then quiet hours, then a claim of the
 * message's once-only key (outbound_messages, as mail: two workers never text the same thing twice), then the
 * provider. Texts are best effort: a refusal is recorded (sms_messages, outbound_messages "abandoned") and
 * never retried, so a sweep goes on with its other members.
 */
import { eq } from "drizzle-orm";
import { smsApi } from "../../../shared/contract/sms.ts";
import { textableNumber } from "../../../shared/phone.ts";
import { fitSms, smsLength } from "../../../shared/sms-text.ts";
import { notificationSettings, outboundMessages, smsMessages, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { claimMail } from "../../jobs/outbound.ts";
import type { ChannelOutcome } from "../notifications/channels.ts";
import { mayText } from "../notifications/policy.ts";
import { isQuietHour } from "../notifications/quiet-hours.ts";
import { switchColumns, switchesOf } from "../notifications/switches.ts";
import { SmsProviderError, type SmsSent } from "./sender.ts";

/** Where Twilio reports delivery; signed like every request it makes to us. */
const SMS_STATUS_PATH = smsApi.status.path;

export interface TextMessage {
  /** The once-only key ("reveal-sms:12:34"); claimed only when the text really goes. */
  key: string;
  /** outbound_messages.kind and sms_messages.kind; always starts with "sms_" (the mail retry job skips these). */
  kind: string;
  reservationId?: number | null;
  /** The date the text is about: on its London day quiet hours do not apply. */
  dateAt?: Date | null;
  /** GSM characters within two segments; fitSms makes sure of it. */
  body: string;
}

/**
 * Texts a member once per key. "off": SMS off, STOP, no UK mobile, or a deleted account; "quiet": held by
 * quiet hours; neither claims the key, so a later sweep may still send it. "duplicate": already claimed.
 */
export async function textUser(
  deps: Deps,
  userId: number,
  m: { key: string; kind: string; reservationId?: number | null; dateAt?: Date | null; body: string },
): Promise<ChannelOutcome> {
  if (!m.kind.startsWith("sms_")) throw new Error(`A text's kind must start with "sms_" (got "${m.kind}")`);
  const [user] = await deps.db
    .select({
      phone: users.phone,
      smsNotifications: switchColumns.smsNotifications,
      smsStoppedAt: switchColumns.smsStoppedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .leftJoin(notificationSettings, switchesOf(users.id))
    .where(eq(users.id, userId));
  const to = user ? textableNumber(user.phone) : null;
  if (!user || !mayText(user) || user.smsStoppedAt || !to) return "off";
  const now = deps.now();
  if (isQuietHour(now, m.dateAt)) return "quiet";
  const claimId = await claimMail(deps.db, now, {
    key: m.key,
    kind: m.kind,
    userId,
    reservationId: m.reservationId ?? null,
  });
  if (claimId === null) return "duplicate";

  const body = fitSms(m.body);
  const row = { userId, to, body, segments: smsLength(body).segments, kind: m.kind, provider: deps.sms.kind };
  let sent: SmsSent;
  try {
    sent = await deps.sms.send({ to, body, statusCallback: `${deps.config.appUrl}${SMS_STATUS_PATH}` });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    await deps.db
      .insert(smsMessages)
      .values({ ...row, status: "failed", errorCode: e instanceof SmsProviderError ? e.code : null });
    await deps.db
      .update(outboundMessages)
      .set({ status: "abandoned", attempts: 1, lastError: message.slice(0, 500) })
      .where(eq(outboundMessages.id, claimId));
    return "failed";
  }
  await deps.db
    .insert(smsMessages)
    .values({ ...row, providerId: sent.providerId, status: sent.status.slice(0, 20) })
    .onConflictDoNothing();
  await deps.db
    .update(outboundMessages)
    .set({ status: "sent", sentAt: deps.now(), attempts: 1 })
    .where(eq(outboundMessages.id, claimId));
  return "sent";
}
