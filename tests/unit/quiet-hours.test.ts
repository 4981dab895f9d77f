import { describe, expect, it } from "vitest";
import { isQuietHour } from "../../src/server/modules/notifications/quiet-hours.ts";
import { londonIsoDay } from "../../src/shared/london-time.ts";

describe("quiet hours (21:00-08:00 London)", () => {
  it("is quiet late in the evening and early in the morning, in winter (GMT) and summer (BST)", () => {
    expect(isQuietHour(new Date("2026-12-05T20:59:00Z"))).toBe(false);
    expect(isQuietHour(new Date("2026-12-05T21:00:00Z"))).toBe(true);
    expect(isQuietHour(new Date("2026-12-06T07:59:00Z"))).toBe(true);
    expect(isQuietHour(new Date("2026-12-06T08:00:00Z"))).toBe(false);
    // 20:30 UTC in July is 21:30 BST; 07:30 UTC is 08:30 BST.
    expect(isQuietHour(new Date("2026-07-10T20:30:00Z"))).toBe(true);
    expect(isQuietHour(new Date("2026-07-10T07:30:00Z"))).toBe(false);
    expect(isQuietHour(new Date("2026-07-10T06:59:00Z"))).toBe(true);
  });

  it("does not hold a message on the London day of the date", () => {
    const date = new Date("2026-12-05T21:30:00Z");
    expect(isQuietHour(new Date("2026-12-05T21:10:00Z"), date)).toBe(false);
    expect(isQuietHour(new Date("2026-12-05T06:00:00Z"), date)).toBe(false);
    // The evening before is still quiet.
    expect(isQuietHour(new Date("2026-12-04T22:00:00Z"), date)).toBe(true);
    // 23:30 BST on 9 July is 22:30 UTC, still 9 July in London.
    expect(londonIsoDay(new Date("2026-07-09T22:30:00Z"))).toBe("2026-07-09");
    expect(isQuietHour(new Date("2026-07-09T22:00:00Z"), new Date("2026-07-09T22:30:00Z"))).toBe(false);
  });
});
