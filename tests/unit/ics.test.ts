/**
 * A date's calendar messages (RFC 5545 / RFC 5546): every copy names the ORGANIZER; a cancellation is
 * METHOD:CANCEL with STATUS:CANCELLED on the same UID and a higher SEQUENCE than any copy before it.
 */
import { describe, expect, it } from "vitest";
import type { User } from "../../src/server/db/schema.ts";
import { icsSequence, renderIcs } from "../../src/server/modules/dates/ics.ts";
import { type DateForMail, holdIcs, holdMail, revealIcs } from "../../src/server/modules/email/date-mails.ts";

const deps = { config: { appUrl: "https://unveil.example" } } as Parameters<typeof holdIcs>[0];
const T0 = new Date("2026-11-20T10:00:00Z");
const LATER = new Date("2026-11-21T10:00:00Z");
const date: DateForMail = {
  id: 42,
  userId: 7,
  scheduledDate: new Date("2026-12-18T19:30:00Z"),
  status: "scheduled",
  venueConfirmed: true,
  dressCode: null,
  idea: { title: "Candlelit supper", description: "A secret", duration: 3, dressCode: null },
  venue: null,
};
const member = { id: 7, email: "iris@example.com", firstName: "Iris", lastName: "Hale" } as User;

/** Unfolds the content lines and reads one property (with its parameters) by name. */
function lines(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
}
const prop = (ics: string, name: string) => lines(ics).filter((l) => l.split(/[:;]/)[0] === name);
/** ORGANIZER or ATTENDEE as a calendar reads it: the CN parameter (quoted or not) and the address. */
const people = (ics: string, name: "ORGANIZER" | "ATTENDEE") =>
  prop(ics, name).map((l) => {
    const m = /;CN=("([^"]*)"|[^;:]*)[^:]*:mailto:(.*)$/i.exec(l);
    return m ? `${m[2] ?? m[1]} <${m[3]}>` : l;
  });

describe("a date's .ics", () => {
  it("the hold is a PUBLISH with an ORGANIZER, CONFIRMED and holding the time", () => {
    const ics = holdIcs(deps, date, T0);
    expect(prop(ics, "METHOD")).toEqual(["METHOD:PUBLISH"]);
    expect(people(ics, "ORGANIZER")).toEqual(["Unveil <hello@unveil.date>"]);
    expect(prop(ics, "STATUS")).toEqual(["STATUS:CONFIRMED"]);
    expect(prop(ics, "TRANSP")).toEqual(["TRANSP:OPAQUE"]);
    expect(prop(ics, "UID")).toEqual(["UID:date-42@unveil.example"]);
    // Required by RFC 5545 in every VEVENT.
    for (const p of ["DTSTAMP", "DTSTART", "SEQUENCE"]) expect(prop(ics, p)).toHaveLength(1);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(lines(ics)[0]).toBe("BEGIN:VCALENDAR");
    // The mail carries the same calendar method as its content.
    expect(holdMail(deps, member, date, T0).calendar?.method).toBe("PUBLISH");
  });

  it("the reveal keeps the UID, names the ORGANIZER and supersedes the hold", () => {
    const hold = holdIcs(deps, date, T0);
    const reveal = revealIcs(deps, date, LATER);
    expect(prop(reveal, "UID")).toEqual(prop(hold, "UID"));
    expect(prop(reveal, "ORGANIZER")).toHaveLength(1);
    const seq = (s: string) => Number(prop(s, "SEQUENCE")[0].split(":")[1]);
    expect(seq(reveal)).toBeGreaterThan(seq(hold));
  });

  it("the cancellation is METHOD:CANCEL, STATUS:CANCELLED, same UID, higher SEQUENCE, ORGANIZER and ATTENDEE", () => {
    const hold = holdIcs(deps, date, T0);
    const reveal = revealIcs(deps, date, T0);
    const cancel = holdIcs(deps, { ...date, status: "cancelled" }, LATER, true, member);
    expect(prop(cancel, "METHOD")).toEqual(["METHOD:CANCEL"]);
    expect(prop(cancel, "STATUS")).toEqual(["STATUS:CANCELLED"]);
    expect(prop(cancel, "UID")).toEqual(prop(hold, "UID"));
    expect(people(cancel, "ORGANIZER")).toEqual(["Unveil <hello@unveil.date>"]);
    expect(people(cancel, "ATTENDEE")).toEqual(["Iris Hale <iris@example.com>"]);
    expect(prop(cancel, "TRANSP")).toEqual(["TRANSP:TRANSPARENT"]);
    const seq = (s: string) => Number(prop(s, "SEQUENCE")[0].split(":")[1]);
    expect(seq(cancel)).toBeGreaterThan(Math.max(seq(hold), seq(reveal)));
    expect(cancel).not.toMatch(/Keep this time free|Candlelit|A secret/);
  });

  it("a cancelled event defaults to METHOD:CANCEL and quotes a name that would end the parameter", () => {
    const ics = renderIcs({
      uid: "date-1@x",
      start: T0,
      durationHours: 2,
      summary: "Cancelled",
      description: "This date has been cancelled.",
      url: "https://x/dates/1",
      sequence: icsSequence(LATER),
      cancelled: true,
      stamp: LATER,
      attendee: { email: "a@example.com", name: "Hale, Iris" },
    });
    expect(prop(ics, "METHOD")).toEqual(["METHOD:CANCEL"]);
    expect(prop(ics, "ATTENDEE")[0]).toContain('CN="Hale, Iris"');
    expect(people(ics, "ATTENDEE")).toEqual(["Hale, Iris <a@example.com>"]);
  });
});
