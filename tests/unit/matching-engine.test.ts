/**
 * The matching engine: property-based tests (fast-check) that generate members and venues and re-check every
 * hard rule on every match with this file's own code (London time from Intl, its own haversine, its own
 * alcohol words); noFit is set exactly when there is no match; and each noFit message by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findMatches } from "../../src/server/modules/matching/engine.ts";
import type {
  IdeaCandidate,
  MatchOptions,
  MemberProfile,
  VenueCandidate,
} from "../../src/server/modules/matching/types.ts";
import {
  ACCESSIBILITY_OPTIONS,
  DATE_TYPES,
  DAYS_OF_WEEK,
  DIETARY_OPTIONS,
  TIMES_OF_DAY,
} from "../../src/shared/constants.ts";
import { base, supper } from "../helpers/match-profiles.ts";

// ---------------------------------------------------------------------------------------------------------
// The test's own rules

const wall = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  weekday: "long",
  hourCycle: "h23",
});
function london(at: Date) {
  const p = Object.fromEntries(wall.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    ym: `${p.year}-${p.month}`,
    month: Number(p.month),
    day: Number(p.day),
    dayKey: `${p.year}-${p.month}-${p.day}`,
    hm: `${p.hour}:${p.minute}`,
    weekday: String(p.weekday).toLowerCase(),
  };
}
function miles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
const key = (s: string) => s.trim().toLowerCase();
const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };
const SPEND: Record<string, number> = { "£": 0, "££": 1, "£££": 2 };
const priceOk = (m: MemberProfile, level: string) =>
  m.dateSpend === null ||
  (STEP[key(level)] !== undefined &&
    Math.abs(STEP[key(level)] - SPEND[m.dateSpend]) <= (m.openToTrying ? 1 : 0));
const SLOT: Record<string, { pref: string; idea: string }> = {
  "10:30": { pref: "mornings", idea: "morning" },
  "14:00": { pref: "afternoons", idea: "afternoon" },
  "19:00": { pref: "evenings", idea: "evening" },
};
const SEASON = [
  "winter",
  "winter",
  "spring",
  "spring",
  "spring",
  "summer",
  "summer",
  "summer",
  "autumn",
  "autumn",
  "autumn",
  "winter",
];
const DRINKS = /\b(cocktails?|wines?|beers?|gin|whisky|brewery|pub|spirits)\b/i;
function sixMonthsBefore(at: Date): number {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - 6);
  return d.getTime();
}

/** Every hard rule broken by a result, in the test's own words. */
function violations(
  m: MemberProfile,
  venues: VenueCandidate[],
  o: MatchOptions,
  res: ReturnType<typeof findMatches>,
) {
  const out: string[] = [];
  if ((res.matches.length === 0) !== (res.noFit !== null))
    out.push("noFit must be set iff there is no match");
  if (res.matches.length > (o.limit ?? 1)) out.push("more matches than the limit");
  if (new Set(res.matches.map((x) => x.venueId)).size !== res.matches.length) out.push("a venue twice");
  for (const x of res.matches) {
    const bad = (s: string) =>
      out.push(`${x.venueId}/${x.dateIdeaId} at ${x.scheduledDate.toISOString()}: ${s}`);
    const v = venues.find((y) => y.id === x.venueId);
    if (!v) {
      bad("unknown venue");
      continue;
    }
    const at = x.scheduledDate;
    const t = at.getTime();
    const w = london(at);
    if (m.subscriptionStatus !== "active" || !m.tier) bad("member not active");
    if (m.pausedUntil && t < m.pausedUntil.getTime()) bad("paused");
    if (t < o.now.getTime() + 72 * 3_600_000 || t < o.from.getTime() || t > o.to.getTime())
      bad("outside window");
    if (m.quotaRemaining(w.ym) <= 0) bad("no quota left");
    if (w.day > 28) bad("day 29-31");
    if (!m.scheduling.some((s) => s.weekOfMonth === Math.ceil(w.day / 7) && s.dayOfWeek === w.weekday))
      bad("day not chosen");
    const slot = SLOT[w.hm];
    if (!slot || !m.times.includes(slot.pref as never)) bad(`time ${w.hm} not chosen`);
    for (const h of m.history) {
      if (h.status === "cancelled") continue;
      if (
        Math.abs(h.scheduledDate.getTime() - t) < 4 * 3_600_000 ||
        london(h.scheduledDate).dayKey === w.dayKey
      ) {
        bad("clash");
      }
      if (h.venueId === v.id && h.scheduledDate.getTime() > sixMonthsBefore(at))
        bad("venue visited within 6 months");
    }
    if (!m.location || !v.location) bad("no location");
    else if (miles(m.location, v.location) > m.travelRadiusMiles) bad("too far");
    const vd = new Set(v.dietary.map(key));
    const va = new Set(v.accessibility.map(key));
    for (const d of m.dietary) if (!vd.has(key(d))) bad(`lacks ${d}`);
    for (const a of m.accessibility) if (!va.has(key(a))) bad(`lacks ${a}`);
    if (!priceOk(m, v.priceLevel)) bad("venue price");
    if (m.excludedVenueIds.includes(v.id)) bad("excluded");
    if (x.dateIdeaId === null) {
      if (v.ideas.length > 0) bad("venue has ideas but none chosen");
    } else {
      const i = v.ideas.find((y) => y.id === x.dateIdeaId);
      if (!i) bad("idea not at venue");
      else {
        if (!priceOk(m, i.priceLevel)) bad("idea price");
        if (i.season !== "any" && i.season !== SEASON[w.month - 1]) bad("out of season");
        if (slot && i.timeOfDay !== slot.idea) bad("idea time of day");
        if (
          !m.alcoholOk &&
          (i.category === "bars" || DRINKS.test(i.title) || i.tags.some((g) => DRINKS.test(g)))
        ) {
          bad("alcohol-led");
        }
      }
    }
    if (x.reasons.length < 2 || x.reasons.length > 5) bad(`${x.reasons.length} reasons`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Generators

const place = fc.record({
  lat: fc.double({ min: 51.35, max: 51.65, noNaN: true }),
  lng: fc.double({ min: -0.4, max: 0.15, noNaN: true }),
});
const labels = (all: readonly string[], max: number) =>
  fc
    .subarray([...all], { maxLength: max })
    .chain((l) =>
      fc.tuple(...l.map((s) => fc.constantFrom(s, s.toLowerCase(), ` ${s} `))).map((x) => x as string[]),
    );
const price = fc.constantFrom("low", "medium", "high");
const idea = (id: number): fc.Arbitrary<IdeaCandidate> =>
  fc.record({
    id: fc.constant(id),
    title: fc.constantFrom(
      "Supper club",
      "Wine tasting",
      "Climbing",
      "Jazz night",
      "Gin masterclass",
      "Gallery late",
    ),
    category: fc.constantFrom(
      "culinary",
      "active",
      "adventure",
      "live_music",
      "bars",
      "cultural",
      "wellness",
    ),
    priceLevel: price,
    season: fc.constantFrom("any", "any", "spring", "summer", "autumn", "winter"),
    timeOfDay: fc.constantFrom("morning", "afternoon", "evening"),
    duration: fc.constant(2),
    tags: fc.constantFrom([], ["cocktails"], ["food"]),
    requirements: fc.constant([]),
  });
const venue = (id: number): fc.Arbitrary<VenueCandidate> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`Venue ${id}`),
    type: fc.constantFrom("restaurant", "activity", "cultural", "adventure", "wellness"),
    priceLevel: price,
    city: fc.constant("London"),
    address: fc.constant(null),
    postcode: fc.constant(null),
    location: fc.option(place, { freq: 12 }),
    dietary: labels(DIETARY_OPTIONS, 9),
    accessibility: labels(ACCESSIBILITY_OPTIONS, 6),
    ideas: fc
      .integer({ min: 0, max: 3 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => idea(id * 10 + k)))),
  });
