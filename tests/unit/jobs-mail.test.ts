import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import type { User } from "../../src/server/db/schema.ts";
import { backoffAfter, MAX_ATTEMPTS } from "../../src/server/jobs/outbound.ts";
import { dateKeys } from "../../src/server/modules/dates/mail-keys.ts";
import {
  type DateForMail,
  holdIcs,
  holdMail,
  revealIcs,
  revealMail,
  spendBand,
} from "../../src/server/modules/email/date-mails.ts";

const deps = {
  config: loadConfig({ NODE_ENV: "test", APP_URL: "https://unveil.example", DATABASE_URL: "postgres://x/y" }),
};
const now = new Date("2026-12-01T10:00:00Z");
const date: DateForMail = {
  id: 42,
  userId: 7,
  scheduledDate: new Date("2026-12-05T19:30:00Z"),
  status: "scheduled",
  venueConfirmed: true,
  dressCode: null,
  idea: {
    title: "Candlelit supper",
    description: "Seven small plates",
    duration: 3,
    dressCode: "Smart casual",
  },
  venue: {
    name: "The Lantern",
    address: "1 Hidden Row",
    city: "London",
    postcode: "SE1 9PX",
    type: "restaurant",
    priceLevel: "high",
    latitude: null,
    longitude: null,
    contactInfo: null,
  },
};
const user = { id: 7, email: "sam@example.com", firstName: "Sam", lastName: "Lee" } as User;

describe("retry backoff", () => {
  it("waits 5 min, 30 min, 2 h, 6 h, then gives up", () => {
    expect([1, 2, 3, 4].map((n) => backoffAfter(n)! / 60_000)).toEqual([5, 30, 120, 360]);
    expect(backoffAfter(MAX_ATTEMPTS)).toBeNull();
  });
});

describe("date mails", () => {
  it("the hold gives the time only; the reveal the details; both under the same UID", () => {
    const hold = holdIcs(deps, date, now);
    const reveal = revealIcs(deps, { ...date, status: "revealed" }, now);
    for (const ics of [hold, reveal]) expect(ics).toContain("UID:date-42@unveil.example");
    expect(hold).toContain("DTSTART:20261205T193000Z");
    expect(hold).toContain("DTEND:20261205T223000Z");
    expect(hold).not.toMatch(/Lantern|Hidden Row|SE1|Candlelit|Smart casual|LOCATION/);
    expect(reveal).toMatch(/LOCATION:The Lantern\\, 1 Hidden Row\\, SE1 9PX/);
    expect(reveal).toContain("Dress code: Smart casual");
    const m = holdMail(deps, user, date, now);
    expect(`${m.subject}${m.text}${m.html}`).not.toMatch(/Lantern|Hidden Row|SE1|Candlelit|Smart casual/);
    expect(m.text).toMatch(/Saturday,? 5 December 2026 at 19:30/);
  });

  it("the reveal says what the membership covers and what the couple pays the venue", () => {
    const m = revealMail(deps, user, { ...date, status: "revealed" }, now);
    expect(m.text).toContain("£80+ per person (£££)");
    expect(m.text).toMatch(/Please confirm by Friday,? 4 December 2026 at 19:30/);
    expect(m.text).toContain("https://unveil.example/dates/42");
    expect(m.calendar?.method).toBe("PUBLISH");
    expect(spendBand("low")).toBe("£20-40 per person (£)");
  });

  it("a moved date has a new hold key", () => {
    expect(dateKeys.hold(1, 2, date.scheduledDate)).toBe("hold:1:2:2026-12-05T19:30:00.000Z");
    expect(dateKeys.hold(1, 2, new Date("2026-12-05T20:30:00Z"))).not.toBe(
      dateKeys.hold(1, 2, date.scheduledDate),
    );
  });
});
