import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closuresSchema, openingHoursSchema, venueCreateSchema } from "../../src/shared/admin/venues.ts";
import { canonicalNeed } from "../../src/shared/needs-vocabulary.ts";
import {
  bankHolidays,
  closedOn,
  formatHoursCell,
  holidayOn,
  outsideHours,
  overlapping,
  parseHoursCell,
  peakOverlap,
  venueEveningProblem,
  WEEKDAY_KEYS,
} from "../../src/shared/venue-hours.ts";

const evening = (
  cell: string,
  extra: { closures?: { from: string; to: string; reason: string }[]; opensOnHolidays?: boolean } = {},
) => {
  const parsed = parseHoursCell(cell);
  if ("errors" in parsed) throw new Error(parsed.errors.join("; "));
  return {
    openingHours: parsed.hours,
    closures: extra.closures ?? [],
    opensOnHolidays: extra.opensOnHolidays ?? false,
  };
};

describe("the opening hours cell", () => {
  it("reads day ranges, several sessions, closed days and sessions past midnight", () => {
    const parsed = parseHoursCell("Tue-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-23:30; Sun closed");
    expect(parsed).toEqual({
      hours: {
        mon: [],
        tue: ["17:00-23:00"],
        wed: ["17:00-23:00"],
        thu: ["17:00-23:00"],
        fri: ["17:00-23:00"],
        sat: ["12:00-15:00", "17:00-23:30"],
        sun: [],
      },
    });
    expect(parseHoursCell("Daily 18:00-01:00")).toMatchObject({
      hours: { mon: ["18:00-01:00"], sun: ["18:00-01:00"] },
    });
    expect(parseHoursCell("Fri-Mon 9:00 - 17:00")).toMatchObject({
      hours: {
        fri: ["09:00-17:00"],
        sat: ["09:00-17:00"],
        sun: ["09:00-17:00"],
        mon: ["09:00-17:00"],
        tue: [],
      },
    });
    expect(parseHoursCell("Monday to Wednesday 10:00-22:00")).toMatchObject({
      hours: { tue: ["10:00-22:00"] },
    });
  });

  it("names what is wrong: a bad time, a bad day, overlapping sessions, an empty cell", () => {
    expect(parseHoursCell("Tue 25:00-26:00")).toEqual({
      errors: ['"25:00-26:00" is not a time range: use HH:MM-HH:MM, e.g. 17:00-23:00'],
    });
    expect(parseHoursCell("Tus 17:00-23:00")).toEqual({
      errors: ['"tus" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun'],
    });
    expect(parseHoursCell("Sat 12:00-16:00, 15:00-23:00")).toEqual({ errors: ["Sat's sessions overlap"] });
    expect(parseHoursCell("Sat 17:00-17:00")).toEqual({
      errors: ['Sat: "17:00-17:00" starts and ends at the same time'],
    });
    expect("errors" in parseHoursCell("  ")).toBe(true);
    expect("errors" in parseHoursCell("evenings")).toBe(true);
  });

  it("writes a cell that reads back to the same hours (property)", () => {
    const session = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45), fc.integer({ min: 1, max: 10 }))
      .map(([h, m, len]) => {
        const end = (h * 60 + m + len * 60) % 1440;
        const pad = (n: number) => String(n).padStart(2, "0");
        return `${pad(h)}:${pad(m)}-${pad(Math.floor(end / 60))}:${pad(end % 60)}`;
      });
    const hours = fc.record(
      Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, fc.array(session, { maxLength: 1 })])) as Record<
        (typeof WEEKDAY_KEYS)[number],
        fc.Arbitrary<string[]>
      >,
    );
    fc.assert(
      fc.property(hours, (h) => {
        const cell = formatHoursCell(h);
        if (cell === "Closed") return WEEKDAY_KEYS.every((d) => h[d].length === 0);
        const back = parseHoursCell(cell);
        return "hours" in back && JSON.stringify(back.hours) === JSON.stringify(h);
      }),
      { numRuns: 300 },
    );
  });

  it("the API takes the object or the cell, with errors by day", () => {
    expect(openingHoursSchema.parse("Mon 10:00-12:00")).toMatchObject({ mon: ["10:00-12:00"], tue: [] });
    expect(openingHoursSchema.parse(null)).toBeNull();
    expect(openingHoursSchema.parse({ tue: ["9:00-17:00"] })).toMatchObject({
      tue: ["09:00-17:00"],
      mon: [],
    });
    const bad = openingHoursSchema.safeParse({ tue: ["17:00-23:00", "22:00-23:30"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ message: "Tue's sessions overlap", path: ["tue"] });
    expect(openingHoursSchema.safeParse({ funday: ["10:00-11:00"] }).success).toBe(false);
    expect(openingHoursSchema.safeParse(42).success).toBe(false);
  });
});