const venues = fc
  .integer({ min: 0, max: 30 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => venue(k + 1))));

const NOW = new Date("2026-11-20T09:00:00Z");
const history = (venueCount: number) =>
  fc.array(
    fc.record({
      reservationId: fc.integer({ min: 1, max: 1000 }),
      venueId: fc.option(fc.integer({ min: 1, max: Math.max(1, venueCount) })),
      venueType: fc.constant("restaurant"),
      category: fc.option(fc.constantFrom("culinary", "active", "cultural")),
      scheduledDate: fc
        .integer({ min: -200, max: 60 })
        .map((d) => new Date(NOW.getTime() + d * 86_400_000 + 18 * 3_600_000)),
      status: fc.constantFrom("completed", "scheduled", "cancelled"),
      rating: fc.option(fc.integer({ min: 1, max: 5 })),
    }),
    { maxLength: 4 },
  );
const member = (venueCount: number): fc.Arbitrary<MemberProfile> =>
  fc.record({
    userId: fc.constant(1),
    partnerId: fc.constant(null),
    name: fc.constant("Alex"),
    tier: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom("gold", "silver") },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    subscriptionStatus: fc.oneof(
      { weight: 12, arbitrary: fc.constant("active") },
      { weight: 1, arbitrary: fc.constant("paused") },
    ),
    pausedUntil: fc.option(
      fc.integer({ min: 0, max: 40 }).map((d) => new Date(NOW.getTime() + d * 86_400_000)),
      { freq: 8 },
    ),
    postcode: fc.constant("SW1A 1AA"),
    location: fc.option(place, { freq: 15 }),
    travelRadiusMiles: fc.constantFrom(1, 3, 5, 10, 25, 25, 50),
    dateSpend: fc.constantFrom("£", "££", "£££", null),
    openToTrying: fc.boolean(),
    alcoholOk: fc.boolean(),
    dateTypes: fc.shuffledSubarray([...DATE_TYPES], { minLength: 1 }),
    times: fc.shuffledSubarray([...TIMES_OF_DAY], { minLength: 1 }),
    scheduling: fc.uniqueArray(
      fc.record({ weekOfMonth: fc.integer({ min: 1, max: 4 }), dayOfWeek: fc.constantFrom(...DAYS_OF_WEEK) }),
      { minLength: 2, maxLength: 12, selector: (s) => `${s.weekOfMonth}${s.dayOfWeek}` },
    ),
    dietary: fc.oneof(
      { weight: 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 2, arbitrary: fc.subarray(["Vegan", " halal", "Gluten-free"], { maxLength: 2 }) },
    ),
    accessibility: fc.oneof(
      { weight: 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 1, arbitrary: fc.subarray(["Step-free access", "hearing loop "], { maxLength: 1 }) },
    ),
    excludedVenueIds: fc.subarray(
      Array.from({ length: venueCount }, (_, k) => k + 1),
      { maxLength: Math.min(3, venueCount) },
    ),
    history: history(venueCount),
    quotaRemaining: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          () => 1,
          () => 2,
        ),
      },
      { weight: 1, arbitrary: fc.constant(() => 0) },
      { weight: 2, arbitrary: fc.constant((ym: string) => (ym === "2026-12" ? 1 : 0)) },
    ),
  });
