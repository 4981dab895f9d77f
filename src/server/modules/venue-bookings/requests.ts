/**
 * The venue is asked, and hears of every change: a sweep (every minute, safe to run twice or from two
 * instances) that
 *  - sends a booking request for every date booked on any path (Assign, Auto Assign, Plan {Month}, Create
 *    Booking, a move, a re-plan) once its undo window has passed: the date's venue_status goes pending ->
 *    requested and a venue_bookings row holds the request and the hash of its single-use link;
 *  - reminds once an unanswered request after VENUE_REMINDER_HOURS, with a fresh link;
 *  - hands to the operators (escalated_at) a request still unanswered as long again after the reminder, or any
 *    date not confirmed VENUE_ESCALATE_HOURS before it;
 *  - hands a date at a venue with no booking e-mail (booked by an override) to the operators at once;
 *  - tells the venue of a cancellation (any path: the member, the operators, non-confirmation, a failed
 *    payment, an account deleted) or a move away from it, with its reference;
 *  - re-plans a declined date on the same evening at another venue that passes every rule (replan.ts), or
 *    leaves it for an operator.
 * Every message is claimed by its key first (jobs/outbound.ts), so each goes once.
 */
import { and, eq, sql } from "drizzle-orm";
import { VENUE_ESCALATE_HOURS, VENUE_REMINDER_HOURS } from "../../../shared/venue-bookings.ts";
import { dateReservations, venueBookings, venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { claimMail, deliverClaimed, registerMailBuilder } from "../../jobs/outbound.ts";
import type { JobDefinition } from "../../jobs/types.ts";
import { loadBookingFacts, newToken } from "./booking-facts.ts";
import { cancellationMail, requestMail, venueBookingUrl } from "./mails.ts";
import { replanDeclined } from "./replan.ts";

const HOUR = 3_600_000;
const BATCH = 200;

export const VENUE_MAIL_KINDS = {
  request: "venue_request",
  reminder: "venue_reminder",
  cancellation: "venue_cancellation",
} as const;

const keys = {
  request: (bookingId: number) => `venue-request:${bookingId}`,
  reminder: (bookingId: number) => `venue-remind:${bookingId}`,
  cancellation: (bookingId: number) => `venue-cancel:${bookingId}`,
};
const idOfKey = (key: string) => Number(key.split(":")[1]);

/**
 * The request (or reminder) as it is now, with a fresh link: the token is made here and only its hash kept,
 * so a retried send carries a new link and the old one stops working. Null once the request is no longer
 * open (answered, cancelled) or the date has passed.
 */
async function buildRequest(deps: Deps, bookingId: number, reminder: boolean) {
  const [b] = await deps.db.select().from(venueBookings).where(eq(venueBookings.id, bookingId));
  if (b?.status !== "requested" || b.scheduledDate <= deps.now()) return null;
  const facts = await loadBookingFacts(deps.db, b.reservationId);
  if (!facts?.venue?.bookingEmail || facts.venue.id !== b.venueId) return null;
  const { token, hash } = newToken();
  const rotated = await deps.db
    .update(venueBookings)
    .set({ tokenHash: hash })
    .where(and(eq(venueBookings.id, bookingId), eq(venueBookings.status, "requested")))
    .returning({ id: venueBookings.id });
  if (rotated.length === 0) return null;
  return requestMail(facts, b.scheduledDate, venueBookingUrl(deps.config.appUrl, token), reminder);
}

async function buildCancellation(deps: Deps, bookingId: number) {
  const [b] = await deps.db
    .select({
      reservationId: venueBookings.reservationId,
      scheduledDate: venueBookings.scheduledDate,
      reference: venueBookings.reference,
      email: venues.bookingEmail,
      name: venues.name,
      contact: venues.bookingContactName,
    })
    .from(venueBookings)
    .innerJoin(venues, eq(venues.id, venueBookings.venueId))
    .where(eq(venueBookings.id, bookingId));
  if (!b?.email) return null;
  const facts = await loadBookingFacts(deps.db, b.reservationId);
  if (!facts) return null;
  return cancellationMail(
    facts,
    { email: b.email, name: b.name, contact: b.contact },
    b.scheduledDate,
    b.reference,
  );
}

registerMailBuilder(VENUE_MAIL_KINDS.request, (row, deps) => buildRequest(deps, idOfKey(row.key), false));
registerMailBuilder(VENUE_MAIL_KINDS.reminder, (row, deps) => buildRequest(deps, idOfKey(row.key), true));
registerMailBuilder(VENUE_MAIL_KINDS.cancellation, (row, deps) => buildCancellation(deps, idOfKey(row.key)));

/** Dates booked and not yet asked, whose undo window has passed, at a venue that takes requests. */
export async function sendRequests(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = await deps.db.execute<{ id: number }>(sql`
    select r.id from date_reservations r join venues v on v.id = r.venue_id
    where r.venue_status = 'pending' and r.status not in ('cancelled', 'completed') and r.scheduled_date > ${now}
      and (r.mail_hold_until is null or r.mail_hold_until <= ${now}) and v.booking_email is not null
    order by r.scheduled_date, r.id limit ${BATCH}
  `);
  let sent = 0;
  for (const { id } of due.rows) {
    const claimed = await deps.db.transaction(async (tx) => {
      // Locked and asked again: cancelled, moved into a new undo window or answered since the read, it waits.
      const [r] = await tx
        .select({ venueId: dateReservations.venueId, scheduledDate: dateReservations.scheduledDate })
        .from(dateReservations)
        .where(
          and(
            eq(dateReservations.id, id),
            eq(dateReservations.venueStatus, "pending"),
            sql`${dateReservations.status} not in ('cancelled', 'completed')`,
            sql`${dateReservations.scheduledDate} > ${now}`,
            sql`(${dateReservations.mailHoldUntil} is null or ${dateReservations.mailHoldUntil} <= ${now})`,
          ),
        )
        .for("update");
      if (!r || r.venueId === null) return null;
      const [b] = await tx
        .insert(venueBookings)
        .values({
          reservationId: id,
          venueId: r.venueId,
          scheduledDate: r.scheduledDate,
          status: "requested",
          tokenHash: newToken().hash,
          expiresAt: r.scheduledDate,
          requestedAt: now,
        })
        .returning({ id: venueBookings.id });
      await tx
        .update(dateReservations)
        .set({ venueStatus: "requested", venueReference: null, venueAnsweredAt: null })
        .where(eq(dateReservations.id, id));
      const claimId = await claimMail(tx, now, {
        key: keys.request(b.id),
        kind: VENUE_MAIL_KINDS.request,
        userId: null,
        reservationId: id,
      });
      return claimId === null ? null : { claimId, bookingId: b.id };
    });
    if (!claimed) continue;
    await deliverClaimed(deps, claimed.claimId, now, () => buildRequest(deps, claimed.bookingId, false));
    sent++;
  }
  return sent;
}

/** One reminder, with a fresh link, for a request unanswered after VENUE_REMINDER_HOURS. */
export async function sendReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .update(venueBookings)
    .set({ remindedAt: now })
    .where(
      and(
        eq(venueBookings.status, "requested"),
        sql`${venueBookings.remindedAt} is null`,
        sql`${venueBookings.requestedAt} <= ${new Date(now.getTime() - VENUE_REMINDER_HOURS * HOUR)}`,
        sql`${venueBookings.scheduledDate} > ${now}`,
      ),
    )
    .returning({ id: venueBookings.id, reservationId: venueBookings.reservationId });
  let sent = 0;
  for (const b of due) {
    const claimId = await claimMail(deps.db, now, {
      key: keys.reminder(b.id),
      kind: VENUE_MAIL_KINDS.reminder,
      userId: null,
      reservationId: b.reservationId,
    });
    if (claimId === null) continue;
    await deliverClaimed(deps, claimId, now, () => buildRequest(deps, b.id, true));
    sent++;
  }
  return sent;
}

