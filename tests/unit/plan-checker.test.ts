/**
 * The independent checker's venue rules (tests/helpers/plan-checker.ts): opening hours (sessions past
 * midnight), closures, holiday closures with its own Easter, capacity over a date's whole span, archived and
 * not bookable venues. Its calendar is its own; one test compares its holidays with the product's.
 */
import { describe, expect, it } from "vitest";
import { holidayOn } from "../../src/shared/venue-hours.ts";
import {
  easterSunday,
  holidayClosure,
  insideHours,
  mostAtOnce,
  type VenueFacts,
  venueProblems,
} from "../helpers/plan-checker.ts";

const H = 3_600_000;
const T0 = Date.UTC(2026, 11, 4, 19); // Friday 4 December 2026, 19:00 London (GMT)
const daily = (sessions: string[]) =>
  Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, sessions]));
const ok: VenueFacts = {
  status: "active",
  bookingEmail: "bookings@venue.example.com",
  postcode: "SE1 9SG",
  openingHours: daily(["12:00-23:00"]),
  closures: [],
  opensOnHolidays: false,
  capacity: 1,
  day: "2026-12-04",
  weekday: 4,
  start: "19:00",
  durationHours: 2,
  span: [T0, T0 + 2 * H],
  others: [],
};
const problems = (f: Partial<VenueFacts>) => venueProblems({ ...ok, ...f });

