/**
 * Planning quality: a couple's dates in a month at least MIN_DAYS_BETWEEN_DATES apart (and, when
 * their chosen days leave no room, the closest possible with a reason saying so), a pause that starts later,
 * and the engine's and writer's words: the month of a previous date, one phrase per price relation, and the
 * whole window named when every month is full.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtInSuggestion } from "../../src/server/modules/admin/suggestions/writer.ts";
import { findMatches } from "../../src/server/modules/matching/engine.ts";
import { truePrevious } from "../../src/server/modules/matching/plan.ts";
import { MIN_DAYS_BETWEEN_DATES, pricePhrase } from "../../src/server/modules/matching/rules.ts";
import type {
  Match,
  MatchOptions,
  MemberProfile,
  VenueCandidate,
} from "../../src/server/modules/matching/types.ts";
import { DAYS_OF_WEEK } from "../../src/shared/constants.ts";
import { base, supper } from "../helpers/match-profiles.ts";

const NOW = new Date("2026-11-20T09:00:00Z");
const DEC: MatchOptions = {
  now: NOW,
  from: new Date("2026-12-01T00:00:00Z"),
  to: new Date("2026-12-31T23:59:00Z"),
};
const DAY = 86_400_000;

const venue = (id: number): VenueCandidate => ({
  id,
  name: `Table ${id}`,
  type: "restaurant",
  priceLevel: "medium",
  city: "London",
  address: null,
  postcode: null,
  location: { lat: 51.5055 + id * 0.001, lng: -0.091 },
  dietary: [],
  accessibility: [],
  ideas: [{ ...supper, id: id * 10 + 1 }],
});
const VENUES = Array.from({ length: 6 }, (_, i) => venue(i + 1));

/** As the monthly planner does: one date at a time, each added to the couple's history before the next. */
function planDates(member: MemberProfile, need: number, options: MatchOptions = DEC): Match[] {
  const out: Match[] = [];
  let history = member.history;
  for (let placed = 0; placed < need; placed++) {
    const left = need - placed;
    const res = findMatches({ ...member, history, quotaRemaining: () => left }, VENUES, options);
    const m = res.matches[0];
    if (!m) break;
    out.push(m);
    history = [
      {
        reservationId: -out.length,
        venueId: m.venueId,
        venueType: m.venueType,
        category: m.category,
        scheduledDate: m.scheduledDate,
        status: "scheduled",
        rating: null,
      },
      ...history,
    ];
  }
  return out;
}

const dayOf = (d: Date) =>
  Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric" }).format(d));

/** The most dates MIN_DAYS_BETWEEN_DATES apart that fit on the given days of the month (greedy, by hand). */
function mostApart(days: number[]): number {
  let n = 0;
  let last = -99;
  for (const d of [...days].sort((a, b) => a - b)) {
    if (d - last >= MIN_DAYS_BETWEEN_DATES) {
      n++;
      last = d;
    }
  }
  return n;
}