/**
 * Handed to the operators: a request unanswered VENUE_REMINDER_HOURS after its reminder, a time the venue
 * proposed, a decline nothing could replace, or any open request VENUE_ESCALATE_HOURS before the date.
 */
export async function escalate(deps: Deps): Promise<number> {
  const now = deps.now();
  const rows = await deps.db
    .update(venueBookings)
    .set({ escalatedAt: now })
    .where(
      and(
        sql`${venueBookings.escalatedAt} is null`,
        sql`${venueBookings.scheduledDate} > ${now}`,
        sql`(
          (${venueBookings.status} = 'requested' and ${venueBookings.remindedAt} <= ${new Date(now.getTime() - VENUE_REMINDER_HOURS * HOUR)})
          or (${venueBookings.status} in ('requested', 'proposed')
              and ${venueBookings.scheduledDate} <= ${new Date(now.getTime() + VENUE_ESCALATE_HOURS * HOUR)})
        )`,
      ),
    )
    .returning({ id: venueBookings.id });
  return rows.length;
}

/** A cancelled date, or one moved to another venue or time: the venue asked for it is told. */
export async function sendCancellations(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = await deps.db.execute<{ id: number; reservation_id: number }>(sql`
    select b.id, b.reservation_id from venue_bookings b join date_reservations r on r.id = b.reservation_id
    where b.status in ('requested', 'confirmed', 'proposed')
      and (r.status = 'cancelled' or r.venue_id is distinct from b.venue_id
        or date_trunc('milliseconds', r.scheduled_date) <> b.scheduled_date)
      and (r.mail_hold_until is null or r.mail_hold_until <= ${now})
    order by b.id limit ${BATCH}
  `);
  let sent = 0;
  for (const b of due.rows) {
    const claimId = await deps.db.transaction(async (tx) => {
      // The date first (then its request), and the reason asked again: a date reinstated or moved back since the
      // read keeps its request.
      const [r] = await tx
        .select({
          status: dateReservations.status,
          venueId: dateReservations.venueId,
          scheduledDate: dateReservations.scheduledDate,
          mailHoldUntil: dateReservations.mailHoldUntil,
        })
        .from(dateReservations)
        .where(eq(dateReservations.id, b.reservation_id))
        .for("update");
      const [req] = await tx
        .select({ venueId: venueBookings.venueId, scheduledDate: venueBookings.scheduledDate })
        .from(venueBookings)
        .where(eq(venueBookings.id, b.id))
        .for("update");
      if (!r || !req) return null;
      if (r.mailHoldUntil && r.mailHoldUntil > now) return null;
      const still =
        r.status === "cancelled" ||
        r.venueId !== req.venueId ||
        r.scheduledDate.getTime() !== req.scheduledDate.getTime();
      if (!still) return null;
      const done = await tx
        .update(venueBookings)
        .set({
          status: "cancelled",
          cancelledAt: now,
          usedAt: sql`coalesce(${venueBookings.usedAt}, ${now})`,
        })
        .where(
          and(
            eq(venueBookings.id, b.id),
            sql`${venueBookings.status} in ('requested', 'confirmed', 'proposed')`,
          ),
        )
        .returning({ id: venueBookings.id });
      if (done.length === 0) return null;
      // The date's own venue state follows a cancelled date (a moved one has its new request pending).
      await tx
        .update(dateReservations)
        .set({ venueStatus: "cancelled" })
        .where(and(eq(dateReservations.id, b.reservation_id), eq(dateReservations.status, "cancelled")));
      return claimMail(tx, now, {
        key: keys.cancellation(b.id),
        kind: VENUE_MAIL_KINDS.cancellation,
        userId: null,
        reservationId: b.reservation_id,
      });
    });
    if (claimId === null) continue;
    await deliverClaimed(deps, claimId, now, () => buildCancellation(deps, b.id));
    sent++;
  }
  return sent;
}

