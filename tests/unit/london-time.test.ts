import { describe, expect, it } from "vitest";
import {
  LONDON_TZ,
  londonDay,
  londonDayMonth,
  londonDayTime,
  londonFormat,
  londonFullDay,
  londonHour,
  londonInstant,
  londonIsoDay,
  londonMonthKey,
  londonMonthYear,
  londonNumericDay,
  londonNumericDayTime,
  londonOffsetMs,
  londonParts,
  londonShortDate,
  londonShortDay,
  londonShortDayMonth,
  londonTime,
  londonTime12,
  londonWeekday,
  londonWeekdayDayMonth,
  londonYearMonth,
  monthKeyLabel,
  monthKeyName,
  monthYearLabel,
  sameLondonDay,
} from "../../src/shared/london-time.ts";

const at = (iso: string) => new Date(iso);

describe("London's clock", () => {
  it("reads GMT in winter and BST in summer", () => {
    expect(londonParts(at("2026-12-01T19:30:00Z"))).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 19,
      minute: 30,
      weekday: 2,
    });
    expect(londonParts(at("2026-07-10T18:30:00Z"))).toMatchObject({
      day: 10,
      hour: 19,
      minute: 30,
      weekday: 5,
    });
  });

  it("changes at 01:00 UTC on the last Sundays of March and October", () => {
    // 29 March 2026: 00:59 GMT, then 02:00 BST.
    expect(londonOffsetMs(at("2026-03-29T00:59:59Z"))).toBe(0);
    expect(londonOffsetMs(at("2026-03-29T01:00:00Z"))).toBe(3_600_000);
    expect(londonTime(at("2026-03-29T00:59:00Z"))).toBe("00:59");
    expect(londonTime(at("2026-03-29T01:00:00Z"))).toBe("02:00");
    // 25 October 2026: 01:59 BST, then 01:00 GMT again.
    expect(londonTime(at("2026-10-25T00:59:00Z"))).toBe("01:59");
    expect(londonTime(at("2026-10-25T01:00:00Z"))).toBe("01:00");
    expect(londonOffsetMs(at("2026-10-25T01:00:00Z"))).toBe(0);
  });

  it("agrees with Intl around every clock change from 2000 to 2045", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: LONDON_TZ,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    const read = (d: Date) => {
      const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, Number(x.value)]));
      return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
    };
    for (let year = 2000; year <= 2045; year++) {
      for (const month0 of [2, 9]) {
        const last = new Date(Date.UTC(year, month0 + 1, 0));
        const change = Date.UTC(year, month0, last.getUTCDate() - last.getUTCDay(), 1);
        for (let t = change - 2 * 3_600_000; t <= change + 2 * 3_600_000; t += 15 * 60_000) {
          const { weekday: _, ...ours } = londonParts(t);
          expect(ours).toEqual(read(new Date(t)));
        }
      }
    }
  });

  it("finds the instant of a London wall-clock time, in either season", () => {
    expect(londonInstant(2026, 12, 5, 19, 0).toISOString()).toBe("2026-12-05T19:00:00.000Z");
    expect(londonInstant(2026, 7, 10, 19, 0).toISOString()).toBe("2026-07-10T18:00:00.000Z");
    // The repeated hour in October is read as its first (BST) pass.
    expect(londonInstant(2026, 10, 25, 1, 30).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("London days and months", () => {
  it("puts midnight on London's side, not UTC's", () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(londonIsoDay(at("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonMonthKey(at("2026-06-30T23:30:00Z"))).toBe("2026-07");
    expect(londonYearMonth(at("2026-06-30T23:30:00Z"))).toEqual({ year: 2026, month: 7 });
    // In winter London is UTC: 23:59 on 31 December is still the old year.
    expect(londonIsoDay(at("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
    expect(londonYearMonth(at("2026-12-31T23:59:59Z"))).toEqual({ year: 2026, month: 12 });
    expect(londonMonthKey(at("2027-01-01T00:00:00Z"))).toBe("2027-01");
  });

  it("tells whether two instants share a London day, across midnight and the clock changes", () => {
    expect(sameLondonDay(at("2026-07-09T22:30:00Z"), at("2026-07-09T00:10:00Z"))).toBe(true);
    expect(sameLondonDay(at("2026-07-09T23:30:00Z"), at("2026-07-09T22:30:00Z"))).toBe(false);
    expect(sameLondonDay(at("2026-12-05T00:00:00Z"), at("2026-12-05T23:59:00Z"))).toBe(true);
    // The night the clocks go back is 25 hours long: 00:00 BST to 23:59 GMT is one day.
    expect(sameLondonDay(at("2026-10-24T23:00:00Z"), at("2026-10-25T23:59:00Z"))).toBe(true);
    // The night they go forward is 23 hours long.
    expect(sameLondonDay(at("2026-03-29T00:00:00Z"), at("2026-03-29T22:59:00Z"))).toBe(true);
    expect(sameLondonDay(at("2026-03-29T00:00:00Z"), at("2026-03-29T23:00:00Z"))).toBe(false);
  });

  it("names calendar months from keys and numbers", () => {
    expect(monthKeyLabel("2026-12")).toBe("December 2026");
    expect(monthKeyName("2026-01")).toBe("January");
    expect(monthYearLabel(2031, 12)).toBe("December 2031");
    expect(monthKeyLabel("not a month")).toBe("not a month");
  });
});

describe("London formatters", () => {
  const winter = at("2026-12-01T19:30:00Z");
  const summer = at("2026-07-10T18:05:00Z");

  it("write the product's shapes", () => {
    expect(londonDay(winter)).toBe("1 December 2026");
    expect(londonDayTime(winter)).toBe("Tuesday, 1 December 2026 at 19:30");
    expect(londonFullDay(winter)).toBe("Tuesday 1 December 2026");
    expect(londonWeekdayDayMonth(winter)).toBe("Tuesday 1 December");
    expect(londonShortDay(winter)).toBe("Tue 1 Dec");
    expect(londonDayMonth(winter)).toBe("1 December");
    expect(londonShortDayMonth(winter)).toBe("1 Dec");
    expect(londonShortDate(winter)).toBe("1 Dec 2026");
    expect(londonNumericDay(winter)).toBe("01/12/2026");
    expect(londonNumericDayTime(winter)).toBe("01/12/2026, 19:30");
    expect(londonTime(winter)).toBe("19:30");
    expect(londonMonthYear(winter)).toBe("December 2026");
  });

  it("read the summer clock (BST) and London's side of midnight", () => {
    expect(londonTime(summer)).toBe("19:05");
    expect(londonHour(summer)).toBe(19);
    expect(londonDayTime(summer)).toBe("Friday, 10 July 2026 at 19:05");
    expect(londonTime(at("2026-06-30T23:05:00Z"))).toBe("00:05");
    expect(londonShortDay(at("2026-06-30T23:05:00Z"))).toBe("Wed 1 Jul");
    expect(londonNumericDay(at("2026-06-30T23:05:00Z"))).toBe("01/07/2026");
  });

  it("write what Intl writes, every 37 hours and across the clock changes of three years", () => {
    const intl = (options: Intl.DateTimeFormatOptions, t: Date) => londonFormat(options).format(t);
    const shapes: Array<[(t: Date) => string, Intl.DateTimeFormatOptions, boolean?]> = [
      [londonDay, { day: "numeric", month: "long", year: "numeric" }],
      [londonWeekday, { weekday: "long" }],
      [londonFullDay, { weekday: "long", day: "numeric", month: "long", year: "numeric" }, true],
      [londonWeekdayDayMonth, { weekday: "long", day: "numeric", month: "long" }, true],
      [londonShortDay, { weekday: "short", day: "numeric", month: "short" }, true],
      [londonDayMonth, { day: "numeric", month: "long" }],
      [londonShortDayMonth, { day: "numeric", month: "short" }],
      [londonShortDate, { day: "numeric", month: "short", year: "numeric" }],
      [londonNumericDay, { day: "2-digit", month: "2-digit", year: "numeric" }],
      [
        londonNumericDayTime,
        { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" },
      ],
      [londonTime, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
      [londonTime12, { hour: "numeric", minute: "2-digit", hour12: true }],
      [londonMonthYear, { month: "long", year: "numeric" }],
    ];
    const instants: Date[] = [];
    for (let t = Date.UTC(2025, 0, 1, 0, 7); t < Date.UTC(2028, 0, 1); t += 37 * 3_600_000)
      instants.push(new Date(t));
    // Either side of each clock change, and of midnight.
    for (const iso of [
      "2026-03-29T00:59:00Z",
      "2026-03-29T01:00:00Z",
      "2026-10-25T00:59:00Z",
      "2026-10-25T01:00:00Z",
    ])
      instants.push(at(iso));
    for (const t of instants)
      for (const [ours, options, dropComma] of shapes) {
        const expected = intl(options, t);
        expect(ours(t), `${JSON.stringify(options)} at ${t.toISOString()}`).toBe(
          dropComma ? expected.replace(",", "") : expected,
        );
      }
  });

  it("builds one Intl formatter per option set", () => {
    const a = londonFormat({ hour: "2-digit", minute: "2-digit" });
    expect(londonFormat({ hour: "2-digit", minute: "2-digit" })).toBe(a);
    expect(londonFormat({ hour: "2-digit" })).not.toBe(a);
    expect(a.resolvedOptions().timeZone).toBe(LONDON_TZ);
    expect(a.resolvedOptions().locale).toBe("en-GB");
  });
});