describe("spacing a couple's dates in a month", () => {
  it(`never puts three dates within ${MIN_DAYS_BETWEEN_DATES} days of each other when the chosen days allow`, () => {
    const choice = fc.record({
      weekOfMonth: fc.integer({ min: 1, max: 4 }),
      dayOfWeek: fc.constantFrom(...DAYS_OF_WEEK),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(choice, {
          minLength: 3,
          maxLength: 12,
          selector: (c) => `${c.weekOfMonth}${c.dayOfWeek}`,
        }),
        (scheduling) => {
          const member = { ...base, scheduling };
          // December 2026 starts on a Tuesday: day d of week w is ((w - 1) * 7 + 1..7).
          const chosenDays: number[] = [];
          for (let d = 1; d <= 28; d++) {
            const wd = DAYS_OF_WEEK[(new Date(Date.UTC(2026, 11, d)).getUTCDay() + 6) % 7];
            if (scheduling.some((s) => s.weekOfMonth === Math.ceil(d / 7) && s.dayOfWeek === wd))
              chosenDays.push(d);
          }
          const dates = planDates(member, 3);
          expect(dates).toHaveLength(Math.min(3, chosenDays.length));
          const days = dates.map((m) => dayOf(m.scheduledDate)).sort((a, b) => a - b);
          if (mostApart(chosenDays) >= 3) {
            for (let i = 1; i < days.length; i++)
              expect(days[i] - days[i - 1]).toBeGreaterThanOrEqual(MIN_DAYS_BETWEEN_DATES);
            for (const m of dates) expect(m.reasons.join(" ")).not.toMatch(/no room/);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("spreads three dates across a month of Saturdays instead of the first three chosen days", () => {
    const scheduling = [1, 2, 3, 4].flatMap((w) =>
      (["thursday", "friday", "saturday"] as const).map((d) => ({ weekOfMonth: w, dayOfWeek: d })),
    );
    const days = planDates({ ...base, scheduling }, 3).map((m) => dayOf(m.scheduledDate));
    expect(days.sort((a, b) => a - b)).toEqual([3, 10, 17]);
  });

  it("counts the couple's existing dates in the month", () => {
    const scheduling = [1, 2, 3, 4].map((w) => ({ weekOfMonth: w, dayOfWeek: "saturday" as const }));
    const existing = {
      reservationId: 7,
      venueId: 99,
      venueType: "restaurant",
      category: "cultural",
      scheduledDate: new Date("2026-12-03T19:00:00Z"),
      status: "scheduled",
      rating: null,
    };
    const [m] = planDates({ ...base, scheduling, history: [existing] }, 1);
    // 5 December is 2 days after the 3rd: the 12th is the first Saturday 5 days away.
    expect(dayOf(m.scheduledDate)).toBe(12);
  });

  it("when the chosen days leave no room, plans the closest possible and says so", () => {
    // Only 3, 4 and 5 December (Thursday to Saturday of the first week).
    const scheduling = (["thursday", "friday", "saturday"] as const).map((d) => ({
      weekOfMonth: 1,
      dayOfWeek: d,
    }));
    const dates = planDates({ ...base, scheduling }, 2);
    expect(dates.map((m) => dayOf(m.scheduledDate)).sort()).toEqual([3, 5]);
    expect(dates[0].reasons.join(" ")).not.toMatch(/no room/);
    expect(dates[1].reasons).toContain(
      "Only 2 days from their date on 3 December: their chosen days leave no room to keep dates 5 days apart",
    );
    const three = planDates({ ...base, scheduling }, 3);
    expect(three.map((m) => dayOf(m.scheduledDate)).sort()).toEqual([3, 4, 5]);
    // The 4th is a day from both the 3rd and the 5th.
    expect(three[2].reasons).toContain(
      "Only 1 day from their date on 5 December: their chosen days leave no room to keep dates 5 days apart",
    );
  });
});

describe("a pause that starts later (pausedFrom)", () => {
  const until = new Date("2027-01-05T00:00:00Z");
  it("keeps the slots before the pause and none inside it", () => {
    const res = findMatches(
      { ...base, pausedFrom: new Date("2026-12-10T00:00:00Z"), pausedUntil: until },
      VENUES,
      DEC,
    );
    expect(res.matches[0].scheduledDate.toISOString()).toBe("2026-12-05T19:00:00.000Z");
    const later = findMatches(
      {
        ...base,
        scheduling: [{ weekOfMonth: 3, dayOfWeek: "friday" }],
        pausedFrom: new Date("2026-12-10T00:00:00Z"),
        pausedUntil: until,
      },
      VENUES,
      DEC,
    );
    expect(later.matches).toEqual([]);
    expect(later.noFit).toBe("Subscription is paused from 10 December until 5 January");
  });

  it("without pausedFrom the pause holds from now, as before", () => {
    expect(findMatches({ ...base, pausedFrom: null, pausedUntil: until }, VENUES, DEC).noFit).toBe(
      "Subscription is paused until 5 January",
    );
    const after = findMatches(
      { ...base, pausedFrom: null, pausedUntil: new Date("2026-12-10T00:00:00Z") },
      VENUES,
      DEC,
    );
    expect(after.matches[0].scheduledDate.toISOString()).toBe("2026-12-18T19:00:00.000Z");
  });
});

describe("the engine's words", () => {
  const previous = (at: string) => ({
    reservationId: 5,
    venueId: 99,
    venueType: "cultural",
    category: "cultural",
    scheduledDate: new Date(at),
    status: "completed",
    rating: null,
  });
  const reasonAfter = (at: string, now = NOW) =>
    findMatches({ ...base, history: [previous(at)] }, VENUES, { ...DEC, now }).matches[0].reasons.find((r) =>
      r.startsWith("Something different"),
    );

  it('says "last month\'s" only of a date in the previous month that has happened; else names the date', () => {
    expect(reasonAfter("2026-11-10T19:00:00Z")).toBe("Something different after last month's cultural date");
    // Still to come when the words are written (now is 20 November).
    expect(reasonAfter("2026-11-28T19:00:00Z")).toBe(
      "Something different after their cultural date on 28 November",
    );
    expect(reasonAfter("2026-10-10T18:00:00Z")).toBe(
      "Something different after their cultural date on 10 October",
    );
  });

  it("has one phrase per price relation, used by the engine and the writer alike", () => {
    expect(pricePhrase(null, true, "high")).toBeNull();
    expect(pricePhrase("£££", false, "high")).toBe("£££ fits their budget");
    expect(pricePhrase("££", true, "high")).toBe(
      "£££ is one step above their ££, and they're open to trying",
    );
    expect(pricePhrase("££", true, "low")).toBe("£ is one step below their ££, and they're open to trying");
    expect(pricePhrase("££", false, "high")).toBe("£££ is outside their ££ budget");
    expect(pricePhrase("£", true, "high")).toBe("£££ is outside their £ budget");
    const member = { ...base, openToTrying: true };
    const pricey = VENUES.map((v) => ({
      ...v,
      priceLevel: "high",
      ideas: v.ideas.map((i) => ({ ...i, priceLevel: "high" })),
    }));
    const [m] = findMatches(member, pricey, DEC).matches;
    const phrase = "£££ is one step above their ££, and they're open to trying";
    expect(m.reasons).toContain(phrase);
    const text = builtInSuggestion(member, [m]);
    expect(text).toContain(phrase);
    expect(text).not.toMatch(/comfortabl/);
  });

  it("names the whole window when every month searched is fully planned", () => {
    const everyDay = [1, 2, 3, 4].flatMap((w) => DAYS_OF_WEEK.map((d) => ({ weekOfMonth: w, dayOfWeek: d })));
    const dated = (at: string) => ({ ...previous(at), status: "scheduled" });
    const member = {
      ...base,
      scheduling: everyDay,
      quotaRemaining: () => 0,
      history: [dated("2027-01-09T19:00:00Z"), dated("2026-12-12T19:00:00Z"), dated("2026-11-25T19:00:00Z")],
    };
    const window = { now: NOW, from: NOW, to: new Date(NOW.getTime() + 60 * DAY) };
    expect(findMatches(member, VENUES, window).noFit).toBe(
      "All 3 months searched (November to January) are fully planned",
    );
    const two = { ...window, now: new Date("2026-12-01T09:00:00Z"), from: new Date("2026-12-01T09:00:00Z") };
    expect(findMatches(member, VENUES, { ...two, to: new Date("2027-01-20T00:00:00Z") }).noFit).toBe(
      "Both months searched (December and January) are fully planned",
    );
    expect(findMatches(member, VENUES, DEC).noFit).toBe("December's 1 date is already planned");
    expect(findMatches({ ...member, history: [] }, VENUES, window).noFit).toBe(
      "All 3 months searched (November to January) have no dates left in the allowance",
    );
  });
});

describe("Plan {Month}: reasons of a couple's dates planned out of date order", () => {
  it("words 'Something different after' from the date really before each one", () => {
    const h = (id: number, at: string, category: string) => ({
      reservationId: id,
      venueId: id,
      venueType: "restaurant",
      category,
      scheduledDate: new Date(at),
      status: "scheduled",
      rating: null,
    });
    // Planned first: the 18th (after November's cultural date); then the 5th, which lands before it.
    const late = {
      userId: 1,
      category: "culinary",
      venueId: 1,
      dateIdeaId: null,
      scheduledDate: new Date("2026-12-18T19:00:00Z"),
      reasons: ["Their #1 date type: Restaurants", "Something different after last month's cultural date"],
    };
    const early = {
      ...late,
      category: "active",
      scheduledDate: new Date("2026-12-05T19:00:00Z"),
      reasons: ["Something different after last month's cultural date"],
    };
    const history = [
      h(-2, "2026-12-05T19:00:00Z", "active"),
      h(-1, "2026-12-18T19:00:00Z", "culinary"),
      h(3, "2026-11-10T19:00:00Z", "cultural"),
    ];
    truePrevious([late, early], history, NOW);
    expect(late.reasons).toEqual([
      "Their #1 date type: Restaurants",
      "Something different after their active date on 5 December",
    ]);
    expect(early.reasons).toEqual(["Something different after last month's cultural date"]);
    const same = {
      ...late,
      category: "active",
      reasons: ["Something different after last month's cultural date"],
    };
    truePrevious([same], history, NOW);
    expect(same.reasons).toEqual([]);
  });
});
