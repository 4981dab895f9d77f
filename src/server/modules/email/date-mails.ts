/**
 * The e-mails of a date's life: the hold ("save the evening", time only), the reveal (everything,
 * 48 hours before), the cancellation (unconfirmed 24 hours before, or a cancelled date whose hold is in a
 * calendar) and the request to rate it afterwards. Each is built from the database at the moment it is sent,
 * so a retry sends what is true then, or nothing (null) when the message no longer applies.
 *
 * The calendar part keeps the UID of GET /api/dates/{id}/calendar (`date-{id}@{host}`), so a calendar that
 * took the hold replaces it with the reveal and removes it on a cancellation.
 */
import { eq } from "drizzle-orm";
import { BRAND } from "../../../shared/brand.ts";
import { DATE_SPEND_BANDS, POLICY, REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { londonDayTime } from "../../../shared/london-time.ts";
import { BOOKED_MAIL_SUBJECT_START } from "../../../shared/planning-schedule.ts";
import { dateIdeas, dateReservations, type User, users, venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { icsSequence, renderIcs } from "../dates/ics.ts";
import { directionsUrl } from "../dates/view.ts";
import { mayEmailMember } from "../notifications/policy.ts";
import { type MailBlock, renderMessage } from "./layout.ts";
import type { OutgoingMail } from "./mailer.ts";
import { render } from "./templates.ts";

const HOUR = 3_600_000;
const DEFAULT_DURATION_HOURS = 2;

/** email_logs.email_type of each message. */
export const DATE_MAIL_TYPES = {
  hold: "date_hold",
  reveal: "date_reveal",
  cancelled: "date_cancelled",
  holdCancel: "date_hold_cancelled",
  rating: "date_rating_request",
} as const;

/** A venue's price level as the spend band the couple pays there. */
const PRICE_TO_SPEND = { low: "£", medium: "££", high: "£££" } as const;
export function spendBand(priceLevel: string): string {
  const key = PRICE_TO_SPEND[priceLevel as keyof typeof PRICE_TO_SPEND] ?? "££";
  return `${DATE_SPEND_BANDS[key]} (${key})`;
}

export interface DateForMail {
  id: number;
  userId: number;
  scheduledDate: Date;
  status: string;
  /** The venue has confirmed (date_reservations.venue_status): nothing about the venue is sent before. */
  venueConfirmed: boolean;
  dressCode: string | null;
  idea: { title: string; description: string | null; duration: number; dressCode: string | null } | null;
  venue: {
    name: string;
    address: string | null;
    city: string;
    postcode: string | null;
    type: string;
    priceLevel: string;
    latitude: string | null;
    longitude: string | null;
    contactInfo: { phone?: string; website?: string } | null;
  } | null;
}

export async function loadDateForMail(deps: Pick<Deps, "db">, id: number): Promise<DateForMail | null> {
  const [r] = await deps.db
    .select({
      id: dateReservations.id,
      userId: dateReservations.userId,
      scheduledDate: dateReservations.scheduledDate,
      status: dateReservations.status,
      venueStatus: dateReservations.venueStatus,
      dressCode: dateReservations.dressCode,
      ideaId: dateIdeas.id,
      ideaTitle: dateIdeas.title,
      ideaDescription: dateIdeas.description,
      ideaDuration: dateIdeas.duration,
      ideaDressCode: dateIdeas.dressCode,
      venueId: venues.id,
      venueName: venues.name,
      venueAddress: venues.address,
      venueCity: venues.city,
      venuePostcode: venues.postcode,
      venueType: venues.type,
      venuePrice: venues.priceLevel,
      venueLat: venues.latitude,
      venueLng: venues.longitude,
      venueContact: venues.contactInfo,
    })
    .from(dateReservations)
    .leftJoin(dateIdeas, eq(dateIdeas.id, dateReservations.dateIdeaId))
    .leftJoin(venues, eq(venues.id, dateReservations.venueId))
    .where(eq(dateReservations.id, id))
    .limit(1);
  if (!r) return null;
  return {
    id: r.id,
    userId: r.userId,
    scheduledDate: r.scheduledDate,
    status: r.status,
    venueConfirmed: r.venueStatus === "confirmed",
    dressCode: r.dressCode,
    idea:
      r.ideaId === null
        ? null
        : {
            title: r.ideaTitle!,
            description: r.ideaDescription,
            duration: r.ideaDuration!,
            dressCode: r.ideaDressCode,
          },
    venue:
      r.venueId === null
        ? null
        : {
            name: r.venueName!,
            address: r.venueAddress,
            city: r.venueCity!,
            postcode: r.venuePostcode,
            type: r.venueType!,
            priceLevel: r.venuePrice!,
            latitude: r.venueLat,
            longitude: r.venueLng,
            contactInfo: r.venueContact,
          },
  };
}

/**
 * The recipient when they still belong to the date's couple (its owner, or the owner's mutually linked
 * partner) and may receive mail of this kind; null otherwise.
 */
export async function recipientFor(
  deps: Pick<Deps, "db">,
  date: Pick<DateForMail, "userId">,
  userId: number,
): Promise<User | null> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u || u.deletedAt) return null;
  if (u.id === date.userId) return u;
  const [owner] = await deps.db
    .select({ partnerId: users.partnerId })
    .from(users)
    .where(eq(users.id, date.userId))
    .limit(1);
  return owner?.partnerId === u.id && u.partnerId === date.userId ? u : null;
}