const window = fc
  .tuple(fc.integer({ min: -5, max: 40 }), fc.integer({ min: 1, max: 60 }))
  .map(([start, len]) => ({
    from: new Date(NOW.getTime() + start * 86_400_000),
    to: new Date(NOW.getTime() + (start + len) * 86_400_000),
  }));

describe("findMatches (properties)", () => {
  it("never breaks a hard rule; noFit is set exactly when nothing matches", () => {
    let matched = 0;
    fc.assert(
      fc.property(
        venues.chain((vs) =>
          fc.tuple(fc.constant(vs), member(vs.length), window, fc.integer({ min: 1, max: 4 })),
        ),
        ([vs, m, w, limit]) => {
          const o: MatchOptions = { now: NOW, ...w, limit };
          const res = findMatches(m, vs, o);
          if (res.matches.length > 0) matched++;
          expect(violations(m, vs, o, res)).toEqual([]);
          // Deterministic, and the category shortcut finds what looking at every venue finds.
          expect(findMatches(m, vs, o)).toEqual(res);
          expect(findMatches(m, vs, { ...o, exhaustive: true } as MatchOptions)).toEqual(res);
        },
      ),
      { numRuns: 400 },
    );
    // The generators are tuned so that a fair share of worlds has matches to check.
    expect(matched).toBeGreaterThan(50);
  });

  it("the planner's options (venue load, full slots) keep every rule and the shortcut exact", () => {
    fc.assert(
      fc.property(
        venues.chain((vs) =>
          fc.tuple(
            fc.constant(vs),
            member(vs.length),
            window,
            fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 4 })), {
              maxLength: 20,
            }),
            fc.integer({ min: 0, max: 3 }),
          ),
        ),
        ([vs, m, w, loads, fullMod]) => {
          const o = {
            now: NOW,
            ...w,
            limit: 1,
            venueLoad: new Map(loads),
            slotFull: (venueId: number, at: number) =>
              fullMod > 0 && (venueId + at / 3_600_000) % (fullMod + 1) === 0,
          };
          const res = findMatches(m, vs, o);
          expect(violations(m, vs, o, res)).toEqual([]);
          for (const x of res.matches) expect(o.slotFull(x.venueId, x.scheduledDate.getTime())).toBe(false);
          expect(findMatches(m, vs, { ...o, exhaustive: true } as MatchOptions)).toEqual(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds a match whenever an obviously fitting venue exists", () => {
    fc.assert(
      fc.property(member(0), (m0) => {
        const m: MemberProfile = {
          ...m0,
          tier: "gold",
          subscriptionStatus: "active",
          pausedUntil: null,
          location: { lat: 51.5, lng: -0.12 },
          history: [],
          quotaRemaining: () => 1,
          scheduling: [...DAYS_OF_WEEK].flatMap((d) =>
            [1, 2, 3, 4].map((wk) => ({ weekOfMonth: wk, dayOfWeek: d })),
          ),
        };
        const v: VenueCandidate = {
          id: 1,
          name: "Everything",
          type: "wellness",
          priceLevel: m.dateSpend === "£" ? "low" : m.dateSpend === "£££" ? "high" : "medium",
          city: "London",
          address: null,
          postcode: null,
          location: { lat: 51.5, lng: -0.12 },
          dietary: [...DIETARY_OPTIONS],
          accessibility: [...ACCESSIBILITY_OPTIONS],
          ideas: [],
        };
        const res = findMatches({ ...m, excludedVenueIds: [] }, [v], {
          now: NOW,
          from: new Date("2026-12-01T00:00:00Z"),
          to: new Date("2026-12-31T23:00:00Z"),
        });
        expect(res.noFit).toBeNull();
        expect(res.matches).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Hand-written cases

const table: VenueCandidate = {
  id: 1,
  name: "Green Table",
  type: "restaurant",
  priceLevel: "medium",
  city: "London",
  address: "1 Borough High St",
  postcode: "SE1 9PX",
  location: { lat: 51.5055, lng: -0.091 },
  dietary: ["Vegan", "Vegetarian"],
  accessibility: ["Step-free access"],
  ideas: [supper],
};
const DEC = { now: NOW, from: new Date("2026-12-01T00:00:00Z"), to: new Date("2026-12-31T23:59:00Z") };
const noFit = (m: Partial<MemberProfile>, vs: VenueCandidate[] = [table], o: Partial<MatchOptions> = {}) =>
  findMatches({ ...base, ...m }, vs, { ...DEC, ...o }).noFit;

describe("findMatches (examples)", () => {
  it("books the fitting idea on the member's first chosen day, with reasons", () => {
    const res = findMatches(base, [table], DEC);
    expect(res.noFit).toBeNull();
    const [x] = res.matches;
    expect(x.dateIdeaId).toBe(11);
    expect(x.scheduledDate.toISOString()).toBe("2026-12-05T19:00:00.000Z");
    expect(x.reasons).toEqual([
      "Their #1 date type: Restaurants",
      "2.2 miles from SW1A (within their 10)",
      "Saturday evening, their first-choice time",
      "££ fits their budget",
    ]);
  });

  it("keeps BST: a June evening is 18:00 UTC", () => {
    const res = findMatches(base, [table], {
      now: new Date("2026-05-20T09:00:00Z"),
      from: new Date("2026-06-01T00:00:00Z"),
      to: new Date("2026-06-30T00:00:00Z"),
    });
    expect(res.matches[0].scheduledDate.toISOString()).toBe("2026-06-06T18:00:00.000Z");
  });

  it("prefers variety, ranked types, and real ideas over a venue matched as itself", () => {
    const museum: VenueCandidate = { ...table, id: 2, name: "Museum", type: "cultural", ideas: [] };
    const res = findMatches(base, [museum, table], { ...DEC, limit: 2 });
    expect(res.matches.map((x) => x.venueId)).toEqual([1, 2]);
    const after = findMatches(
      {
        ...base,
        history: [
          {
            reservationId: 1,
            venueId: 9,
            venueType: "restaurant",
            category: "culinary",
            scheduledDate: new Date("2026-11-10T19:00:00Z"),
            status: "completed",
            rating: null,
          },
        ],
      },
      [
        table,
        {
          ...table,
          id: 3,
          name: "Gallery",
          type: "cultural",
          ideas: [{ ...supper, id: 31, category: "cultural" }],
        },
      ],
      DEC,
    );
    expect(after.matches[0].venueId).toBe(3);
    expect(after.matches[0].reasons).toContain("Something different after last month's culinary date");
  });

  it("names the rule that ruled everything out", () => {
    expect(noFit({ dietary: ["Halal"] })).toBe("No venue within 10 miles of SW1A offers Halal");
    expect(noFit({ dietary: ["vegan "], accessibility: ["Hearing loop"] })).toBe(
      "No venue within 10 miles of SW1A has Hearing loop",
    );
    expect(noFit({ travelRadiusMiles: 2 })).toBe(
      "No venue within 2 miles of SW1A (the nearest is 2.2 miles away)",
    );
    expect(noFit({ pausedUntil: new Date("2027-01-05T00:00:00Z") })).toBe(
      "Subscription is paused until 5 January",
    );
    expect(noFit({ subscriptionStatus: "cancelled" })).toBe("Subscription is cancelled, not active");
    expect(noFit({ tier: null })).toBe("No subscription tier is set");
    const planned = (day: number) => ({
      reservationId: day,
      venueId: 7,
      venueType: "restaurant",
      category: "culinary",
      scheduledDate: new Date(`2026-12-${day}T19:00:00Z`),
      status: "scheduled",
      rating: null,
    });
    expect(noFit({ quotaRemaining: () => 0, history: [planned(12), planned(19)] })).toBe(
      "December's 2 dates are already planned",
    );
    expect(noFit({ history: [planned(5), planned(18)] })).toBe(
      "No evening slot on their chosen days is free between 1 December and 31 December",
    );
    expect(noFit({ dateSpend: "£" })).toBe("No venue within 10 miles of SW1A fits their £ budget");
    expect(noFit({ excludedVenueIds: [1] })).toBe(
      "All 1 venue within 10 miles of SW1A that fit are excluded for this couple",
    );
    expect(
      noFit({
        history: [
          { ...planned(1), venueId: 1, scheduledDate: new Date("2026-09-01T19:00:00Z"), status: "completed" },
        ],
      }),
    ).toBe(
      "Every venue within 10 miles of SW1A that fits was visited in the last 6 months or is already planned",
    );
    expect(noFit({ alcoholOk: false }, [{ ...table, ideas: [{ ...supper, title: "Wine tasting" }] }])).toBe(
      "The venues within 10 miles of SW1A that fit only offer alcohol-led dates",
    );
    expect(noFit({ times: ["mornings"] })).toBe(
      "No date idea at the venues within 10 miles of SW1A that fit runs in the morning in December",
    );
    expect(noFit({ location: null })).toBe("Postcode SW1A 1AA cannot be placed on the map");
    expect(noFit({}, [{ ...table, location: null }])).toBe("No venue has a known location");
    expect(
      noFit({ scheduling: [{ weekOfMonth: 1, dayOfWeek: "monday" }] }, [table], {
        to: new Date("2026-12-06T00:00:00Z"),
      }),
    ).toBe("None of their chosen days has an evening slot between 1 December and 6 December");
  });
});
