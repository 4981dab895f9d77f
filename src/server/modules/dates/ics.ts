/**
 * iCalendar (RFC 5545) for a date. Before the reveal the event is a "Mystery date" with its day, time and
 * duration only; afterwards it carries the details. The UID never changes and SEQUENCE grows, so a
 * calendar that imported the hold updates it in place.
 *
 * A cancelled date is a cancellation (RFC 5546 CANCEL): METHOD:CANCEL and STATUS:CANCELLED on the same UID
 * with a higher SEQUENCE. Every message names its ORGANIZER (RFC 5546 requires it for PUBLISH and CANCEL
 * alike; calendars ignore a cancellation that has none), and a cancellation names the attendee it is for.
 */
import { BRAND } from "../../../shared/brand.ts";

/** Who organises every date in a member's calendar. */
export const ICS_ORGANIZER = `ORGANIZER;CN=${BRAND.name}:mailto:${BRAND.contactEmail}`;

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

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT values escape backslash, semicolon, comma and newlines. */
export const icsText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** A property parameter value: quoted when it holds a character that would end it. */
const param = (v: string) => (/[",;:]/.test(v) ? `"${v.replace(/"/g, "'")}"` : v);

export function renderIcs(
  e: IcsEvent,
  method: "PUBLISH" | "CANCEL" = e.cancelled ? "CANCEL" : "PUBLISH",
): string {
  const end = new Date(e.start.getTime() + e.durationHours * 3_600_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Unveil//Mystery dates//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `SEQUENCE:${e.sequence}`,
    ICS_ORGANIZER,
    ...(method === "CANCEL" && e.attendee
      ? [`ATTENDEE${e.attendee.name ? `;CN=${param(e.attendee.name)}` : ""}:mailto:${e.attendee.email}`]
      : []),
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
    `URL:${e.url}`,
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    // A cancelled event no longer holds the time.
    `TRANSP:${e.cancelled ? "TRANSPARENT" : "OPAQUE"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
