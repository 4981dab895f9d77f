/**
 * The venue spreadsheet's Closures cell (parser and formatter beside the sync code), and a row of the new
 * columns checked by the venue schema without a database.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLOSURES_CELL_MSG,
  formatClosuresCell,
  parseClosuresCell,
} from "../../src/server/modules/admin/venues/sync/closures-cell.ts";
import { validateRow } from "../../src/server/modules/admin/venues/sync/rows.ts";
import { VENUE_SHEET_COLUMNS, VENUE_SYNC } from "../../src/shared/admin/venue-sync.ts";
import { VENUE_MSG } from "../../src/shared/admin/venues.ts";

const closures = (cell: string) => {
  const parsed = parseClosuresCell(cell);
  if ("errors" in parsed) throw new Error(parsed.errors.join("; "));
  return parsed.closures.map(({ from, to, reason }) => ({ from, to, reason }));
};

describe("parseClosuresCell", () => {
  it("reads days and ranges with their reasons", () => {
    expect(closures("2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit")).toEqual([
      { from: "2026-12-24", to: "2026-12-26", reason: "Christmas" },
      { from: "2027-01-05", to: "2027-01-05", reason: "Refit" },
    ]);
    expect(closures("2026-12-24 - 2026-12-26\n2027-1-5 until 2027-1-6 Staff training")).toEqual([
      { from: "2026-12-24", to: "2026-12-26", reason: "" },
      { from: "2027-01-05", to: "2027-01-06", reason: "Staff training" },
    ]);
    // UK order, as a spreadsheet program may show a typed date.
    expect(closures("24/12/2026 to 26/12/2026 Christmas")).toEqual([
      { from: "2026-12-24", to: "2026-12-26", reason: "Christmas" },
    ]);
  });

  it("an empty cell, None and a trailing semicolon", () => {
    expect(closures("")).toEqual([]);
    expect(closures("  ")).toEqual([]);
    expect(closures("None")).toEqual([]);
    expect(closures("2027-01-05 Refit; ")).toEqual([
      { from: "2027-01-05", to: "2027-01-05", reason: "Refit" },
    ]);
  });

  it("a reason may hold a semicolon; a new closure starts only where a day follows", () => {
    expect(closures("2027-01-05 Refit; phase 2; 2027-02-01 Stocktake")).toEqual([
      { from: "2027-01-05", to: "2027-01-05", reason: "Refit; phase 2" },
      { from: "2027-02-01", to: "2027-02-01", reason: "Stocktake" },
    ]);
  });

  it("says which part is not a closure", () => {
    expect(parseClosuresCell("next week")).toEqual({ errors: [CLOSURES_CELL_MSG.part("next week")] });
    expect(parseClosuresCell("Christmas 2026-12-24; 2027-01-05")).toEqual({
      errors: [CLOSURES_CELL_MSG.part("Christmas 2026-12-24")],
    });
    expect(parseClosuresCell("2026-12-24:Christmas")).toEqual({
      errors: [CLOSURES_CELL_MSG.part("2026-12-24:Christmas")],
    });
    const many = Array.from({ length: 101 }, (_, i) => `2027-01-01 Day ${i}`).join("; ");
    expect(parseClosuresCell(many)).toEqual({ errors: [CLOSURES_CELL_MSG.tooMany] });
  });

  it("leaves the days' validity and order to the venue schema", () => {
    expect(closures("2026-12-26 to 2026-12-24")).toEqual([
      { from: "2026-12-26", to: "2026-12-24", reason: "" },
    ]);
    expect(closures("2027-02-30")).toEqual([{ from: "2027-02-30", to: "2027-02-30", reason: "" }]);
  });
});

describe("formatClosuresCell", () => {
  it("writes a one-day closure once and ranges with 'to'", () => {
    expect(
      formatClosuresCell([
        { from: "2026-12-24", to: "2026-12-26", reason: "Christmas" },
        { from: "2027-01-05", to: "2027-01-05", reason: "Refit" },
        { from: "2027-02-01", to: "2027-02-01", reason: "" },
      ]),
    ).toBe("2026-12-24 to 2026-12-26 Christmas; 2027-01-05 Refit; 2027-02-01");
    expect(formatClosuresCell([])).toBe("");
  });

  it("reads back what it wrote (property)", () => {
    const day = fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2099-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    // Reasons as the schema stores them (trimmed), without a day after a semicolon, the one text that reads
    // as a second closure.
    const reason = fc
      .string({ unit: fc.constantFrom("a", "B", " ", ";", "-", "'", "1", ",", "é", "\n"), maxLength: 30 })
      .map((s) => s.trim())
      .filter((s) => !/\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/\d{4}/.test(s) && !/[;\n]$/.test(s));
    const closure = fc.tuple(day, day, reason).map(([a, b, r]) => {
      const [from, to] = [a, b].sort();
      return { from, to, reason: r };
    });
    fc.assert(
      fc.property(fc.array(closure, { maxLength: 6 }), (list) => {
        expect(closures(formatClosuresCell(list))).toEqual(list);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("validateRow", () => {
  const base = { Name: "Test Venue", City: "London", Type: "restaurant" };

  it("reads every new column through the venue schema", () => {
    const checked = validateRow({
      line: 2,
      cells: {
        ...base,
        "Booking Email": "Bookings@Test.example",
        "Booking Phone": "2079460000",
        "Booking Contact": "Jo",
        "Opening Hours": "Tue-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-23:30",
        Capacity: "8",
        Closures: "2027-01-05 Refit; 2026-12-24 to 2026-12-26 Christmas",
        "Opens On Holidays": "Yes",
        Status: "Archived",
      },
    });
    expect(checked).toEqual({
      venue: expect.objectContaining({
        bookingEmail: "bookings@test.example",
        bookingPhone: "02079460000",
        bookingContactName: "Jo",
        openingHours: {
          mon: [],
          tue: ["17:00-23:00"],
          wed: ["17:00-23:00"],
          thu: ["17:00-23:00"],
          fri: ["17:00-23:00"],
          sat: ["12:00-15:00", "17:00-23:30"],
          sun: [],
        },
        capacity: 8,
        closures: [
          { from: "2026-12-24", to: "2026-12-26", reason: "Christmas" },
          { from: "2027-01-05", to: "2027-01-05", reason: "Refit" },
        ],
        opensOnHolidays: true,
        status: "archived",
      }),
    });
  });

  it("names the row and the column of each problem", () => {
    const problem = (cells: Record<string, string>) => {
      const checked = validateRow({ line: 7, cells: { ...base, ...cells } });
      return "problem" in checked ? checked.problem : null;
    };
    expect(problem({ Capacity: "0" })).toBe(`Row 7: ${VENUE_MSG.capacity} (found "0")`);
    expect(problem({ Capacity: "2.5" })).toBe(`Row 7: ${VENUE_MSG.capacity} (found "2.5")`);
    expect(problem({ Closures: "2027-01-05 to 2027-01-01 Refit" })).toBe(
      `Row 7: Closures: ${VENUE_MSG.closureOrder} (found "2027-01-05 to 2027-01-01 Refit")`,
    );
    expect(problem({ "Opening Hours": "Mon 17:00" })).toBe(
      'Row 7: Opening Hours: "17:00" is not a time range: use HH:MM-HH:MM, e.g. 17:00-23:00',
    );
    expect(problem({ "Opening Hours": "Mon 17:00-23:00, 22:00-23:30" })).toBe(
      "Row 7: Opening Hours: Mon's sessions overlap",
    );
    expect(problem({ "Dietary Accommodations": "Paleo" })).toMatch(
      /^Row 7: Dietary accommodations: "Paleo" is not one of the needs members choose/,
    );
    expect(problem({ "Opens On Holidays": "sometimes" })).toBe(
      'Row 7: Opens On Holidays must be Yes or No (found "sometimes")',
    );
    expect(problem({ Phone: "555" })).toBe(`Row 7: Phone: ${VENUE_MSG.phone}`);
    expect(problem({ "Opening Hours": "Mon 17:00-23:00; ".repeat(40) })).toMatch(
      /^Row 7: Opening hours must /,
    );
    // Several problems of a row, in the order of the sheet's columns.
    expect(problem({ Capacity: "0", "Opening Hours": "Mon 9", "Booking Email": "x", Closures: "soon" })).toBe(
      [
        `Row 7: Booking Email: ${VENUE_MSG.bookingEmail}`,
        'Opening Hours: "9" is not a time range: use HH:MM-HH:MM, e.g. 17:00-23:00',
        `${VENUE_MSG.capacity} (found "0")`,
        `Closures: ${CLOSURES_CELL_MSG.part("soon")}`,
      ].join("; "),
    );
  });

  it("columns the sheet lacks stay undefined; empty cells are none or the default", () => {
    const without = validateRow({ line: 2, cells: base });
    expect(without).toEqual({
      venue: expect.not.objectContaining({ capacity: expect.anything(), openingHours: expect.anything() }),
    });
    const empty = validateRow({
      line: 2,
      cells: {
        ...base,
        "Opening Hours": "",
        Capacity: "",
        Closures: "",
        Status: "",
        "Opens On Holidays": "",
      },
    });
    expect(empty).toEqual({ venue: expect.objectContaining({ openingHours: null, closures: [] }) });
    const closed = validateRow({ line: 2, cells: { ...base, "Opening Hours": "closed" } });
    expect(closed).toEqual({
      venue: expect.objectContaining({
        openingHours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      }),
    });
  });
});

it("a full sheet (the most rows, every column) stays within the upload's cell limit", () => {
  // An export of 20,000 venues writes every column of every row.
  expect((VENUE_SYNC.maxRows + 1) * VENUE_SHEET_COLUMNS.length).toBeLessThan(VENUE_SYNC.maxCells);
});
