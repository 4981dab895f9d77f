/**
 * The queue's items about booked dates: a date that now breaks a rule, its venue's silence, decline or other
 * time, a reschedule the couple asked for, and a plan holder whose payment failed with dates still booked.
 * One query per kind, each bounded (ATTENTION_KIND_CAP) and read soonest first.
 */
import { sql } from "drizzle-orm";
import { ATTENTION_KIND_CAP, type AttentionItem } from "../../../../shared/admin/attention.ts";
import { OVERRIDE_REASON_MAX } from "../../../../shared/admin/rulebook.ts";
import { REVEAL_WINDOW_HOURS } from "../../../../shared/constants.ts";
import { londonShortDay, londonTime } from "../../../../shared/london-time.ts";
import { PAYMENT_RETRIES } from "../../../../shared/payment-recovery.ts";
import {
  VENUE_ESCALATE_HOURS,
  VENUE_REASON_MAX,
  VENUE_REFERENCE_MAX,
} from "../../../../shared/venue-bookings.ts";
import type { Deps } from "../../../deps.ts";
import { BOOKED_STATUSES } from "../../couples/leaving.ts";

const HOUR = 3_600_000;
const booked = sql.raw(BOOKED_STATUSES.map((s) => `'${s}'`).join(", "));

interface DateRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  scheduled_date: Date | string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  venue_name: string | null;
  rule_problems: string[] | null;
  fix_proposal: { venueName?: string; ideaTitle?: string | null; scheduledDate?: string } | null;
  decline_reason: string | null;
  proposed_date: Date | string | null;
  proposed_note: string | null;
  escalated: boolean | null;
  ticket_body: string | null;
}

const nameOf = (r: Pick<DateRow, "first_name" | "last_name" | "email">) =>
  [r.first_name, r.last_name].filter(Boolean).join(" ").trim() || r.email;
const when = (at: Date) => `${londonShortDay(at)}, ${londonTime(at)}`;
const at = (v: Date | string) => new Date(v);
const minus = (d: Date, hours: number) => new Date(d.getTime() - hours * HOUR).toISOString();

/** "Alex Smith: Sat 5 Dec, 19:00 at The Ivy" */
function dateTitle(r: DateRow): string {
  return `${nameOf(r)}: ${when(at(r.scheduled_date))}${r.venue_name ? ` at ${r.venue_name}` : ""}`;
}

function subject(r: DateRow): AttentionItem["subject"] {
  return { type: "assignment", id: r.id, label: dateTitle(r) };
}

const base = (p: string) => `/api/admin/assignments/${p}`;
/** The member's page, where their dates (and this one's details) are worked on. */
const memberLink = (userId: number) => ({
  label: "Open the member's page",
  href: `/admin/members/${userId}`,
});
const cancelAction = (id: number) => ({
  id: "cancel",
  label: "Cancel the date",
  method: "PATCH" as const,
  path: base(`${id}/status`),
  body: { status: "cancelled" },
  confirm: "Cancel this date? The couple and the venue are told.",
});

/** The member's words of a reschedule request (its support ticket); read only where they are shown. */
const TICKET_BODY = sql`(select t.body from support_tickets t where t.reservation_id = r.id order by t.id desc limit 1)`;

/**
 * Columns and joins every date query shares (member, venue, the latest venue request); `withTicket` adds the
 * request's words.
 */
function dates(deps: Deps, where: ReturnType<typeof sql>, withTicket = false) {
  return deps.db.execute<DateRow>(sql`
    select r.id, r.user_id, r.scheduled_date, u.email, u.first_name, u.last_name, v.name as venue_name,
      r.rule_problems, r.fix_proposal, b.decline_reason, b.proposed_date, b.proposed_note,
      (b.escalated_at is not null) as escalated, ${withTicket ? TICKET_BODY : sql`null`} as ticket_body
    from date_reservations r
    join users u on u.id = r.user_id
    left join venues v on v.id = r.venue_id
    left join lateral (select * from venue_bookings vb where vb.reservation_id = r.id order by vb.id desc limit 1) b
      on true
    where r.scheduled_date > ${deps.now()} and r.status in (${booked}) and (${where})
    order by r.scheduled_date, r.id
    limit ${ATTENTION_KIND_CAP}
  `);
}

