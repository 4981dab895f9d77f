/**
 * A date's life, driven by deps.now(). Each sweep does what is due and is safe to run twice
 * or from two instances at once: status changes are conditional UPDATEs, and every message is claimed by its
 * key before it goes (outbound.ts), so each recipient gets it once.
 *
 *  - holds: a planned, not cancelled date (more than 48 hours away) -> "save the evening" with a time-only .ics, once per
 *    recipient and scheduled time (a moved date gets a new hold);
 *  - reveals: 48 hours before, scheduled -> revealed, then the reveal e-mail (and a text when allowed);
 *  - cancellations: 24 hours before, a date nobody confirmed -> cancelled, the month's date given back, the
 *    couple told; any other cancelled date whose hold went out -> a calendar cancellation;
 *  - completions: once the date is over, revealed/confirmed -> completed and a request to rate it.
 *
 * A date whose mail is held (date_reservations.mail_hold_until ahead: the undo window of a back-office change,
 * admin/assignments/undo.ts) is left alone by the holds, reveals and cancellations until the window ends, so an
 * undone change is never e-mailed; the next sweep after the window sends what is then due.
 *
 * The rulebook (rulebook/check.ts) is not asked here: no sweep books a date or moves its time. Each
 * only walks a booked date along the status machine when its time says so (revealed inside the 48 hours,
 * completed once over) or cancels it, and a cancellation frees the couple's evening and allowance, so none of
 * them can make a date break a hard rule.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { POLICY, REVEAL_WINDOW_HOURS } from "../../shared/constants.ts";
import type { Tx } from "../db/client.ts";
import { dateReservations, outboundMessages } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { readCouple } from "../modules/couples/couple.ts";
import { DATE_MAIL_KINDS, dateKeys, segSql } from "../modules/dates/mail-keys.ts";
import { paymentHeldSql } from "../modules/dates/payment-hold.ts";
import {
  DATE_MAIL_TYPES,
  type DateForMail,
  holdCancelMail,
  holdMail,
  loadDateForMail,
  mayReceive,
  ratingMail,
  recipientFor,
  revealMail,
  unconfirmedCancelMail,
} from "../modules/email/date-mails.ts";
import type { OutgoingMail } from "../modules/email/mailer.ts";
import { switchColumns } from "../modules/notifications/switches.ts";
import { returnQuota } from "../modules/quota/quota.ts";
import { revealText } from "../modules/sms/messages.ts";
import { textUser } from "../modules/sms/send.ts";
import { claimMail, deliverClaimed, registerMailBuilder, sendClaimed } from "./outbound.ts";
import type { JobDefinition } from "./types.ts";

const HOUR = 3_600_000;

/** SQL: the date's mail is not held for an undo window at `now` (the columns of date_reservations, unqualified). */
const notHeld = (now: Date) => sql`(mail_hold_until IS NULL OR mail_hold_until <= ${now})`;
/** Dates a sweep takes on per run; the next run (a minute later) takes the rest. */
const BATCH = 500;

// ---------------------------------------------------------------------------------------------------------
// Builders: what each message says now, or null when it no longer applies (marked skipped).

type Builder = (deps: Deps, dateId: number, userId: number, key: string) => Promise<OutgoingMail | null>;

async function buildWith(
  deps: Deps,
  dateId: number,
  userId: number,
  kind: "service" | "notice",
  fn: (u: NonNullable<Awaited<ReturnType<typeof recipientFor>>>, d: DateForMail) => OutgoingMail | null,
): Promise<OutgoingMail | null> {
  const date = await loadDateForMail(deps, dateId);
  if (!date) return null;
  const u = await recipientFor(deps, date, userId);
  if (!u || !(await mayReceive(deps, u, kind))) return null;
  return fn(u, date);
}

const inRevealWindow = (d: DateForMail, now: Date) =>
  d.scheduledDate.getTime() - now.getTime() <= REVEAL_WINDOW_HOURS * HOUR;

