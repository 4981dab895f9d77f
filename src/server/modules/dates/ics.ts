/**
 * iCalendar (RFC 5545) for a date, written by ical-generator (escaping and line folding are its work). Before
 * the reveal the event is a "Mystery date" with its day, time and duration only; afterwards it carries the
 * details. The UID never changes and SEQUENCE grows, so a calendar that imported the hold updates it in place.
 *
 * A cancelled date is a cancellation (RFC 5546 CANCEL): METHOD:CANCEL and STATUS:CANCELLED on the same UID
 * with a higher SEQUENCE. Every message names its ORGANIZER (RFC 5546 requires it for PUBLISH and CANCEL
 * alike; calendars ignore a cancellation that has none), and a cancellation names the attendee it is for.
 */
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { BRAND } from "../../../shared/brand.ts";

export interface IcsEvent {
  uid: string;
  start: Date;
  durationHours: number;
  summary: string;
  description: string;
  location?: string | null;
  url: string;
  sequence: number;
  cancelled: boolean;
  stamp: Date;
  /** The member the copy is for: named as ATTENDEE on a cancellation. */
  attendee?: { email: string; name: string | null } | null;
}

/** A SEQUENCE that grows with time: each copy of an event supersedes every earlier one. */
export const icsSequence = (now: Date) => Math.max(0, Math.floor(now.getTime() / 1000) - 1_750_000_000);

export function renderIcs(
  e: IcsEvent,
  method: "PUBLISH" | "CANCEL" = e.cancelled ? "CANCEL" : "PUBLISH",
): string {
  const calendar = ical({
    prodId: { company: BRAND.name, product: "Mystery dates", language: "EN" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
  });
  calendar.createEvent({
    id: e.uid,
    stamp: e.stamp,
    sequence: e.sequence,
    organizer: { name: BRAND.name, email: BRAND.contactEmail },
    attendees: method === "CANCEL" && e.attendee ? [{ email: e.attendee.email, name: e.attendee.name }] : [],
    start: e.start,
    end: new Date(e.start.getTime() + e.durationHours * 3_600_000),
    summary: e.summary,
    description: e.description,
    location: e.location || null,
    url: e.url,
    status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // A cancelled event no longer holds the time.
    transparency: e.cancelled ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
  });
  // RFC 5545 ends every content line, the last one too, with CRLF; the library leaves the last one open.
  return `${calendar.toString().replace(/\r\n$/, "")}\r\n`;
}