/** Dates that now break a rule: accept the engine's fix, or keep the date with a reason. */
export async function ruleBroken(deps: Deps): Promise<AttentionItem[]> {
  const { rows } = await dates(
    deps,
    sql`jsonb_typeof(r.rule_problems) = 'array' and jsonb_array_length(r.rule_problems) > 0`,
  );
  return rows.map((r) => {
    const fix = r.fix_proposal;
    const fixWords = fix?.venueName
      ? ` Proposed fix: ${fix.venueName}${fix.ideaTitle ? `, ${fix.ideaTitle}` : ""}${fix.scheduledDate ? ` (${when(at(fix.scheduledDate))})` : ""}.`
      : " No venue fits the same evening.";
    return {
      id: `rule_broken:${r.id}`,
      kind: "rule_broken",
      title: dateTitle(r),
      detail: `${(r.rule_problems ?? []).join("; ")}.${fixWords}`,
      dueAt: minus(at(r.scheduled_date), VENUE_ESCALATE_HOURS),
      subject: subject(r),
      actions: [
        ...(fix
          ? [
              {
                id: "accept-fix",
                label: "Accept fix",
                method: "POST" as const,
                path: base(`${r.id}/fix/accept`),
                body: {},
                primary: true,
              },
            ]
          : []),
        {
          id: "override",
          label: "Keep with reason",
          method: "POST" as const,
          path: base(`${r.id}/fix/override`),
          needsReason: true,
          reasonLabel: "Why the date stays as it is",
          reasonMax: OVERRIDE_REASON_MAX,
        },
      ],
      link: memberLink(r.user_id),
    };
  });
}

const confirmByPhone = (id: number, label = "Confirmed by phone") => ({
  id: "confirm",
  label,
  method: "POST" as const,
  path: base(`${id}/venue-booking/confirm`),
  needsReason: true,
  reasonField: "reference",
  reasonLabel: "The venue's booking reference (optional)",
  reasonOptional: true,
  reasonMax: VENUE_REFERENCE_MAX,
  primary: true,
});

/** Requests the venue has not answered: handed over (escalated) or with the date under 72 hours away. */
export async function venueUnconfirmed(deps: Deps): Promise<AttentionItem[]> {
  const soon = new Date(deps.now().getTime() + VENUE_ESCALATE_HOURS * HOUR);
  const { rows } = await dates(
    deps,
    sql`r.venue_status = 'requested' and (b.escalated_at is not null or r.scheduled_date <= ${soon})`,
  );
  return rows.map((r) => ({
    id: `venue_unconfirmed:${r.id}`,
    kind: "venue_unconfirmed",
    title: dateTitle(r),
    detail: `${r.venue_name ?? "The venue"} has not answered the booking request. Call them and record their answer.`,
    // The couple hears where they are going REVEAL_WINDOW_HOURS before: only once the venue has confirmed.
    dueAt: minus(at(r.scheduled_date), REVEAL_WINDOW_HOURS),
    subject: subject(r),
    actions: [
      confirmByPhone(r.id),
      {
        id: "decline",
        label: "Declined by phone",
        method: "POST" as const,
        path: base(`${r.id}/venue-booking/decline`),
        needsReason: true,
        reasonLabel: "Why the venue cannot take it",
        reasonMax: VENUE_REASON_MAX,
      },
    ],
    link: memberLink(r.user_id),
  }));
}

/** Declines the re-plan could not replace (escalated): another venue by hand, or the date cancelled. */
export async function venueDeclined(deps: Deps): Promise<AttentionItem[]> {
  const { rows } = await dates(
    deps,
    sql`r.venue_status = 'declined' and b.status = 'declined' and b.escalated_at is not null`,
  );
  return rows.map((r) => ({
    id: `venue_declined:${r.id}`,
    kind: "venue_declined",
    title: dateTitle(r),
    detail: `${r.venue_name ?? "The venue"} declined${r.decline_reason ? `: "${r.decline_reason}"` : ""}. No other venue fits the same evening: move it by hand or cancel it.`,
    dueAt: minus(at(r.scheduled_date), REVEAL_WINDOW_HOURS),
    subject: subject(r),
    actions: [confirmByPhone(r.id, "Venue can take it after all"), cancelAction(r.id)],
    link: memberLink(r.user_id),
  }));
}

