/**
 * A venue's side of a date: the booking request it receives, the small page behind its link (no account), its
 * answers (confirm, decline, propose another time), and what the back office reads of it. The couple never
 * sees any of this: their date is revealed only once the venue has confirmed.
 */
import { z } from "zod";

export const VENUE_BOOKING_STATUSES = [
  "requested",
  "confirmed",
  "declined",
  "proposed",
  "cancelled",
] as const;
export type VenueBookingStatus = (typeof VENUE_BOOKING_STATUSES)[number];

/** The date's venue state as stored (date_reservations.venue_status): "pending" is booked, not yet asked. */
export const DATE_VENUE_STATES = ["pending", ...VENUE_BOOKING_STATUSES] as const;
export type DateVenueState = (typeof DATE_VENUE_STATES)[number];

/** Hours after a request with no answer before it is reminded once; as long again, then the operators. */
export const VENUE_REMINDER_HOURS = 24;
/** From this many hours before the date, an unconfirmed date is escalated to the operators. */
export const VENUE_ESCALATE_HOURS = 72;

/** The longest booking reference and decline reason a venue (or an operator for it) can give. */
export const VENUE_REFERENCE_MAX = 80;
export const VENUE_REASON_MAX = 500;

export const VENUE_BOOKING_MSG = {
  invalid:
    "This booking link is not valid. If we sent you a newer e-mail about this booking, please use its link.",
  expired: "This booking link has expired: the date has passed.",
  cancelled: "This booking was cancelled. There is nothing to answer.",
  answered: "This request has already been answered. To change your answer, please reply to our e-mail.",
  reasonRequired: "Please tell us why you cannot take this booking",
  reasonMax: `The reason must be at most ${VENUE_REASON_MAX} characters`,
  referenceMax: `The booking reference must be at most ${VENUE_REFERENCE_MAX} characters`,
  time: "Please give the time you can offer as a date and time",
  timePast: "The time you offer must be in the future",
  timeSame: "That is the time we asked for. If you can take the booking then, please confirm it instead",
  noteMax: "The note must be at most 500 characters",
  confirmed: "Thank you: the booking is confirmed.",
  declined: "Thank you for letting us know. We will plan this evening elsewhere.",
  proposed: "Thank you: we will check the new time with our team and confirm by e-mail.",
} as const;

const text = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(max, message).nullable());

export const venueTokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, VENUE_BOOKING_MSG.invalid),
});

export const venueConfirmSchema = z
  .object(
    { reference: text(VENUE_REFERENCE_MAX, VENUE_BOOKING_MSG.referenceMax).optional() },
    { error: "Expected an object" },
  )
  .strict();

export const venueDeclineSchema = z
  .object(
    {
      reason: z
        .string({ error: VENUE_BOOKING_MSG.reasonRequired })
        .trim()
        .min(2, VENUE_BOOKING_MSG.reasonRequired)
        .max(VENUE_REASON_MAX, VENUE_BOOKING_MSG.reasonMax),
    },
    { error: "Expected an object" },
  )
  .strict();

export const venueProposeSchema = z
  .object(
    {
      time: z.iso.datetime({ offset: true, error: VENUE_BOOKING_MSG.time }),
      note: text(500, VENUE_BOOKING_MSG.noteMax).optional(),
    },
    { error: "Expected an object" },
  )
  .strict();

/** What the venue's page shows: the booking, never the members' e-mail addresses or phone numbers. */
export const venueBookingViewSchema = z
  .object({
    status: z.enum(VENUE_BOOKING_STATUSES),
    /** Whether the link can still answer (not answered, cancelled or expired). */
    canAnswer: z.boolean(),
    venueName: z.string(),
    scheduledDate: z.string(),
    durationHours: z.number(),
    partySize: z.number(),
    bookingName: z.string(),
    experience: z.string().nullable(),
    dietary: z.array(z.string()),
    accessibility: z.array(z.string()),
    notes: z.string().nullable(),
    reference: z.string().nullable(),
    answeredAt: z.string().nullable(),
    declineReason: z.string().nullable(),
    proposedDate: z.string().nullable(),
    proposedNote: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: "VenueBookingView" });
export type VenueBookingView = z.infer<typeof venueBookingViewSchema>;

/** Every back-office answer about a date carries its venue's side. */
export const venueBookingSummarySchema = z
  .object({
    status: z.enum(VENUE_BOOKING_STATUSES),
    reference: z.string().nullable(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: "AssignmentVenueBooking" });
export type VenueBookingSummary = z.infer<typeof venueBookingSummarySchema>;

/** The stored state as the wire's status: a date not yet asked reads "requested" (its request is on its way). */
export function venueBookingSummary(
  state: string,
  reference: string | null,
  answeredAt: Date | string | null,
): VenueBookingSummary {
  const status = (VENUE_BOOKING_STATUSES as readonly string[]).includes(state)
    ? (state as VenueBookingStatus)
    : "requested";
  return {
    status,
    reference,
    answeredAt: answeredAt === null ? null : new Date(answeredAt).toISOString(),
  };
}

export const VENUE_STATUS_LABEL: Record<VenueBookingStatus, string> = {
  requested: "Venue asked",
  confirmed: "Venue confirmed",
  declined: "Venue declined",
  proposed: "Venue proposed a time",
  cancelled: "Venue told: cancelled",
};