const builders: Record<Exclude<keyof typeof DATE_MAIL_KINDS, "revealSms">, Builder> = {
  // Only while the date is still planned for the time the hold names and is not yet revealed (a hold after the
  // reveal would take the details out of the calendar again).
  hold: async (deps, dateId, userId, key) => {
    const now = deps.now();
    return buildWith(deps, dateId, userId, "service", (u, date) =>
      ["scheduled", "revealed", "confirmed"].includes(date.status) &&
      key.endsWith(`:${date.scheduledDate.toISOString()}`) &&
      date.scheduledDate > now &&
      !inRevealWindow(date, now)
        ? holdMail(deps, u, date, now)
        : null,
    );
  },
  reveal: async (deps, dateId, userId, _key) => {
    const now = deps.now();
    return buildWith(deps, dateId, userId, "service", (u, date) =>
      (date.status === "revealed" || date.status === "confirmed") &&
      date.venueConfirmed &&
      date.scheduledDate > now &&
      inRevealWindow(date, now)
        ? revealMail(deps, u, date, now)
        : null,
    );
  },
  cancelled: async (deps, dateId, userId, _key) => {
    const now = deps.now();
    return buildWith(deps, dateId, userId, "service", (u, date) =>
      date.status === "cancelled" && date.scheduledDate > now
        ? unconfirmedCancelMail(deps, u, date, now)
        : null,
    );
  },
  holdCancel: async (deps, dateId, userId, _key) => {
    const now = deps.now();
    return buildWith(deps, dateId, userId, "service", (u, date) =>
      date.status === "cancelled" && date.scheduledDate > now ? holdCancelMail(deps, u, date, now) : null,
    );
  },
  rating: async (deps, dateId, userId, _key) =>
    buildWith(deps, dateId, userId, "notice", (u, date) =>
      date.status === "completed" && date.scheduledDate <= deps.now() ? ratingMail(deps, u, date) : null,
    ),
};

/** The builder of a kind as the claim and the retry job both use it. */
function buildFor(kind: keyof typeof builders, deps: Deps, dateId: number, userId: number, key: string) {
  return () => builders[kind](deps, dateId, userId, key);
}