/** The venue offered another time: accept it (the date moves there) or refuse it (re-planned). */
export async function venueProposed(deps: Deps): Promise<AttentionItem[]> {
  const { rows } = await dates(deps, sql`r.venue_status = 'proposed' and b.status = 'proposed'`);
  return rows.map((r) => {
    const proposed = r.proposed_date ? at(r.proposed_date) : null;
    const first = proposed && proposed < at(r.scheduled_date) ? proposed : at(r.scheduled_date);
    return {
      id: `venue_proposed:${r.id}`,
      kind: "venue_proposed",
      title: dateTitle(r),
      detail: `${r.venue_name ?? "The venue"} proposes ${proposed ? when(proposed) : "another time"}${r.proposed_note ? `: "${r.proposed_note}"` : ""}.`,
      dueAt: minus(first, REVEAL_WINDOW_HOURS),
      subject: subject(r),
      actions: [
        {
          id: "accept-time",
          label: "Accept the new time",
          method: "POST" as const,
          path: base(`${r.id}/venue-booking/proposal`),
          body: { accept: true },
          primary: true,
        },
        {
          id: "refuse-time",
          label: "Refuse and re-plan",
          method: "POST" as const,
          path: base(`${r.id}/venue-booking/proposal`),
          body: { accept: false },
        },
      ],
      link: memberLink(r.user_id),
    };
  });
}

/** A member asked to move a date (status reschedule_requested): keep it, or move it in Assignments. */
export async function rescheduleRequests(deps: Deps): Promise<AttentionItem[]> {
  const { rows } = await dates(deps, sql`r.status = 'reschedule_requested'`, true);
  return rows.map((r) => ({
    id: `reschedule_request:${r.id}`,
    kind: "reschedule_request",
    title: dateTitle(r),
    detail: `Asked to reschedule. Reason: ${r.ticket_body?.trim() || "none given"}`,
    dueAt: at(r.scheduled_date).toISOString(),
    subject: subject(r),
    actions: [
      {
        id: "keep",
        label: "Keep the date",
        method: "PATCH" as const,
        path: base(`${r.id}/status`),
        body: { status: "scheduled" },
      },
      cancelAction(r.id),
    ],
    link: { ...memberLink(r.user_id), label: "Move it from the member's page" },
  }));
}

interface PastDueRow extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  payment_retry_at: Date | string | null;
  payment_retries: number;
  next_id: number;
  next_date: Date | string;
  booked: number;
}

/**
 * Plan holders behind on a payment with dates still booked: the retry booked and the retries left, due the
 * sooner of the retry and the next reveal the payment holds (payments/recovery.ts, dates/payment-hold.ts).
 */
export async function paymentFailed(deps: Deps): Promise<AttentionItem[]> {
  const now = deps.now();
  const { rows } = await deps.db.execute<PastDueRow>(sql`
    select u.id, u.email, u.first_name, u.last_name, a.payment_retry_at, coalesce(a.payment_retries, 0) as payment_retries,
      d.next_id, d.next_date, d.booked
    from users u
    left join plan_accounts a on a.user_id = u.id
    join lateral (
      select (array_agg(r.id order by r.scheduled_date, r.id))[1] as next_id, min(r.scheduled_date) as next_date,
        count(*)::int as booked
      from date_reservations r
      where r.user_id in (u.id, u.partner_id) and r.scheduled_date > ${now} and r.status in (${booked})
    ) d on d.booked > 0
    where a.subscription_status = 'past_due' and u.deleted_at is null
    order by d.next_date, u.id
    limit ${ATTENTION_KIND_CAP}
  `);
  return rows.map((r) => {
    const name = nameOf(r);
    const next = at(r.next_date);
    const reveal = new Date(next.getTime() - REVEAL_WINDOW_HOURS * HOUR);
    const retry = r.payment_retry_at ? at(r.payment_retry_at) : null;
    const left = Math.max(0, PAYMENT_RETRIES - r.payment_retries);
    const retryWords = retry
      ? `Retry on ${when(retry)} (${left === 1 ? "the last retry" : `${left} retries left`}).`
      : left > 0 && r.payment_retries > 0
        ? `Retry ${r.payment_retries} is with the bank (${left === 1 ? "1 retry" : `${left} retries`} left after it).`
        : r.payment_retries > 0
          ? "The last retry is with the bank."
          : "No retry booked.";
    const dates = r.booked === 1 ? "1 date is" : `${r.booked} dates are`;
    const due = retry && retry < reveal ? retry : reveal;
    return {
      id: `payment_failed:${r.id}`,
      kind: "payment_failed",
      title: `${name}: payment failed`,
      detail: `The plan's last payment failed. ${retryWords} ${dates} still booked; the next is ${when(next)}, its reveal held from ${when(reveal)} until the payment goes through.`,
      dueAt: due.toISOString(),
      subject: { type: "member", id: r.id, label: name },
      actions: [{ ...cancelAction(r.next_id), label: "Cancel the next date" }],
      link: memberLink(r.id),
    };
  });
}
