/**
 * The date pushes (modules/push/date-pushes.ts says what each says), to each partner of the couple with
 * their own devices and push switch: at the reveal, a reminder to confirm before the deadline, and on the
 * day. A sweep like the date sweeps (dates.ts): it finds who lacks each push now and sends through
 * pushToUser, which claims the key once across workers and holds a push in quiet hours (left unclaimed, so
 * the next sweep after 08:00 sends it). Nothing is pushed before the reveal, and a date whose mail is held
 * for an undo window waits, as its e-mails do.
 */

import { sql } from "drizzle-orm";
import { POLICY, REVEAL_WINDOW_HOURS } from "../../shared/constants.ts";
import type { Deps } from "../deps.ts";
import { segSql } from "../modules/dates/mail-keys.ts";
import { paymentHeldSql } from "../modules/dates/payment-hold.ts";
import { loadDateForMail } from "../modules/email/date-mails.ts";
import type { ChannelOutcome } from "../modules/notifications/channels.ts";
import { switchColumns } from "../modules/notifications/switches.ts";
import {
  CONFIRM_REMINDER_HOURS,
  confirmPush,
  DATE_PUSH_KINDS,
  datePushKeys,
  revealPush,
  TONIGHT_PUSH_HOURS_BEFORE,
  tonightPush,
} from "../modules/push/date-pushes.ts";
import { pushToUser } from "../modules/push/send.ts";
import type { JobDefinition } from "./types.ts";

const HOUR = 3_600_000;
/** Recipients a sweep takes on per kind and run; the next run (a minute later) takes the rest. */
const BATCH = 500;

interface Recipient {
  res_id: number;
  user_id: number;
  scheduled_date: Date;
  mail_round: number;
}

/**
 * The couple of each date `due` selects (owner, and a mutually linked partner), who can get pushes (not
 * deleted, switch on, a device) and have no message under the key `keyExpr` builds yet.
 */
async function lacking(deps: Deps, due: ReturnType<typeof sql>, keyExpr: ReturnType<typeof sql>) {
  const res = await deps.db.execute<Recipient & Record<string, unknown>>(sql`
    WITH due AS (${due}),
    rc AS (
      SELECT d.id AS res_id, o.id AS user_id, d.scheduled_date, d.mail_round
        FROM due d JOIN users o ON o.id = d.user_id
      UNION ALL
      SELECT d.id, p.id, d.scheduled_date, d.mail_round
        FROM due d JOIN users o ON o.id = d.user_id
        JOIN users p ON p.id = o.partner_id AND p.partner_id = o.id
    )
    SELECT rc.res_id, rc.user_id, rc.scheduled_date, rc.mail_round FROM rc JOIN users u ON u.id = rc.user_id
      LEFT JOIN notification_settings ON notification_settings.user_id = u.id
     WHERE u.deleted_at IS NULL AND ${switchColumns.pushNotifications}
       AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = rc.user_id)
       AND NOT EXISTS (SELECT 1 FROM outbound_messages m WHERE m.key = ${keyExpr})
     ORDER BY rc.res_id, rc.user_id
     LIMIT ${BATCH}`);
  return res.rows.map((r) => ({ ...r, scheduled_date: new Date(r.scheduled_date) }));
}

const keyOf = (prefix: string, withTime = false) => {
  const base = sql`${prefix} || ':' || rc.res_id || ':' || rc.user_id || ${segSql(sql`rc.mail_round`)}`;
  return withTime
    ? sql`${base} || ':' || to_char(rc.scheduled_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : base;
};

const notHeld = (now: Date) => sql`(mail_hold_until IS NULL OR mail_hold_until <= ${now})`;

type Kind = keyof typeof DATE_PUSH_KINDS;

/** Sends one kind to everyone lacking it; answers how many pushes went. */
async function sweep(deps: Deps, kind: Kind, due: ReturnType<typeof sql>): Promise<number> {
  const rows = await lacking(deps, due, keyOf(`push-${kind}`, kind === "tonight"));
  let sent = 0;
  for (const r of rows) {
    const date = await loadDateForMail(deps, r.res_id);
    if (!date) continue;
    const key =
      kind === "tonight"
        ? datePushKeys.tonight(r.res_id, r.user_id, r.scheduled_date, r.mail_round)
        : datePushKeys[kind](r.res_id, r.user_id, r.mail_round);
    const message =
      kind === "reveal" ? revealPush(date) : kind === "confirm" ? confirmPush(date) : tonightPush(date);
    const outcome: ChannelOutcome = await pushToUser(deps, r.user_id, {
      key,
      kind: DATE_PUSH_KINDS[kind],
      reservationId: r.res_id,
      dateAt: date.scheduledDate,
      message,
    });
    if (outcome === "sent") sent++;
  }
  return sent;
}

/** Every date push due at deps.now(). */
export async function sendDatePushes(deps: Deps): Promise<number> {
  const now = deps.now();
  const revealEnd = new Date(now.getTime() + REVEAL_WINDOW_HOURS * HOUR);
  const deadlineHours = POLICY.confirmHoursBefore;
  const select = sql`SELECT id, user_id, scheduled_date, mail_round FROM date_reservations`;
  let sent = await sweep(
    deps,
    "reveal",
    sql`${select} WHERE status IN ('revealed', 'confirmed') AND venue_status = 'confirmed'
          AND scheduled_date > ${now} AND scheduled_date <= ${revealEnd} AND ${notHeld(now)}`,
  );
  // Unconfirmed by the couple, from CONFIRM_REMINDER_HOURS before the deadline until the deadline itself. Every
  // push here is for a date whose venue has confirmed: a held date ("final touches") is neither revealed nor
  // ready to confirm.
  sent += await sweep(
    deps,
    "confirm",
    sql`${select} WHERE status IN ('scheduled', 'revealed') AND venue_status = 'confirmed'
          AND NOT ${paymentHeldSql(sql.raw("user_id"))}
          AND scheduled_date > ${new Date(now.getTime() + deadlineHours * HOUR)}
          AND scheduled_date <= ${new Date(now.getTime() + (deadlineHours + CONFIRM_REMINDER_HOURS) * HOUR)}
          AND ${notHeld(now)}`,
  );
  // On the date's own London day, from TONIGHT_PUSH_HOURS_BEFORE hours before until it starts.
  sent += await sweep(
    deps,
    "tonight",
    sql`${select} WHERE status IN ('revealed', 'confirmed') AND venue_status = 'confirmed'
          AND scheduled_date > ${now}
          AND scheduled_date <= ${new Date(now.getTime() + TONIGHT_PUSH_HOURS_BEFORE * HOUR)}
          AND (scheduled_date AT TIME ZONE 'Europe/London')::date = (${now}::timestamptz AT TIME ZONE 'Europe/London')::date
          AND ${notHeld(now)}`,
  );
  return sent;
}

export const datePushJob: JobDefinition = { name: "date-pushes", cron: "* * * * *", run: sendDatePushes };