for (const kind of Object.keys(builders) as Array<keyof typeof builders>) {
  registerMailBuilder(DATE_MAIL_KINDS[kind], (row, deps) =>
    row.reservationId === null || row.userId === null
      ? Promise.resolve(null)
      : builders[kind](deps, row.reservationId, row.userId, row.key),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Who is told: the date's owner and their mutually linked partner, without deleted accounts.

interface Recipient {
  res_id: number;
  user_id: number;
  scheduled_date: Date;
  mail_round: number;
}

/**
 * Recipients of the dates `due` selects (columns id, user_id, scheduled_date, mail_round) who have no outbound
 * message under the key made from (res_id, user_id, the round, scheduled_date) yet (dateKeys).
 */
async function recipientsLacking(
  deps: Deps,
  due: ReturnType<typeof sql>,
  keyPrefix: string,
  withTime = false,
  extra: ReturnType<typeof sql> = sql`true`,
): Promise<Recipient[]> {
  const round = segSql(sql`rc.mail_round`);
  const keyExpr = withTime
    ? sql`${keyPrefix} || ':' || rc.res_id || ':' || rc.user_id || ${round} || ':' || to_char(rc.scheduled_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`${keyPrefix} || ':' || rc.res_id || ':' || rc.user_id || ${round}`;
  const res = await deps.db.execute<Recipient & Record<string, unknown>>(sql`
    WITH due AS (${due}),
    rc AS (
      SELECT d.id AS res_id, o.id AS user_id, d.scheduled_date, d.mail_round
        FROM due d JOIN users o ON o.id = d.user_id
       WHERE o.deleted_at IS NULL
      UNION ALL
      SELECT d.id, p.id, d.scheduled_date, d.mail_round
        FROM due d JOIN users o ON o.id = d.user_id
        JOIN users p ON p.id = o.partner_id AND p.partner_id = o.id
       WHERE p.deleted_at IS NULL
    )
    SELECT rc.res_id, rc.user_id, rc.scheduled_date, rc.mail_round FROM rc
     WHERE NOT EXISTS (SELECT 1 FROM outbound_messages m WHERE m.key = ${keyExpr})
       AND ${extra}
     ORDER BY rc.res_id, rc.user_id
     LIMIT ${BATCH}`);
  return res.rows.map((r) => ({ ...r, scheduled_date: new Date(r.scheduled_date) }));
}

/** The couple of a date's owner (owner first), without deleted accounts; inside a transaction. */
async function coupleOf(db: Pick<Deps["db"], "execute">, ownerId: number): Promise<number[]> {
  const res = await db.execute<{ id: number } & Record<string, unknown>>(sql`
    SELECT o.id FROM users o WHERE o.id = ${ownerId} AND o.deleted_at IS NULL
    UNION ALL
    SELECT p.id FROM users o JOIN users p ON p.id = o.partner_id AND p.partner_id = o.id
     WHERE o.id = ${ownerId} AND p.deleted_at IS NULL`);
  return res.rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------------
// The sweeps.

/** "Save the evening" for every planned date more than 48 hours away that the couple has no hold for yet. */
export async function sendDateHolds(deps: Deps): Promise<number> {
  const now = deps.now();
  const revealFrom = new Date(now.getTime() + REVEAL_WINDOW_HOURS * HOUR);
  const rows = await recipientsLacking(
    deps,
    sql`SELECT id, user_id, scheduled_date, mail_round FROM date_reservations
         WHERE status IN ('scheduled', 'revealed', 'confirmed') AND scheduled_date > ${revealFrom}
           AND ${notHeld(now)}`,
    "hold",
    true,
  );
  let sent = 0;
  for (const r of rows) {
    const key = dateKeys.hold(r.res_id, r.user_id, r.scheduled_date, r.mail_round);
    const outcome = await sendClaimed(deps, {
      key,
      kind: DATE_MAIL_KINDS.hold,
      userId: r.user_id,
      reservationId: r.res_id,
      build: buildFor("hold", deps, r.res_id, r.user_id, key),
    });
    if (outcome !== "duplicate") sent++;
  }
  return sent;
}

/**
 * 48 hours before: scheduled -> revealed (revealedAt set), then the reveal e-mail to each of the couple who
 * has not had it (also for dates an admin marked revealed or confirmed), and a text to those who allow texts.
 */
export async function revealDates(deps: Deps): Promise<number> {
  const now = deps.now();
  const windowEnd = new Date(now.getTime() + REVEAL_WINDOW_HOURS * HOUR);
  const revealed = await deps.db
    .update(dateReservations)
    .set({ status: "revealed", revealedAt: sql`coalesce(${dateReservations.revealedAt}, ${now})` })
    .where(
      and(
        eq(dateReservations.status, "scheduled"),
        // Never an unconfirmed venue: the date is held until its venue confirms (or it is re-planned).
        eq(dateReservations.venueStatus, "confirmed"),
        // Nor while the couple's payment is being recovered: the reveal follows the payment.
        sql`NOT ${paymentHeldSql(sql`${dateReservations.userId}`)}`,
        sql`${dateReservations.scheduledDate} > ${now}`,
        sql`${dateReservations.scheduledDate} <= ${windowEnd}`,
        notHeld(now),
      ),
    )
    .returning({ id: dateReservations.id });
  const due = sql`SELECT id, user_id, scheduled_date, mail_round FROM date_reservations
                   WHERE status IN ('revealed', 'confirmed') AND venue_status = 'confirmed'
                     AND scheduled_date > ${now} AND scheduled_date <= ${windowEnd} AND ${notHeld(now)}`;
  const rows = await recipientsLacking(deps, due, "reveal");
  let handled = revealed.length;
  for (const r of rows) {
    const key = dateKeys.reveal(r.res_id, r.user_id, r.mail_round);
    const outcome = await sendClaimed(deps, {
      key,
      kind: DATE_MAIL_KINDS.reveal,
      userId: r.user_id,
      reservationId: r.res_id,
      build: buildFor("reveal", deps, r.res_id, r.user_id, key),
    });
    if (outcome !== "duplicate") handled++;
  }
  const texts = await recipientsLacking(
    deps,
    due,
    "reveal-sms",
    false,
    sql`EXISTS (SELECT 1 FROM users u LEFT JOIN notification_settings ON notification_settings.user_id = u.id
                 WHERE u.id = rc.user_id AND ${switchColumns.smsNotifications} AND ${switchColumns.smsStoppedAt} IS NULL
                   AND u.phone IS NOT NULL AND u.phone <> '')`,
  );
  for (const r of texts) handled += await sendRevealText(deps, r.res_id, r.user_id, r.mail_round);
  return handled;
}

/**
 * The reveal by text (sms/send.ts: claimed like mail, never twice, best effort). Quiet hours leave it for the
 * first sweep after 08:00; a member who cannot be texted (SMS off, STOP, no mobile) gets a skipped claim so
 * the sweep stops asking.
 */
async function sendRevealText(deps: Deps, dateId: number, userId: number, round: number): Promise<number> {
  const key = dateKeys.revealSms(dateId, userId, round);
  const date = await loadDateForMail(deps, dateId);
  const u = date ? await recipientFor(deps, date, userId) : null;
  const outcome =
    date && u
      ? await textUser(deps, userId, {
          key,
          kind: DATE_MAIL_KINDS.revealSms,
          reservationId: dateId,
          dateAt: date.scheduledDate,
          body: revealText(deps.config.appUrl, date),
        })
      : "off";
  if (outcome === "off") {
    const id = await claimMail(deps.db, deps.now(), {
      key,
      kind: DATE_MAIL_KINDS.revealSms,
      userId,
      reservationId: dateId,
    });
    if (id !== null)
      await deps.db.update(outboundMessages).set({ status: "skipped" }).where(eq(outboundMessages.id, id));
  }
  return outcome === "sent" || outcome === "failed" || outcome === "off" ? 1 : 0;
}

/**
 * 24 hours before: a date still scheduled or revealed (nobody confirmed it) is cancelled, its month's date
 * given back, and the couple told, with the calendar cancellation. The change and the claims of the messages
 * commit together. A date booked less than 24 hours ahead (the couple never had the chance to confirm) is
 * left alone, and so is one whose venue has not confirmed (it was never revealed; it is escalated to the
 * operators instead, venue-bookings/requests.ts). Then a calendar cancellation for any other cancelled future date whose hold went out.
 */
export async function cancelUnconfirmedDates(deps: Deps): Promise<number> {
  const now = deps.now();
  const deadline = new Date(now.getTime() + POLICY.confirmHoursBefore * HOUR);
  const due = await deps.db.execute<{ id: number } & Record<string, unknown>>(sql`
    SELECT id FROM date_reservations
     WHERE status IN ('scheduled', 'revealed') AND scheduled_date <= ${deadline} AND ${notHeld(now)}
       AND venue_status = 'confirmed'
       AND NOT (created_at > scheduled_date - make_interval(hours => ${POLICY.confirmHoursBefore})
                AND created_at <= ${now})
       -- Held for the couple's payment (never revealed, so never confirmable), or revealed only after the
       -- confirmation deadline once the payment came in: the couple keeps the evening.
       AND NOT ${paymentHeldSql(sql.raw("user_id"))}
       AND NOT (revealed_at IS NOT NULL
                AND revealed_at > scheduled_date - make_interval(hours => ${POLICY.confirmHoursBefore}))
     ORDER BY id LIMIT ${BATCH}`);
  let handled = 0;
  for (const { id } of due.rows) {
    const claims = await deps.db.transaction(async (tx: Tx) => {
      const [r] = await tx
        .update(dateReservations)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(dateReservations.id, id),
            inArray(dateReservations.status, ["scheduled", "revealed"]),
            // A date held for its venue (never revealed, so never confirmable) is the operators' to settle.
            eq(dateReservations.venueStatus, "confirmed"),
            notHeld(now),
          ),
        )
        .returning({
          userId: dateReservations.userId,
          scheduledDate: dateReservations.scheduledDate,
          mailRound: dateReservations.mailRound,
        });
      if (!r) return [];
      // Back to the couple's allowance (the plan holder's), whichever partner the date was for.
      const couple = await readCouple(tx, r.userId);
      await returnQuota(tx, couple?.allowanceOwner.id ?? r.userId, r.scheduledDate);
      const out: Array<{ claimId: number; userId: number; key: string }> = [];
      for (const userId of await coupleOf(tx, r.userId)) {
        const key = dateKeys.cancelled(id, userId, r.mailRound);
        const claimId = await claimMail(tx, now, {
          key,
          kind: DATE_MAIL_KINDS.cancelled,
          userId,
          reservationId: id,
        });
        if (claimId !== null) out.push({ claimId, userId, key });
      }
      handled++;
      return out;
    });
    for (const c of claims)
      await deliverClaimed(deps, c.claimId, now, buildFor("cancelled", deps, id, c.userId, c.key));
  }

  // Other cancellations (by an admin, or a member's plan ending): the date in their calendar (from the hold or
  // the reveal, one UID) is withdrawn.
  const rows = await recipientsLacking(
    deps,
    sql`SELECT id, user_id, scheduled_date, mail_round FROM date_reservations
         WHERE status = 'cancelled' AND scheduled_date > ${now} AND ${notHeld(now)}`,
    "hold-cancel",
    false,
    // A hold or reveal of this round went out (a round's keys carry ':rN' right after the user id), and the
    // round's "we cancelled it" mail (which carries its own calendar cancellation) did not.
    sql`EXISTS (SELECT 1 FROM outbound_messages h
                 WHERE h.reservation_id = rc.res_id AND h.user_id = rc.user_id
                   AND h.kind IN (${DATE_MAIL_KINDS.hold}, ${DATE_MAIL_KINDS.reveal}) AND h.status = 'sent'
                   AND h.key ~ ('^(hold|reveal):' || rc.res_id || ':' || rc.user_id || ${segSql(sql`rc.mail_round`)} || '(:[0-9]|$)'))
        AND NOT EXISTS (SELECT 1 FROM outbound_messages c
                 WHERE c.key = 'cancel:' || rc.res_id || ':' || rc.user_id || ${segSql(sql`rc.mail_round`)})`,
  );
  for (const r of rows) {
    const key = dateKeys.holdCancel(r.res_id, r.user_id, r.mail_round);
    const outcome = await sendClaimed(deps, {
      key,
      kind: DATE_MAIL_KINDS.holdCancel,
      userId: r.user_id,
      reservationId: r.res_id,
      build: buildFor("holdCancel", deps, r.res_id, r.user_id, key),
    });
    if (outcome !== "duplicate") handled++;
  }
  return handled;
}

/**
 * Once a date is over (its time plus the idea's duration): revealed or confirmed -> completed, and a request to
 * rate it (a notice: the e-mail switch stops it). The change and the claims commit together. A no-show (the
 * couple or the venue said nobody came, decision 0073) is never completed or asked for a rating: only revealed
 * and confirmed dates are taken, and the rating mail is built only for a completed date.
 */
export async function completeDates(deps: Deps): Promise<number> {
  const now = deps.now();
  const claims = await deps.db.transaction(async (tx: Tx) => {
    const done = await tx.execute<{ id: number; user_id: number } & Record<string, unknown>>(sql`
      UPDATE date_reservations r SET status = 'completed'
       WHERE r.id IN (
         SELECT r2.id FROM date_reservations r2 LEFT JOIN date_ideas i ON i.id = r2.date_idea_id
          WHERE r2.status IN ('revealed', 'confirmed')
            AND r2.scheduled_date + make_interval(hours => coalesce(i.duration, 2)) <= ${now}
          ORDER BY r2.id LIMIT ${BATCH}
          FOR UPDATE OF r2 SKIP LOCKED)
         AND r.status IN ('revealed', 'confirmed')
      RETURNING r.id, r.user_id`);
    const out: Array<{ claimId: number; dateId: number; userId: number; key: string }> = [];
    for (const r of done.rows) {
      for (const userId of await coupleOf(tx, r.user_id)) {
        const key = dateKeys.rating(r.id, userId);
        const claimId = await claimMail(tx, now, {
          key,
          kind: DATE_MAIL_KINDS.rating,
          userId,
          reservationId: r.id,
        });
        if (claimId !== null) out.push({ claimId, dateId: r.id, userId, key });
      }
    }
    return { count: done.rows.length, out };
  });
  for (const c of claims.out)
    await deliverClaimed(deps, c.claimId, now, buildFor("rating", deps, c.dateId, c.userId, c.key));
  return claims.count;
}

export const dateJobs: JobDefinition[] = [
  // Cancellations first: a date past its confirmation deadline is not revealed on the way.
  { name: "date-cancellations", cron: "* * * * *", run: cancelUnconfirmedDates },
  { name: "date-completions", cron: "*/5 * * * *", run: completeDates },
  { name: "date-reveals", cron: "* * * * *", run: revealDates },
  { name: "date-holds", cron: "*/5 * * * *", run: sendDateHolds },
];

export { DATE_MAIL_TYPES };
