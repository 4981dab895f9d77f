/**
 * The planner's upper bound (tests/helpers/plan-bound.ts) on small hand-made months: venues' capacity,
 * opening hours, closures and booked dates cap it; its maximum flow moves couples to other venues and days
 * rather than count a couple placed first in the way of one with no other choice.
 */
import { describe, expect, it } from "vitest";
import type { MemberProfile, VenueCandidate } from "../../src/server/modules/matching/types.ts";
import { base, supper } from "../helpers/match-profiles.ts";
import { planBound } from "../helpers/plan-bound.ts";

const NOW = new Date("2026-11-20T09:00:00Z");
const MONTH = "2026-12";
const daily = (sessions: string[]) =>
  Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, sessions])) as Record<
    "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun",
    string[]
  >;

/** A member choosing the evenings of the given week:weekday, wanting `need` dates. */
function member(id: number, days: [number, string][], need = 1): MemberProfile {
  return {
    ...base,
    userId: id,
    scheduling: days.map(([weekOfMonth, dayOfWeek]) => ({ weekOfMonth, dayOfWeek: dayOfWeek as never })),
    quotaRemaining: () => need,
  };
}
function venue(id: number, extra: Partial<VenueCandidate> = {}): VenueCandidate {
  return {
    id,
    name: `Venue ${id}`,
    type: "restaurant",
    priceLevel: "medium",
    city: "London",
    address: null,
    postcode: null,
    location: { lat: 51.5055, lng: -0.091 },
    dietary: [],
    accessibility: [],
    ideas: [{ ...supper, id: id * 10 }],
    notBookable: [],
    evening: { openingHours: daily(["12:00-23:00"]), closures: [], opensOnHolidays: true },
    capacity: 1,
    booked: [],
    ...extra,
  };
}
const bound = (members: MemberProfile[], venues: VenueCandidate[]) =>
  planBound(members, venues, { now: NOW, month: MONTH }).bound;
/** Saturday 5 December 2026 (week 1), 19:00 London. */
const SAT = Date.UTC(2026, 11, 5, 19);

describe("planBound", () => {
  it("caps the couples at one venue's slot at its capacity", () => {
    const three = [1, 2, 3].map((id) => member(id, [[1, "saturday"]]));
    expect(bound(three, [venue(1)])).toBe(1);
    expect(bound(three, [venue(1, { capacity: 2 })])).toBe(2);
    expect(bound(three, [venue(1), venue(2, { capacity: 2 })])).toBe(3);
    // Without a capacity (the engine's own tests' venues) there is no cap.
    expect(bound(three, [venue(1, { capacity: undefined })])).toBe(3);
  });

  it("counts booked dates covering the slot's start against the capacity", () => {
    const two = [1, 2].map((id) => member(id, [[1, "saturday"]]));
    expect(bound(two, [venue(1, { capacity: 2, booked: [[SAT - 3_600_000, SAT + 3_600_000]] })])).toBe(1);
    // One that ends as the slot starts does not count.
    expect(bound(two, [venue(1, { capacity: 2, booked: [[SAT - 7_200_000, SAT]] })])).toBe(2);
  });

  it("leaves out slots outside the hours, closed days, holidays and venues that cannot be booked", () => {
    const one = [member(1, [[1, "saturday"]])];
    expect(bound(one, [venue(1)])).toBe(1);
    expect(
      bound(one, [
        venue(1, { evening: { openingHours: daily(["09:00-17:00"]), closures: [], opensOnHolidays: true } }),
      ]),
    ).toBe(0);
    // The 2-hour supper at 19:00 needs the venue open until 21:00.
    expect(
      bound(one, [
        venue(1, { evening: { openingHours: daily(["17:00-20:30"]), closures: [], opensOnHolidays: true } }),
      ]),
    ).toBe(0);
    expect(
      bound(one, [
        venue(1, { evening: { openingHours: daily(["17:00-21:00"]), closures: [], opensOnHolidays: true } }),
      ]),
    ).toBe(1);
    const closures = [{ from: "2026-12-04", to: "2026-12-05", reason: "Private hire" }];
    expect(
      bound(one, [
        venue(1, { evening: { openingHours: daily(["12:00-23:00"]), closures, opensOnHolidays: true } }),
      ]),
    ).toBe(0);
    expect(bound(one, [venue(1, { notBookable: ["No booking e-mail"] })])).toBe(0);
    // Week 4 Thursday is 24 December: closed unless the venue opens on holidays.
    const eve = [member(1, [[4, "thursday"]])];
    expect(bound(eve, [venue(1)])).toBe(1);
    expect(
      bound(eve, [
        venue(1, { evening: { openingHours: daily(["12:00-23:00"]), closures: [], opensOnHolidays: false } }),
      ]),
    ).toBe(0);
  });

  it("moves a couple to another venue to make room for one with no other choice", () => {
    // Member 1 may go to either venue, member 2 only to venue 1 (venue 2 is beyond their radius); member 1 is
    // counted first and takes venue 1 (first in the list); the flow moves them to venue 2.
    const far = { lat: 51.62, lng: -0.091 };
    const m1 = { ...member(1, [[1, "saturday"]]), travelRadiusMiles: 25 };
    const m2 = { ...member(2, [[1, "saturday"]]), travelRadiusMiles: 3 };
    expect(bound([m1, m2], [venue(1), venue(2, { location: far })])).toBe(2);
  });

  it("moves a couple to another of its days to make room", () => {
    // Member 1 chose two Saturdays, member 2 only the first; one venue of capacity 1.
    const m1 = member(1, [
      [1, "saturday"],
      [2, "saturday"],
    ]);
    const m2 = member(2, [[1, "saturday"]]);
    expect(bound([m1, m2], [venue(1)])).toBe(2);
    // Two dates each for two couples on the same two days: four places, four dates.
    const m3 = member(3, [
      [1, "saturday"],
      [2, "saturday"],
    ]);
    expect(
      bound(
        [
          { ...m1, quotaRemaining: () => 2 },
          { ...m3, quotaRemaining: () => 2 },
        ],
        [venue(1), venue(2)],
      ),
    ).toBe(4);
    // A third couple with the same days finds nothing left.
    expect(bound([m1, m2, m3], [venue(1)])).toBe(2);
  });

  it("counts a couple once, with the partner who books (complete preferences, greater need, lower id)", () => {
    const a = { ...member(1, [[1, "saturday"]], 1), partnerId: 2 };
    const b = {
      ...member(
        2,
        [
          [1, "saturday"],
          [2, "saturday"],
        ],
        2,
      ),
      partnerId: 1,
    };
    const venues = [venue(1), venue(2)];
    const res = planBound([a, b], venues, { now: NOW, month: MONTH });
    expect(res).toMatchObject({ bound: 2, couples: 1 });
    expect([...res.flow.keys()]).toEqual([1]);
    // With equal needs the lower id books: member 1's one Saturday.
    expect(bound([a, { ...b, quotaRemaining: () => 1 }], venues)).toBe(1);
    // A partner without complete preferences does not book.
    const res2 = planBound([a, b], venues, { now: NOW, month: MONTH, complete: new Set([1]) });
    expect(res2.bound).toBe(1);
  });
});