const durationOf = (d: DateForMail) => d.idea?.duration ?? DEFAULT_DURATION_HOURS;
const hello = (u: User) => `Hello ${u.firstName?.trim() || "there"},`;
const nameOf = (u: User) => [u.firstName, u.lastName].filter(Boolean).join(" ") || null;
const dateUrl = (deps: Pick<Deps, "config">, id: number) => `${deps.config.appUrl}/dates/${id}`;
const dressCodeOf = (d: DateForMail) => d.dressCode ?? d.idea?.dressCode ?? null;

export function dateUid(deps: Pick<Deps, "config">, id: number): string {
  return `date-${id}@${new URL(deps.config.appUrl).hostname}`;
}

/** The calendar event before the reveal: the time and length only, nothing that gives the plan away. */
export function holdIcs(
  deps: Pick<Deps, "config">,
  d: DateForMail,
  now: Date,
  cancelled = false,
  to: User | null = null,
): string {
  const url = dateUrl(deps, d.id);
  const revealAt = new Date(d.scheduledDate.getTime() - REVEAL_WINDOW_HOURS * HOUR);
  return renderIcs(
    {
      uid: dateUid(deps, d.id),
      start: d.scheduledDate,
      durationHours: durationOf(d),
      summary: `Mystery date (${BRAND.name})`,
      description: cancelled
        ? `This date has been cancelled.\n${url}`
        : `Keep this time free. Where you're going, what to wear and the plan are revealed on ${londonDayTime(revealAt)}.\n${url}`,
      location: null,
      url,
      sequence: icsSequence(now),
      cancelled,
      stamp: now,
      attendee: to ? { email: to.email, name: nameOf(to) } : null,
    },
    cancelled ? "CANCEL" : "PUBLISH",
  );
}

function venueLine(v: NonNullable<DateForMail["venue"]>): string {
  return [v.name, v.address, v.postcode ?? v.city].filter(Boolean).join(", ");
}

/** The calendar event after the reveal: the same UID, now with the venue, address and dress code. */
export function revealIcs(deps: Pick<Deps, "config">, d: DateForMail, now: Date): string {
  const url = dateUrl(deps, d.id);
  const dress = dressCodeOf(d);
  return renderIcs({
    uid: dateUid(deps, d.id),
    start: d.scheduledDate,
    durationHours: durationOf(d),
    summary: `${BRAND.name} date: ${d.idea?.title ?? "Your date"}${d.venue ? ` at ${d.venue.name}` : ""}`,
    description: [d.idea?.description, dress ? `Dress code: ${dress}` : null, `Details: ${url}`]
      .filter(Boolean)
      .join("\n"),
    location: d.venue ? venueLine(d.venue) : null,
    url,
    sequence: icsSequence(now),
    cancelled: false,
    stamp: now,
  });
}

function mail(
  u: User,
  d: DateForMail,
  type: string,
  rendered: { subject: string; html: string; text: string },
  calendar?: OutgoingMail["calendar"],
): OutgoingMail {
  return {
    to: u.email,
    toName: nameOf(u),
    ...rendered,
    type,
    userId: u.id,
    reservationId: d.id,
    ...(calendar ? { calendar } : {}),
  };
}

/** "Save the evening": the day and time, how long, and when the rest is revealed. */
export function holdMail(deps: Pick<Deps, "config">, u: User, d: DateForMail, now: Date): OutgoingMail {
  const when = londonDayTime(d.scheduledDate);
  const revealAt = londonDayTime(new Date(d.scheduledDate.getTime() - REVEAL_WINDOW_HOURS * HOUR));
  const hours = durationOf(d);
  return mail(
    u,
    d,
    DATE_MAIL_TYPES.hold,
    render(
      `${BOOKED_MAIL_SUBJECT_START}: ${when}`,
      "Your next date is booked",
      [
        hello(u),
        `Keep ${when} free for about ${hours} hour${hours === 1 ? "" : "s"}. The calendar invitation attached holds the time.`,
        `Where you're going and what to wear stay a surprise until ${revealAt}, ${REVEAL_WINDOW_HOURS} hours before. We'll e-mail you then, and your calendar will update by itself.`,
      ],
      { label: "See your date", url: dateUrl(deps, d.id) },
    ),
    { method: "PUBLISH", content: holdIcs(deps, d, now), filename: "mystery-date.ics" },
  );
}

/** The venue's one address line: the street, then the city and postcode ("42 Dean Street, London W1D 4PZ"). */
export function venueAddress(v: NonNullable<DateForMail["venue"]>): string {
  const area = [v.city, v.postcode].filter(Boolean).join(" ");
  return [v.address, area].filter(Boolean).join(", ");
}

/**
 * The reveal, read on a phone on the way out: the venue first (its name, its address once, a directions
 * button), then when, the plan, what to wear and what to pay, then the request to confirm.
 */
