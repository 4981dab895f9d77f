/**
 * What Twilio tells us: delivery receipts (a message's status moves on) and replies (STOP and START). The
 * routes check the signature first (routes.ts); these only apply a verified request.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { toUkE164, ukNational } from "../../../shared/phone.ts";
import { notificationSettings, smsMessages, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { saveSwitchesOfAll } from "../notifications/switches.ts";

/** Twilio's message statuses in the order a message passes them; a late receipt never moves one back. */
const STATUS_RANK: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
  read: 5,
};

export const statusCallbackSchema = z.object({
  MessageSid: z.string().min(1).max(64),
  MessageStatus: z.enum(Object.keys(STATUS_RANK) as [string, ...string[]]),
  ErrorCode: z.string().max(20).optional(),
});

export const inboundSchema = z.object({
  From: z.string().min(1).max(32),
  Body: z.string().max(1600).default(""),
});

/** Carrier-standard opt-out and opt-in words (the whole reply, any case). */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);

const rankSql = sql.join(
  [
    sql`CASE ${smsMessages.status}`,
    ...Object.entries(STATUS_RANK).map(([s, r]) => sql`WHEN ${s} THEN ${r}`),
    sql`ELSE -1 END`,
  ],
  sql` `,
);

/** Applies a delivery receipt; true when it moved the message on (an unknown or older one changes nothing). */
export async function applyStatus(deps: Deps, r: z.output<typeof statusCallbackSchema>): Promise<boolean> {
  const rank = STATUS_RANK[r.MessageStatus];
  const changed = await deps.db
    .update(smsMessages)
    .set({
      status: r.MessageStatus,
      // Twilio sends ErrorCode 0 (or nothing) for a message that did not fail.
      ...(r.ErrorCode && r.ErrorCode !== "0" && { errorCode: r.ErrorCode }),
      updatedAt: deps.now(),
    })
    .where(and(eq(smsMessages.providerId, r.MessageSid), sql`${rankSql} < ${rank}`))
    .returning({ id: smsMessages.id });
  return changed.length > 0;
}

export type ReplyOutcome = "stopped" | "started" | "ignored";

/** The ways a stored phone may spell the number a reply came from (older rows were saved as typed). */
function spellings(from: string): string[] {
  const e164 = toUkE164(from) ?? from.replace(/[^\d+]/g, "");
  const national = ukNational(e164);
  const out = new Set([e164, e164.replace(/^\+/, ""), e164.replace(/^\+/, "00")]);
  if (national) {
    out.add(national);
    out.add(`+440${national.slice(1)}`);
  }
  return [...out];
}

/** STOP opts out every member with that number; START/UNSTOP opts back in those a STOP opted out. */
export async function applyReply(deps: Deps, r: z.output<typeof inboundSchema>): Promise<ReplyOutcome> {
  const word = r.Body.trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  const stop = STOP_WORDS.has(word);
  if (!stop && !START_WORDS.has(word)) return "ignored";
  const samePhone = sql`regexp_replace(${users.phone}, '[^0-9+]', '', 'g') IN ${spellings(r.From)}`;
  const members = deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(samePhone, isNull(users.deletedAt)));
  if (stop) {
    const ids = (await members).map((m) => m.id);
    await saveSwitchesOfAll(deps.db, ids, { smsNotifications: false, smsStoppedAt: deps.now() });
    return "stopped";
  }
  await deps.db
    .update(notificationSettings)
    .set({ smsNotifications: true, smsStoppedAt: null })
    .where(and(inArray(notificationSettings.userId, members), isNotNull(notificationSettings.smsStoppedAt)));
  return "started";
}