describe("closures and holidays", () => {
  it("England and Wales bank holidays, with substitute days", () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-04",
      "2026-05-25",
      "2026-08-31",
      "2026-12-25",
      "2026-12-28",
    ]);
    // 2027: Christmas on a Saturday, Boxing Day on a Sunday; 2022: New Year's Day on a Saturday.
    expect(bankHolidays(2027).has("2027-12-27")).toBe(true);
    expect(bankHolidays(2027).has("2027-12-28")).toBe(true);
    expect(bankHolidays(2022).has("2022-01-03")).toBe(true);
    expect(bankHolidays(2025).has("2025-04-18")).toBe(true); // Good Friday
  });

  it("24 December to 1 January and bank holidays are closed unless the venue opens", () => {
    expect(holidayOn("2026-12-24")).toBe("Christmas and New Year");
    expect(holidayOn("2027-01-01")).toBe("Christmas and New Year");
    expect(holidayOn("2026-08-31")).toBe("a bank holiday");
    expect(holidayOn("2026-12-23")).toBeNull();
    const v = evening("Daily 12:00-23:00");
    expect(closedOn(v, "2026-12-24")).toBe("Christmas and New Year");
    expect(closedOn({ ...v, opensOnHolidays: true }, "2026-12-24")).toBeNull();
    const shut = { ...v, closures: [{ from: "2026-12-01", to: "2026-12-03", reason: "Refit" }] };
    expect(closedOn(shut, "2026-12-02")).toBe("Refit");
    expect(closedOn(shut, "2026-12-04")).toBeNull();
  });

  it("closures are dates that end on or after they start", () => {
    expect(closuresSchema.parse([{ from: "2026-12-05", reason: "Private hire" }])).toEqual([
      { from: "2026-12-05", to: "2026-12-05", reason: "Private hire" },
    ]);
    const backwards = closuresSchema.safeParse([{ from: "2026-12-05", to: "2026-12-01" }]);
    expect(backwards.error?.issues[0].message).toBe("A closure must end on or after the day it starts");
    expect(closuresSchema.safeParse([{ from: "2026-02-30" }]).success).toBe(false);
    expect(closuresSchema.safeParse([{ from: "0000-00-00" }]).success).toBe(false);
  });
});

describe("a date inside the venue's evening", () => {
  it("fits inside one session of that day, or a session of the day before that runs past midnight", () => {
    const v = evening("Tue-Sat 18:00-01:00");
    // Friday 4 December 2026, 19:00 GMT, for 3 hours: inside.
    expect(venueEveningProblem(v, new Date("2026-12-04T19:00:00Z"), 3)).toBeNull();
    // Too long: 19:00 + 7 h is past 01:00.
    expect(venueEveningProblem(v, new Date("2026-12-04T19:00:00Z"), 7)).toEqual({
      kind: "hours",
      detail: "open 18:00-01:00",
    });
    // Saturday 00:00 for an hour belongs to Friday's session; 00:30 for an hour runs past its close.
    expect(outsideHours(v, new Date("2026-12-05T00:00:00Z"), 1)).toBeNull();
    expect(outsideHours(v, new Date("2026-12-05T00:30:00Z"), 1)).toBe("open 18:00-01:00");
    // Monday: closed.
    expect(venueEveningProblem(v, new Date("2026-12-07T19:00:00Z"), 2)).toEqual({
      kind: "hours",
      detail: "closed on Mons",
    });
    // Christmas Eve, a Thursday: closed for the holidays.
    expect(venueEveningProblem(v, new Date("2026-12-24T19:00:00Z"), 2)).toEqual({
      kind: "closed",
      detail: "Christmas and New Year",
    });
    // After midnight inside the night's session, the closures of the evening it started on count.
    const night = evening("Daily 22:00-02:00", {
      closures: [{ from: "2026-12-04", to: "2026-12-04", reason: "Hired" }],
    });
    expect(venueEveningProblem(night, new Date("2026-12-05T00:30:00Z"), 1)).toEqual({
      kind: "closed",
      detail: "Hired",
    });
    expect(venueEveningProblem(night, new Date("2026-12-06T00:30:00Z"), 1)).toBeNull();
    // London summer time: 19:00 BST is 18:00 UTC.
    expect(venueEveningProblem(evening("Daily 19:00-23:00"), new Date("2026-07-10T18:00:00Z"), 2)).toBeNull();
  });

  it("counts overlapping dates for capacity", () => {
    const h = 3_600_000;
    const booked: [number, number][] = [
      [0, 2 * h],
      [3 * h, 5 * h],
    ];
    expect(overlapping(booked, h, 2 * h)).toBe(1);
    expect(overlapping(booked, 2 * h, 3 * h)).toBe(0);
    expect(overlapping(booked, h, 4 * h)).toBe(2);
    // Never both there at once: one at a time beside a date from 1 to 4.
    expect(peakOverlap(booked, h, 4 * h)).toBe(1);
    expect(
      peakOverlap(
        [
          [0, 3 * h],
          [h, 2 * h],
        ],
        0,
        h / 2,
      ),
    ).toBe(1);
    expect(
      peakOverlap(
        [
          [0, 3 * h],
          [h, 2 * h],
        ],
        0,
        3 * h,
      ),
    ).toBe(2);
  });
});

describe("one vocabulary for needs", () => {
  it("maps common spellings to the members' words and refuses the unknown", () => {
    expect(canonicalNeed("dietary", "GF")).toBe("Gluten-free");
    expect(canonicalNeed("dietary", " halal ")).toBe("Halal");
    expect(canonicalNeed("dietary", "nut-free")).toBe("Nut Allergies");
    expect(canonicalNeed("access", "wheelchair")).toBe("Wheelchair accessible");
    expect(canonicalNeed("access", "Step free")).toBe("Step-free access");
    expect(canonicalNeed("dietary", "Paleo")).toBeNull();
    const parsed = venueCreateSchema.safeParse({
      name: "Needs Test",
      city: "London",
      type: "restaurant",
      dietaryAccommodations: "GF, vegan, Paleo",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toMatch(
      /^Dietary accommodations: "Paleo" is not one of the needs members choose/,
    );
    expect(
      venueCreateSchema.parse({
        name: "Needs Test",
        city: "London",
        type: "restaurant",
        dietaryAccommodations: "GF, vegan, gf",
      }).dietaryAccommodations,
    ).toEqual(["Gluten-free", "Vegan"]);
  });
});