describe("the checker's venue rules", () => {
  it("a date inside the hours, on an open day, with a place left breaks none", () => {
    expect(problems({})).toEqual([]);
    expect(problems({ postcode: null })).toEqual([]);
  });

  it("notices a date outside the opening hours, for the whole of its duration", () => {
    expect(problems({ openingHours: daily(["09:00-17:00"]) })).toEqual([
      "outside opening hours: 19:00 for 2 h on a fri",
    ]);
    // Starts inside the session but runs past its end.
    expect(problems({ openingHours: daily(["17:00-20:30"]) })[0]).toMatch(/^outside opening hours/);
    expect(problems({ openingHours: daily(["17:00-21:00"]) })).toEqual([]);
    expect(problems({ durationHours: 3, openingHours: daily(["17:00-21:00"]) })[0]).toMatch(/outside/);
    // Two sessions: the date must fit inside one of them.
    const twice = daily(["12:00-15:00", "17:30-23:00"]);
    expect(problems({ start: "14:00", openingHours: twice })[0]).toMatch(/outside/);
    expect(problems({ start: "16:30", openingHours: twice })[0]).toMatch(/outside/);
    expect(problems({ start: "12:30", openingHours: twice })).toEqual([]);
    expect(problems({ openingHours: twice })).toEqual([]);
    // Closed that weekday.
    expect(problems({ openingHours: { ...daily(["12:00-23:00"]), fri: [] } })[0]).toMatch(/outside/);
    // Without an idea a date lasts 2 hours.
    expect(problems({ durationHours: null, openingHours: daily(["17:00-20:30"]) })[0]).toMatch(/for 2 h/);
  });

  it("counts a session of the day before that runs past midnight, and one that does not end before the date", () => {
    const late = { ...daily([]), fri: ["18:00-02:00"] };
    // Saturday 00:30 for an hour: inside Friday's session.
    expect(insideHours(late, 5, 30, 60)).toBe(true);
    // Saturday 01:30 for an hour: past its end.
    expect(insideHours(late, 5, 90, 60)).toBe(false);
    // Friday 23:30 for two hours: inside (ends 01:30).
    expect(insideHours(late, 4, 23 * 60 + 30, 120)).toBe(true);
    // A session ending at midnight is not a session past it.
    expect(insideHours({ ...daily([]), fri: ["18:00-24:00"] }, 5, 30, 60)).toBe(false);
    expect(insideHours(null, 4, 19 * 60, 60)).toBe(false);
  });

  it("notices a closure day (from and to inclusive)", () => {
    const closures = [{ from: "2026-12-04", to: "2026-12-06", reason: "Refurbishment" }];
    expect(problems({ closures })).toEqual(["venue closed on 2026-12-04 (Refurbishment)"]);
    expect(problems({ closures: [{ from: "2026-12-01", to: "2026-12-04", reason: "" }] })).toEqual([
      "venue closed on 2026-12-04 (closure)",
    ]);
    expect(problems({ closures: [{ from: "2026-12-05", to: "2026-12-06", reason: "x" }] })).toEqual([]);
  });

  it("notices a holiday closure, unless the venue opens on holidays", () => {
    const at = (day: string, weekday: number) => ({ day, weekday });
    expect(problems(at("2026-12-24", 3))).toEqual(["venue closed on 2026-12-24 (Christmas and New Year)"]);
    expect(problems(at("2027-01-01", 4))[0]).toMatch(/Christmas and New Year/);
    // Good Friday and Easter Monday 2027 (Easter Sunday 28 March).
    expect(problems(at("2027-03-26", 4))).toEqual(["venue closed on 2027-03-26 (Good Friday)"]);
    expect(problems(at("2027-03-29", 0))).toEqual(["venue closed on 2027-03-29 (Easter Monday)"]);
    expect(problems(at("2027-05-03", 0))[0]).toMatch(/Early May/);
    expect(problems(at("2027-05-31", 0))[0]).toMatch(/Spring bank holiday/);
    expect(problems(at("2027-08-30", 0))[0]).toMatch(/Summer bank holiday/);
    expect(problems(at("2027-05-10", 0))).toEqual([]);
    expect(problems({ ...at("2027-03-26", 4), opensOnHolidays: true })).toEqual([]);
  });

  it("finds Easter with its own algorithm", () => {
    const known: [number, [number, number]][] = [
      [2024, [3, 31]],
      [2025, [4, 20]],
      [2026, [4, 5]],
      [2027, [3, 28]],
      [2030, [4, 21]],
      [2038, [4, 25]],
      [2285, [3, 22]],
    ];
    for (const [y, md] of known) expect(easterSunday(y), String(y)).toEqual(md);
    // New Year on a weekend: the Monday after.
    expect(holidayClosure("2028-01-03")).toMatch(/New Year/);
    expect(holidayClosure("2028-01-04")).toBeNull();
    expect(holidayClosure("2023-01-02")).toMatch(/New Year/);
  });

  it("agrees with the product's calendar on every day of 2024-2040 (two independent workings)", () => {
    const differ: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2041, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      if ((holidayClosure(day) === null) !== (holidayOn(day) === null)) differ.push(day);
    }
    expect(differ).toEqual([]);
  });

  it("notices a venue over capacity at any time of the date, counting any couple's dates", () => {
    // One other date at the same time: over a capacity of 1, within 2.
    expect(problems({ others: [[T0, T0 + 2 * H]] })).toEqual([
      "venue over capacity: 2 dates at once, capacity 1",
    ]);
    expect(problems({ capacity: 2, others: [[T0, T0 + 2 * H]] })).toEqual([]);
    // One starting an hour into this one, one ending an hour before it starts: only the first overlaps.
    expect(problems({ others: [[T0 + H, T0 + 3 * H]] })[0]).toMatch(/over capacity/);
    expect(problems({ others: [[T0 - 2 * H, T0]] })).toEqual([]);
    // Two others that overlap this one but not each other: never three at once.
    const two: [number, number][] = [
      [T0 - H, T0 + H / 2],
      [T0 + H, T0 + 3 * H],
    ];
    expect(mostAtOnce(T0, T0 + 2 * H, two)).toBe(2);
    expect(problems({ capacity: 2, others: two })).toEqual([]);
    expect(mostAtOnce(T0, T0 + 2 * H, [...two, [T0 + H, T0 + 2 * H]])).toBe(3);
  });

  it("notices an archived venue and one that cannot be booked", () => {
    expect(problems({ status: "archived" })).toEqual(["venue archived"]);
    expect(problems({ bookingEmail: null })).toEqual(["venue not bookable: no booking e-mail"]);
    expect(problems({ bookingEmail: "  " })).toEqual(["venue not bookable: no booking e-mail"]);
    expect(problems({ openingHours: null })).toEqual(["venue not bookable: no opening hours"]);
    expect(problems({ openingHours: daily([]) })).toEqual(["venue not bookable: no opening hours"]);
    expect(problems({ postcode: "ZE1 0AA" })).toEqual(["venue not bookable: outside the service area"]);
  });
});
