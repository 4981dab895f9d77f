/**
 * The venue's answers through its link (no account): the token names one request; GET shows it, and one
 * answer (confirm, decline, propose another time) spends the link. A link is refused when it is unknown or
 * replaced (404), its date has passed (410), its booking was cancelled (410) or it has already answered (409);
 * nothing changes then. The operators record answers given by phone through the same functions (admin.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import {
  VENUE_BOOKING_MSG,
  type VenueBookingStatus,
  type VenueBookingView,
} from "../../../shared/venue-bookings.ts";
import type { Tx } from "../../db/client.ts";
import { dateReservations, venueBookings } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badField, conflict, HttpError, notFound } from "../../http-error.ts";
import { hashToken, loadBookingFacts } from "./booking-facts.ts";

type BookingRow = typeof venueBookings.$inferSelect;

const gone = (message: string) => new HttpError(410, message);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function byToken(conn: Deps["db"] | Tx, token: string, lock = false): Promise<BookingRow> {
  const q = conn
    .select()
    .from(venueBookings)
    .where(eq(venueBookings.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound(VENUE_BOOKING_MSG.invalid);
  return row;
}

async function view(deps: Deps, b: BookingRow): Promise<VenueBookingView> {
  const facts = await loadBookingFacts(deps.db, b.reservationId);
  if (!facts) throw notFound(VENUE_BOOKING_MSG.invalid);
  const now = deps.now();
  // A request no longer about this venue's booking (cancelled, or the date moved) says so and nothing more: the
  // date as it is now may be somewhere else, with other notes.
  const current =
    b.status !== "cancelled" &&
    facts.venue?.id === b.venueId &&
    facts.scheduledDate.getTime() === b.scheduledDate.getTime() &&
    facts.status !== "cancelled";
  if (!current) {
    return {
      status: "cancelled",
      canAnswer: false,
      venueName: facts.venue?.id === b.venueId ? facts.venue.name : "",
      scheduledDate: b.scheduledDate.toISOString(),
      durationHours: facts.durationHours,
      partySize: 2,
      bookingName: "",
      experience: null,
      dietary: [],
      accessibility: [],
      notes: null,
      reference: b.reference,
      answeredAt: iso(b.answeredAt),
      declineReason: null,
      proposedDate: null,
      proposedNote: null,
      expiresAt: b.expiresAt.toISOString(),
    };
  }
  return {
    status: b.status as VenueBookingStatus,
    canAnswer: b.status === "requested" && !b.usedAt && b.expiresAt > now,
    venueName: facts.venue?.id === b.venueId ? facts.venue.name : "",
    scheduledDate: b.scheduledDate.toISOString(),
    durationHours: facts.durationHours,
    partySize: 2,
    bookingName: facts.bookingName,
    experience: facts.experience,
    dietary: facts.dietary,
    accessibility: facts.accessibility,
    notes: facts.notes,
    reference: b.reference,
    answeredAt: iso(b.answeredAt),
    declineReason: b.declineReason,
    proposedDate: iso(b.proposedDate),
    proposedNote: b.proposedNote,
    expiresAt: b.expiresAt.toISOString(),
  };
}

/** GET /api/venue-bookings/:token */
export async function showRequest(deps: Deps, token: string): Promise<VenueBookingView> {
  const b = await byToken(deps.db, token);
  const now = deps.now().getTime();
  // Unanswered, the link ends with the date; answered, it still shows the answer for a day after.
  const end = b.status === "requested" ? b.expiresAt.getTime() : b.scheduledDate.getTime() + 24 * 3_600_000;
  if (now >= end) throw gone(VENUE_BOOKING_MSG.expired);
  return view(deps, b);
}

/** Refuses an answer to a request that cannot take one (the link's or the operator's). */
function refuseClosed(b: BookingRow, now: Date, viaLink: boolean): void {
  if (b.status === "cancelled") throw gone(VENUE_BOOKING_MSG.cancelled);
  if (b.scheduledDate <= now || (viaLink && b.expiresAt <= now)) throw gone(VENUE_BOOKING_MSG.expired);
  if (viaLink ? b.usedAt !== null || b.status !== "requested" : b.status === "declined")
    throw conflict(VENUE_BOOKING_MSG.answered);
}

/** A proposed time must be another time, still to come: the one asked for is a confirmation. */
function refuseProposal(b: BookingRow, time: Date, now: Date): void {
  if (time <= now) throw badField("time", VENUE_BOOKING_MSG.timePast);
  if (time.getTime() === b.scheduledDate.getTime()) throw badField("time", VENUE_BOOKING_MSG.timeSame);
}

export type VenueAnswer =
  | { kind: "confirm"; reference: string | null }
  | { kind: "decline"; reason: string }
  | { kind: "propose"; time: Date; note: string | null };

/**
 * Records an answer on request `b` (locked) and mirrors it on the date, when the request is still the date's
 * current one (same venue and time). `by`: the operator who recorded it, or null for the venue's link.
 */
export async function recordAnswer(
  deps: Deps,
  tx: Tx,
  b: BookingRow,
  answer: VenueAnswer,
  by: number | null,
): Promise<void> {
  const now = deps.now();
  refuseClosed(b, now, by === null);
  if (answer.kind === "propose") refuseProposal(b, answer.time, now);
  const status: VenueBookingStatus =
    answer.kind === "confirm" ? "confirmed" : answer.kind === "decline" ? "declined" : "proposed";
  await tx
    .update(venueBookings)
    .set({
      status,
      answeredAt: now,
      answeredBy: by,
      usedAt: sql`coalesce(${venueBookings.usedAt}, ${now})`,
      ...(answer.kind === "confirm" ? { reference: answer.reference } : {}),
      // A decline is the re-plan's to act on first (replan.ts); it escalates when nothing fits.
      ...(answer.kind === "decline" ? { declineReason: answer.reason, escalatedAt: null } : {}),
      ...(answer.kind === "propose" ? { proposedDate: answer.time, proposedNote: answer.note } : {}),
      // A proposed time needs an operator now.
      ...(answer.kind === "propose" ? { escalatedAt: now } : {}),
    })
    .where(eq(venueBookings.id, b.id));
  await tx
    .update(dateReservations)
    .set({
      venueStatus: status,
      venueReference: answer.kind === "confirm" ? answer.reference : null,
      venueAnsweredAt: now,
    })
    .where(
      and(
        eq(dateReservations.id, b.reservationId),
        eq(dateReservations.venueId, b.venueId),
        // Requests hold the date's time to the millisecond (as JavaScript reads it).
        sql`date_trunc('milliseconds', ${dateReservations.scheduledDate}) = ${b.scheduledDate}`,
        sql`${dateReservations.status} <> 'cancelled'`,
      ),
    );
}

/** POST /api/venue-bookings/:token/{confirm,decline,propose}: the answer, then the request as it now stands. */
export async function answerByLink(
  deps: Deps,
  token: string,
  answer: VenueAnswer,
): Promise<VenueBookingView> {
  const id = await deps.db.transaction(async (tx) => {
    // The date first, then its request: the order the operators' paths and the sweeps lock them in.
    const found = await byToken(tx, token);
    await tx
      .select({ id: dateReservations.id })
      .from(dateReservations)
      .where(eq(dateReservations.id, found.reservationId))
      .for("update");
    const b = await byToken(tx, token, true);
    await recordAnswer(deps, tx, b, answer, null);
    return b.id;
  });
  const [b] = await deps.db.select().from(venueBookings).where(eq(venueBookings.id, id));
  return view(deps, b);
}
