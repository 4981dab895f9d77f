import { describe, expect, it } from "vitest";
import { londonDay, londonWallClock } from "../../src/server/modules/admin/members/format.ts";

/** Export date cells hold London's wall clock (Excel cells have no time zone). */
describe("londonWallClock / londonDay", () => {
  it.each([
    ["2031-01-15T19:30:00Z", "2031-01-15T19:30:00.000Z"], // winter (GMT)
    ["2031-07-29T18:30:00Z", "2031-07-29T19:30:00.000Z"], // summer (BST)
    ["2031-03-30T00:59:59Z", "2031-03-30T00:59:59.000Z"], // just before the clocks go forward
    ["2031-03-30T01:00:00Z", "2031-03-30T02:00:00.000Z"], // just after
    ["2031-10-26T00:30:00Z", "2031-10-26T01:30:00.000Z"], // the first 01:30 of the autumn change
    ["2031-10-26T01:30:00Z", "2031-10-26T01:30:00.000Z"], // the second one
    ["2031-12-31T23:59:59Z", "2031-12-31T23:59:59.000Z"], // midnight hour stays 23, not 24
    ["2031-06-30T23:30:00Z", "2031-07-01T00:30:00.000Z"], // midnight in London is 00, not 24
  ])("%s -> %s", (instant, wall) => {
    expect(londonWallClock(instant)?.toISOString()).toBe(wall);
    expect(londonWallClock(new Date(instant))?.toISOString()).toBe(wall);
  });

  it("gives the London calendar day at 00:00 UTC", () => {
    expect(londonDay("2031-05-13T23:30:00Z")?.toISOString()).toBe("2031-05-14T00:00:00.000Z");
    expect(londonDay("2031-01-13T23:30:00Z")?.toISOString()).toBe("2031-01-13T00:00:00.000Z");
  });

  it("leaves missing or unreadable values empty", () => {
    expect(londonWallClock(null)).toBeNull();
    expect(londonWallClock(undefined)).toBeNull();
    expect(londonWallClock("not a date")).toBeNull();
    expect(londonDay(null)).toBeNull();
  });
});
