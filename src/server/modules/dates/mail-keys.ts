/**
 * How a date's scheduled messages are named in outbound_messages: their kind, and their once-only key per
 * date, recipient and mail round. The date sweeps (jobs/dates.ts) send by these; the back office
 * (admin/assignments/status.ts) reads them back to tell what a couple has been told.
 */
import { sql } from "drizzle-orm";

/** outbound_messages.kind of each message (also how a retry finds its builder). */
export const DATE_MAIL_KINDS = {
  hold: "date_hold",
  reveal: "date_reveal",
  cancelled: "date_cancelled",
  holdCancel: "date_hold_cancel",
  rating: "date_rating",
  revealSms: "sms_reveal",
} as const;

/**
 * A date's mail round (date_reservations.mail_round): how many times it was put back after its cancellation
 * went out. Each round's hold, reveal, text and cancellations have keys of their own, so a reinstated date is
 * held, revealed and (if cancelled again) withdrawn afresh; round 0 keeps the keys it always had.
 */
const seg = (round: number) => (round > 0 ? `:r${round}` : "");
/** The same as SQL, from a mail_round column (`rc.mail_round`). */
export const segSql = (col: ReturnType<typeof sql>) =>
  sql`(CASE WHEN ${col} > 0 THEN ':r' || ${col} ELSE '' END)`;

export const dateKeys = {
  hold: (dateId: number, userId: number, at: Date, round = 0) =>
    `hold:${dateId}:${userId}${seg(round)}:${at.toISOString()}`,
  reveal: (dateId: number, userId: number, round = 0) => `reveal:${dateId}:${userId}${seg(round)}`,
  cancelled: (dateId: number, userId: number, round = 0) => `cancel:${dateId}:${userId}${seg(round)}`,
  holdCancel: (dateId: number, userId: number, round = 0) => `hold-cancel:${dateId}:${userId}${seg(round)}`,
  rating: (dateId: number, userId: number) => `rate:${dateId}:${userId}`,
  revealSms: (dateId: number, userId: number, round = 0) => `reveal-sms:${dateId}:${userId}${seg(round)}`,
};

/** The round a date mail's key belongs to (0: no round segment). */
export function roundOfKey(key: string): number {
  const m = /:r(\d+)(?::|$)/.exec(key);
  return m ? Number(m[1]) : 0;
}
