/**
 * The e-mails a venue receives: the booking request (and its one reminder), and the cancellation. Each says
 * what the venue needs to seat the couple and nothing it does not: no member e-mail address or phone number.
 */
import { BRAND } from "../../../shared/brand.ts";
import { londonFullDay, londonTime } from "../../../shared/london-time.ts";
import type { OutgoingMail } from "../email/mailer.ts";
import { render } from "../email/templates.ts";
import type { BookingFacts } from "./booking-facts.ts";

export const VENUE_MAIL_TYPES = {
  request: "venue_booking_request",
  reminder: "venue_booking_reminder",
  cancellation: "venue_booking_cancellation",
} as const;

export const venueBookingUrl = (appUrl: string, token: string) => `${appUrl}/venue-booking/${token}`;

const when = (at: Date) => `${londonFullDay(at)} at ${londonTime(at)}`;
const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "none");

/** The lines that describe the booking, shared by the request and the reminder. */
function bookingLines(f: BookingFacts, at: Date): string[] {
  return [
    `When: ${when(at)}, for about ${f.durationHours} ${f.durationHours === 1 ? "hour" : "hours"}`,
    "Party: 2 guests",
    `Booking name: ${f.bookingName}`,
    ...(f.experience ? [`Experience: ${f.experience}`] : []),
    `Dietary needs: ${list(f.dietary)}`,
    `Access needs: ${list(f.accessibility)}`,
    ...(f.notes ? [`Notes from our team: ${f.notes}`] : []),
  ];
}

const greeting = (f: BookingFacts) =>
  f.venue?.bookingContactName ? `Hello ${f.venue.bookingContactName},` : "Hello,";

export function requestMail(f: BookingFacts, at: Date, url: string, reminder: boolean): OutgoingMail {
  const venue = f.venue!;
  const subject = reminder
    ? `Reminder: booking request for 2 on ${londonFullDay(at)}, ${londonTime(at)}`
    : `Booking request for 2 on ${londonFullDay(at)}, ${londonTime(at)}`;
  const r = render(
    subject,
    reminder ? "A booking request is waiting for your answer" : `A booking request for ${venue.name}`,
    [
      greeting(f),
      reminder
        ? `We have not yet heard back about this booking at ${venue.name}. The couple's evening is a surprise planned by ${BRAND.name}, so we need your answer to tell them it is on.`
        : `${BRAND.name} plans surprise dates for couples in London, and we would like to book this one at ${venue.name}. The couple do not know where they are going until shortly before: please do not contact them.`,
      ...bookingLines(f, at),
      "Please confirm (with your own booking reference if you have one), decline, or offer another time on the page behind the button. It works on a phone and needs no account.",
    ],
    { label: "Answer this booking request", url },
    reminder
      ? "This link replaces the one in our earlier e-mail. It works once and expires when the date has passed."
      : "The link works once and expires when the date has passed. Questions? Reply to this e-mail.",
  );
  return {
    to: venue.bookingEmail!,
    toName: venue.bookingContactName ?? venue.name,
    subject: r.subject,
    html: r.html,
    text: r.text,
    type: reminder ? VENUE_MAIL_TYPES.reminder : VENUE_MAIL_TYPES.request,
    reservationId: f.reservationId,
    replyTo: BRAND.contactEmail,
  };
}

export function cancellationMail(
  f: BookingFacts,
  to: { email: string; name: string; contact: string | null },
  at: Date,
  reference: string | null,
): OutgoingMail {
  const r = render(
    `Cancelled: booking for 2 on ${londonFullDay(at)}, ${londonTime(at)}`,
    `Booking cancelled at ${to.name}`,
    [
      to.contact ? `Hello ${to.contact},` : "Hello,",
      `Please cancel the booking for 2 under the name ${f.bookingName} on ${when(at)}${reference ? ` (your reference ${reference})` : ""}.`,
      "Thank you, and we are sorry for the change.",
    ],
    undefined,
    `Questions? Reply to this e-mail or write to ${BRAND.contactEmail}.`,
  );
  return {
    to: to.email,
    toName: to.contact ?? to.name,
    subject: r.subject,
    html: r.html,
    text: r.text,
    type: VENUE_MAIL_TYPES.cancellation,
    reservationId: f.reservationId,
    replyTo: BRAND.contactEmail,
  };
}
