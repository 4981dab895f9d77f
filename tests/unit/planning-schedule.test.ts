import { describe, expect, it } from "vitest";
import {
  FIRST_DATE_BOOKING_WORKING_DAYS,
  firstDateBookedBy,
  pendingFirstDatePromise,
} from "../../src/shared/planning-schedule.ts";

describe("the first-month promise", () => {
  it("counts working days on from the London day the plan was set up", () => {
    expect(FIRST_DATE_BOOKING_WORKING_DAYS).toBe(2);
    // Wednesday -> Friday; Thursday -> Monday; Friday, Saturday and Sunday -> Tuesday.
    expect(firstDateBookedBy(new Date("2026-11-25T10:00:00Z")).label).toBe("Friday 27 November");
    expect(firstDateBookedBy(new Date("2026-11-26T10:00:00Z")).label).toBe("Monday 30 November");
    for (const day of ["2026-11-27", "2026-11-28", "2026-11-29"])
      expect(firstDateBookedBy(new Date(`${day}T10:00:00Z`)).label, day).toBe("Tuesday 1 December");
  });

  it("uses London's day, not UTC's: 23:30 UTC in summer is already the next day in London", () => {
    // Wed 1 July 2026 23:30 UTC = Thu 2 July 00:30 BST.
    expect(firstDateBookedBy(new Date("2026-07-01T23:30:00Z")).label).toBe("Monday 6 July");
    // In winter London is on UTC: Wed 25 Nov 23:30 is still Wednesday.
    expect(firstDateBookedBy(new Date("2026-11-25T23:30:00Z")).label).toBe("Friday 27 November");
  });

  it("is pending through its day and gone the day after", () => {
    const setUp = new Date("2026-11-25T10:00:00Z");
    expect(pendingFirstDatePromise(setUp, setUp)).toEqual({ label: "Friday 27 November" });
    expect(pendingFirstDatePromise(setUp, new Date("2026-11-27T23:59:00Z"))).toEqual({
      label: "Friday 27 November",
    });
    expect(pendingFirstDatePromise(setUp, new Date("2026-11-28T00:01:00Z"))).toBeNull();
  });
});
