import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_DATE_IDEAS } from "../../src/server/db/seed-data/date-ideas.ts";
import { DEMO_VENUES } from "../../src/server/db/seed-data/venues.ts";
import {
  changesAt,
  clearDatesJson,
  datesJson,
  encodeDates,
} from "../../src/server/modules/dates/list-cache.ts";
import { type DateRow, toMemberDate } from "../../src/server/modules/dates/view.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = Date.parse("2026-03-20T12:00:00Z");
const STATUSES = [
  "scheduled",
  "revealed",
  "confirmed",
  "reschedule_requested",
  "completed",
  "cancelled",
  "no_show",
];

/** A date of a couple (viewer 1, partner 2), anywhere from three weeks ago to three weeks ahead of BASE. */
const rowArb: fc.Arbitrary<DateRow> = fc
  .record({
    id: fc.integer({ min: 1, max: 10_000 }),
    userId: fc.constantFrom(1, 2),
    offsetMinutes: fc.integer({ min: -21 * 24 * 60, max: 21 * 24 * 60 }),
    status: fc.constantFrom(...STATUSES),
    venueConfirmed: fc.boolean(),
    paymentHeld: fc.boolean(),
    confirmed: fc.boolean(),
    rated: fc.subarray([1, 2]),
    idea: fc.option(fc.constantFrom(...DEMO_DATE_IDEAS)),
    venue: fc.option(fc.constantFrom(...DEMO_VENUES)),
    dressCode: fc.option(fc.constantFrom("Smart casual", "Black tie", "Swimwear; bring a towel")),
    edits: fc.array(
      fc.record({
        slot: fc.constantFrom("time", "kind", "bring", "area", "team1", "team2"),
        text: fc.constantFrom("Something to look forward to.", "Bring a smile.", "Near the river."),
        hoursBefore: fc.integer({ min: 1, max: 168 }),
        hidden: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  })
  .map((r) => {
    const scheduledDate = new Date(BASE + r.offsetMinutes * 60_000);
    return {
      id: r.id,
      userId: r.userId,
      scheduledDate,
      status: r.status,
      venueConfirmed: r.venueConfirmed,
      paymentHeld: r.paymentHeld,
      confirmedAt: r.confirmed ? new Date(scheduledDate.getTime() - 30 * HOUR) : null,
      rescheduledAt: null,
      ratings: r.rated.map((userId) => ({
        userId,
        firstName: userId === 1 ? "Ada" : "Bo",
        rating: 4,
        feedback: null,
        ratedAt: new Date(scheduledDate.getTime() + DAY),
      })),
      clueEdits: r.edits.map((e) => ({ ...e, updatedBy: 9, updatedAt: new Date(BASE - 30 * DAY) })),
      dressCode: r.dressCode,
      idea: r.idea
        ? {
            title: r.idea.title,
            description: r.idea.description ?? null,
            category: r.idea.category,
            duration: r.idea.duration,
            dressCode: r.idea.dressCode ?? null,
            requirements: r.idea.requirements ?? [],
          }
        : null,
      venue: r.venue
        ? {
            name: r.venue.name,
            address: r.venue.address ?? null,
            city: "London",
            postcode: r.venue.postcode ?? null,
            type: r.venue.type,
            latitude: r.venue.latitude ?? null,
            longitude: r.venue.longitude ?? null,
            contactInfo: null,
          }
        : null,
    };
  });

const view = (rows: DateRow[], at: number) =>
  encodeDates(rows.map((r) => toMemberDate(r, 1, new Date(at), false, 2, true)));

afterEach(() => clearDatesJson());

describe("GET /api/dates/user's text kept per member", () => {
  it("answers as a fresh answer would at every instant before changesAt, and differs only after an edge", () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -25 * 24 * 60, max: 25 * 24 * 60 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (rows, madeMinutes, fractions) => {
          const made = BASE + madeMinutes * 60_000;
          const until = changesAt(rows, made);
          expect(until).toBeGreaterThan(made);
          const fresh = view(rows, made);
          // Random instants up to the edge (and the last millisecond before it) answer the same.
          const span = Number.isFinite(until) ? until - made : 60 * DAY;
          const instants = [...fractions.map((f) => made + Math.floor(f * (span - 1))), made + span - 1];
          for (const at of instants) expect(view(rows, at)).toBe(fresh);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reuses the text for the same rows and viewer, and makes it again for new rows, another viewer, a clock past the edge or gone back", () => {
    const rows: DateRow[] = fc.sample(rowArb, { numRuns: 3, seed: 7 });
    let made = 0;
    const make = (at: number) => () => {
      made++;
      return rows.map((r) => toMemberDate(r, 1, new Date(at), false, 2, true));
    };
    const at = BASE;
    const first = datesJson(1, rows, "a", new Date(at), make(at));
    expect(datesJson(1, rows, "a", new Date(at + 1), make(at + 1))).toBe(first);
    expect(made).toBe(1);
    datesJson(1, rows, "b", new Date(at + 1), make(at + 1));
    expect(made).toBe(2);
    const reread = [...rows];
    datesJson(1, reread, "b", new Date(at + 1), make(at + 1));
    expect(made).toBe(3);
    // The clock gone back (a test's).
    datesJson(1, reread, "b", new Date(at), make(at));
    expect(made).toBe(4);
    const until = changesAt(reread, at);
    expect(Number.isFinite(until)).toBe(true);
    datesJson(1, reread, "b", new Date(until - 1), make(until - 1));
    expect(made).toBe(4);
    datesJson(1, reread, "b", new Date(until), make(until));
    expect(made).toBe(5);
  });
});