/**
 * A date booked (by an operator's override) at a venue with no booking e-mail cannot be asked: once its undo
 * window has passed it gets a request row handed to the operators at once (escalated, no e-mail), so it is
 * in front of a person, who records the venue's answer by phone.
 */
export async function escalateUnaskable(deps: Deps): Promise<number> {
  const now = deps.now();
  const rows = await deps.db.execute<{ id: number }>(sql`
    with due as (
      select r.id, r.venue_id, r.scheduled_date from date_reservations r join venues v on v.id = r.venue_id
      where r.venue_status = 'pending' and r.status not in ('cancelled', 'completed') and r.scheduled_date > ${now}
        and (r.mail_hold_until is null or r.mail_hold_until <= ${now}) and v.booking_email is null
      order by r.scheduled_date limit ${BATCH}
      for update of r skip locked
    ), asked as (
      insert into venue_bookings (reservation_id, venue_id, scheduled_date, status, token_hash, expires_at,
        requested_at, escalated_at)
      select id, venue_id, date_trunc('milliseconds', scheduled_date), 'requested',
        encode(sha256(gen_random_uuid()::text::bytea), 'hex'), scheduled_date, ${now}, ${now}
      from due
      returning reservation_id
    )
    update date_reservations set venue_status = 'requested' where id in (select reservation_id from asked)
    returning id
  `);
  return rows.rows.length;
}

export async function runVenueBookings(deps: Deps): Promise<number> {
  // Cancellations first: a move's old venue is told before the new one is asked.
  let n = await sendCancellations(deps);
  n += await replanDeclined(deps);
  n += await sendRequests(deps);
  n += await escalateUnaskable(deps);
  n += await sendReminders(deps);
  n += await escalate(deps);
  return n;
}

export const venueBookingsJob: JobDefinition = {
  name: "venue-bookings",
  cron: "* * * * *",
  run: runVenueBookings,
};