export function revealMail(deps: Pick<Deps, "config">, u: User, d: DateForMail, now: Date): OutgoingMail {
  const when = londonDayTime(d.scheduledDate);
  const deadline = new Date(d.scheduledDate.getTime() - POLICY.confirmHoursBefore * HOUR);
  const v = d.venue;
  const dress = dressCodeOf(d);
  const confirmed = d.status === "confirmed";
  const title = d.idea?.title.trim();
  const plan = title
    ? d.idea?.description
      ? `${title}${/[.!?]$/.test(title) ? "" : "."} ${d.idea.description}`
      : title
    : null;
  const blocks: MailBlock[] = [
    hello(u),
    ...(v
      ? [
          {
            kind: "place" as const,
            name: v.name,
            address: venueAddress(v),
            button: { label: "Get directions", url: directionsUrl(v) },
          },
        ]
      : []),
    {
      kind: "facts",
      rows: [
        { label: "When", value: when },
        ...(plan ? [{ label: "The plan", value: plan }] : []),
        { label: "Dress code", value: dress ?? "Come as you are" },
        {
          label: "To pay",
          value: `Your membership covers the planning and the booking. At the venue you pay for what you order${v ? `: usually ${spendBand(v.priceLevel)} here` : ""}.`,
        },
      ],
    },
    confirmed
      ? "You've confirmed this date: the table is yours."
      : `Please confirm by ${londonDayTime(deadline)}. A booking not confirmed ${POLICY.confirmHoursBefore} hours before the date is cancelled and released to the venue.`,
  ];
  return mail(
    u,
    d,
    DATE_MAIL_TYPES.reveal,
    renderMessage({
      subject: `Your date is revealed: ${v?.name ?? d.idea?.title ?? "see where you're going"}, ${when}`,
      heading: "Your date is revealed",
      preheader: `${v ? `${v.name}, ` : ""}${when}.${dress ? ` Dress code: ${dress}.` : ""}`,
      blocks,
      cta: { label: confirmed ? "See your date" : "Confirm your date", url: dateUrl(deps, d.id) },
      footnote: "The calendar invitation attached now has the place and the details.",
    }),
    { method: "PUBLISH", content: revealIcs(deps, d, now), filename: "date.ics" },
  );
}

/** Cancelled because nobody confirmed it in time (the policy), with the calendar cancellation. */
export function unconfirmedCancelMail(
  deps: Pick<Deps, "config">,
  u: User,
  d: DateForMail,
  now: Date,
): OutgoingMail {
  const when = londonDayTime(d.scheduledDate);
  return mail(
    u,
    d,
    DATE_MAIL_TYPES.cancelled,
    render(
      `Your date on ${when} has been cancelled`,
      "Your date has been cancelled",
      [
        hello(u),
        `The date on ${when} wasn't confirmed ${POLICY.confirmHoursBefore} hours before it began, so, as our booking policy says, we cancelled it and released the booking.`,
        "The date goes back into this month's allowance, and we'll plan another for you.",
        `If something went wrong, write to ${BRAND.supportEmail} and we'll help.`,
      ],
      { label: "See your dates", url: `${deps.config.appUrl}/dashboard` },
    ),
    { method: "CANCEL", content: holdIcs(deps, d, now, true, u), filename: "date-cancelled.ics" },
  );
}

/** A cancelled date whose hold went out: the calendar event is cancelled. */
export function holdCancelMail(deps: Pick<Deps, "config">, u: User, d: DateForMail, now: Date): OutgoingMail {
  const when = londonDayTime(d.scheduledDate);
  return mail(
    u,
    d,
    DATE_MAIL_TYPES.holdCancel,
    render(
      `Cancelled: your date on ${when}`,
      "This date is cancelled",
      [
        hello(u),
        `The date on ${when} has been cancelled; the attached cancellation removes it from your calendar.`,
        `Questions? Write to ${BRAND.supportEmail}.`,
      ],
      { label: "See your dates", url: `${deps.config.appUrl}/dashboard` },
    ),
    { method: "CANCEL", content: holdIcs(deps, d, now, true, u), filename: "date-cancelled.ics" },
  );
}

/** After the date: how was it? (a notice: the member's e-mail switch stops it). */
export function ratingMail(deps: Pick<Deps, "config">, u: User, d: DateForMail): OutgoingMail {
  const where = d.venue ? ` at ${d.venue.name}` : "";
  return mail(
    u,
    d,
    DATE_MAIL_TYPES.rating,
    render(
      `How was your date${where}?`,
      "How was your date?",
      [
        hello(u),
        `We hope you enjoyed ${d.idea?.title ?? "your date"}${where}. A rating and a line or two help us plan the next one to fit you even better.`,
      ],
      { label: "Rate your date", url: dateUrl(deps, d.id) },
    ),
  );
}

/** Whether a recipient gets a message of this kind at all (ARCHITECTURE.md's e-mail switches). */
export const mayReceive = (deps: Pick<Deps, "db">, u: User, kind: "service" | "notice") =>
  mayEmailMember(deps.db, u, kind);
