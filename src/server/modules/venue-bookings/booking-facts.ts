/**
 * What a venue is told about a date: the day, time and length, a party of two, the booking name (the couple's
 * surname), both partners' dietary and access needs, the experience and the team's notes. Never the members'
 * e-mail addresses or phone numbers: nothing here reads them.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { dateIdeas, dateReservations, userPreferences, users, venues } from "../../db/schema.ts";

type Conn = Db | Tx;

export interface BookingFacts {
  reservationId: number;
  userId: number;
  status: string;
  venueStatus: string;
  scheduledDate: Date;
  durationHours: number;
  venue: {
    id: number;
    name: string;
    bookingEmail: string | null;
    bookingContactName: string | null;
  } | null;
  experience: string | null;
  bookingName: string;
  dietary: string[];
  accessibility: string[];
  notes: string | null;
  mailHoldUntil: Date | null;
}

/** "Okafor", or "Okafor / Lindqvist" when the partners' surnames differ; a first name when there is none. */
export function bookingName(people: { firstName: string | null; lastName: string | null }[]): string {
  const surnames = [...new Set(people.map((p) => p.lastName?.trim()).filter((s): s is string => !!s))];
  if (surnames.length > 0) return surnames.join(" / ");
  return people.map((p) => p.firstName?.trim()).find((s) => !!s) ?? "Unveil guest";
}

export async function loadBookingFacts(conn: Conn, reservationId: number): Promise<BookingFacts | null> {
  const [row] = await conn
    .select({
      id: dateReservations.id,
      userId: dateReservations.userId,
      status: dateReservations.status,
      venueStatus: dateReservations.venueStatus,
      scheduledDate: dateReservations.scheduledDate,
      notes: dateReservations.manualBookingNotes,
      mailHoldUntil: dateReservations.mailHoldUntil,
      venueId: venues.id,
      venueName: venues.name,
      bookingEmail: venues.bookingEmail,
      bookingContactName: venues.bookingContactName,
      ideaTitle: dateIdeas.title,
      duration: dateIdeas.duration,
    })
    .from(dateReservations)
    .leftJoin(venues, eq(venues.id, dateReservations.venueId))
    .leftJoin(dateIdeas, eq(dateIdeas.id, dateReservations.dateIdeaId))
    .where(eq(dateReservations.id, reservationId));
  if (!row) return null;
  const [member] = await conn
    .select({
      id: users.id,
      partnerId: users.partnerId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, row.userId));
  const ids = [row.userId];
  if (member?.partnerId) {
    const [partner] = await conn
      .select({ id: users.id, partnerId: users.partnerId, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, member.partnerId));
    if (partner && partner.partnerId === row.userId && !partner.deletedAt) ids.push(partner.id);
  }
  // The couple in one order (the older account first), whichever of them the date is booked for: the booking
  // name and needs read the same on every request.
  const found = await conn
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      dietary: userPreferences.dietaryRestrictions,
      accessibility: userPreferences.accessibilityNeeds,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(inArray(users.id, ids));
  const people = found.sort((a, b) => a.id - b.id);
  const union = (lists: (string[] | null)[]) => [...new Set(lists.flatMap((l) => l ?? []))];
  return {
    reservationId: row.id,
    userId: row.userId,
    status: row.status,
    venueStatus: row.venueStatus,
    scheduledDate: row.scheduledDate,
    durationHours: row.duration ?? 2,
    venue:
      row.venueId === null
        ? null
        : {
            id: row.venueId,
            name: row.venueName ?? "",
            bookingEmail: row.bookingEmail,
            bookingContactName: row.bookingContactName,
          },
    experience: row.ideaTitle,
    bookingName: bookingName(people),
    dietary: union(people.map((p) => p.dietary)),
    accessibility: union(people.map((p) => p.accessibility)),
    notes: row.notes,
    mailHoldUntil: row.mailHoldUntil,
  };
}

/** A new link token (sent once, in the e-mail) and its SHA-256 (all that is stored). */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
