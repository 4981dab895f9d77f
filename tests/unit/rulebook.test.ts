/**
 * The rulebook agrees with the matching engine: every date findMatches picks for random couples
 * and venues breaks none of the rulebook's hard rules, so Auto Assign, Plan {Month} and Create Booking (which
 * ask the rulebook and never override) keep booking what the engine chooses.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findMatches } from "../../src/server/modules/matching/engine.ts";
import type { MemberProfile, VenueCandidate } from "../../src/server/modules/matching/types.ts";
import { brokenRules } from "../../src/server/modules/rulebook/rules.ts";
import { londonMonthKey } from "../../src/shared/london-time.ts";

const NOW = new Date("2031-03-20T10:00:00Z");
const BRIDGE = { lat: 51.5055, lng: -0.091 };
const DIETS = ["Halal", "Vegan"];
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const idea = (id: number) =>
  fc.record({
    id: fc.constant(id),
    title: fc.constantFrom("Tasting menu", "Gin masterclass", "River walk"),
    category: fc.constantFrom("culinary", "bars", "cultural", "wellness"),
    priceLevel: fc.constantFrom("low", "medium", "high"),
    season: fc.constantFrom("any", "spring", "summer", "winter"),
    timeOfDay: fc.constantFrom("morning", "afternoon", "evening", "any"),
    duration: fc.constant(2),
    tags: fc.constant([] as string[]),
    requirements: fc.constant([] as string[]),
  });

const venues = fc
  .array(
    fc.record({
      north: fc.integer({ min: 0, max: 15 }),
      price: fc.constantFrom("low", "medium", "high"),
      dietary: fc.subarray(DIETS),
      ideas: fc.integer({ min: 0, max: 2 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((specs) =>
    fc
      .tuple(
        ...specs.map((s, i) => fc.tuple(...Array.from({ length: s.ideas }, (_, k) => idea(i * 10 + k + 1)))),
      )
      .map((ideaLists): VenueCandidate[] =>
        specs.map((s, i) => ({
          id: i + 1,
          name: `Venue ${i + 1}`,
          type: "restaurant",
          priceLevel: s.price,
          city: "London",
          address: null,
          postcode: "SE1 9PX",
          location: { lat: BRIDGE.lat + s.north / 69, lng: BRIDGE.lng },
          dietary: s.dietary,
          accessibility: [],
          ideas: ideaLists[i],
        })),
      ),
  );

const member = fc
  .record({
    dietary: fc.subarray(DIETS, { maxLength: 1 }),
    alcoholOk: fc.boolean(),
    radius: fc.constantFrom(3, 8, 20),
    spend: fc.constantFrom(null, "£", "££", "£££"),
    open: fc.boolean(),
    times: fc.subarray(["mornings", "afternoons", "evenings"] as const, { minLength: 1 }),
    days: fc.subarray([...DAYS], { minLength: 1 }),
    visited: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    quota: fc.integer({ min: 0, max: 2 }),
    // A month off that starts after the dates the couple kept ("Take a month off", keep them).
    pause: fc.boolean(),
  })
  .map(
    (m): MemberProfile => ({
      userId: 1,
      partnerId: null,
      name: "Alex",
      tier: "gold",
      subscriptionStatus: "active",
      pausedUntil: m.pause ? new Date(NOW.getTime() + 25 * 86_400_000) : null,
      pausedFrom: m.pause ? new Date(NOW.getTime() + 10 * 86_400_000) : null,
      postcode: "SE1 9PX",
      location: BRIDGE,
      travelRadiusMiles: m.radius,
      dateSpend: m.spend,
      openToTrying: m.open,
      alcoholOk: m.alcoholOk,
      dateTypes: ["restaurants", "culture"],
      times: [...m.times],
      scheduling: [1, 2, 3, 4].flatMap((weekOfMonth) =>
        m.days.map((dayOfWeek) => ({ weekOfMonth, dayOfWeek })),
      ),
      dietary: m.dietary,
      accessibility: [],
      excludedVenueIds: [],
      history:
        m.visited === null
          ? []
          : [
              {
                reservationId: 1,
                venueId: m.visited,
                venueType: "restaurant",
                category: "culinary",
                scheduledDate: new Date("2031-02-10T19:00:00Z"),
                status: "completed",
                rating: null,
              },
            ],
      quotaRemaining: () => m.quota,
    }),
  );

describe("the rulebook and the engine", () => {
  it("every date the engine picks breaks none of the rulebook's rules", () => {
    let checked = 0;
    fc.assert(
      fc.property(member, venues, (m, vs) => {
        const res = findMatches(m, vs, {
          now: NOW,
          from: NOW,
          to: new Date(NOW.getTime() + 40 * 86_400_000),
          limit: 3,
        });
        for (const x of res.matches) {
          const venue = vs.find((v) => v.id === x.venueId)!;
          const chosen = venue.ideas.find((i) => i.id === x.dateIdeaId) ?? null;
          const broken = brokenRules({
            profile: m,
            people: [{ id: 1, name: "Alex", dietary: m.dietary, accessibility: [], alcoholOk: m.alcoholOk }],
            venue,
            idea: chosen && { ...chosen, venueId: venue.id, isActive: true },
            at: x.scheduledDate,
            now: NOW,
            allowance: { allowed: m.quotaRemaining(londonMonthKey(x.scheduledDate)), used: 0 },
          });
          expect(broken, `${x.venueName} at ${x.scheduledDate.toISOString()}`).toEqual([]);
          checked++;
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(20);
  });
});

describe("a month off that starts after kept dates", () => {
  it("leaves the time before it bookable and refuses the time inside it", () => {
    const [m] = fc.sample(member, { seed: 17, numRuns: 1 });
    const profile: MemberProfile = {
      ...m,
      pausedFrom: new Date("2031-04-01T00:00:00Z"),
      pausedUntil: new Date("2031-05-01T00:00:00Z"),
    };
    const facts = (at: Date) => ({
      profile,
      people: [],
      venue: {
        id: 99,
        name: "Venue 99",
        type: "restaurant",
        priceLevel: "medium",
        city: "London",
        address: null,
        postcode: "SE1 9PX",
        location: BRIDGE,
        dietary: [],
        accessibility: [],
        ideas: [],
      },
      idea: null,
      at,
      now: NOW,
      allowance: { allowed: 2, used: 0 },
    });
    const pausedMsg = "The plan is paused until 1 May";
    expect(brokenRules(facts(new Date("2031-03-28T19:00:00Z")))).not.toContain(pausedMsg);
    expect(brokenRules(facts(new Date("2031-04-10T18:00:00Z")))).toContain(pausedMsg);
    expect(brokenRules(facts(new Date("2031-05-02T18:00:00Z")))).not.toContain(pausedMsg);
  });
});

describe("a gifted plan's end", () => {
  it("refuses any date at or after the last gifted month", () => {
    const [m] = fc.sample(member, { seed: 23, numRuns: 1 });
    const profile: MemberProfile = { ...m, planEndsAt: new Date("2031-04-01T00:00:00Z") };
    const facts = (at: Date) => ({
      profile,
      people: [],
      venue: {
        id: 98,
        name: "Venue 98",
        type: "restaurant",
        priceLevel: "medium",
        city: "London",
        address: null,
        postcode: "SE1 9PX",
        location: BRIDGE,
        dietary: [],
        accessibility: [],
        ideas: [],
      },
      idea: null,
      at,
      now: NOW,
      allowance: { allowed: 2, used: 0 },
    });
    const endMsg = "The gifted plan ends on 1 April";
    expect(brokenRules(facts(new Date("2031-03-28T19:00:00Z")))).not.toContain(endMsg);
    expect(brokenRules(facts(new Date("2031-04-02T18:00:00Z")))).toContain(endMsg);
  });
});
