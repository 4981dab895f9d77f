import { describe, expect, it } from "vitest";
import { addMonths, addMonthsToDate } from "../../src/shared/calendar-months.ts";
import { formatPence } from "../../src/shared/constants.ts";
import { discountPence } from "../../src/shared/offer-price.ts";
import { normalisePostcode, postcodeDistrict } from "../../src/shared/postcode.ts";

describe("UK postcodes", () => {
  it.each([
    ["sw1a1aa", "SW1A 1AA"],
    [" ec1a 1bb ", "EC1A 1BB"],
    ["w1d4hs", "W1D 4HS"],
    ["m1 1ae", "M1 1AE"],
    ["cr2 6xh", "CR2 6XH"],
    ["dn55 1pt", "DN55 1PT"],
    ["GIR0AA", "GIR 0AA"],
  ])("normalises %s to %s", (input, out) => {
    expect(normalisePostcode(input)).toBe(out);
  });

  it.each(["12345", "SW1A", "QQ1 1AA", "SW1A 1AAA", "SW1A-1AA", "", "V1 1AA", "W1 1CA"])(
    "refuses %s",
    (input) => {
      expect(normalisePostcode(input)).toBeNull();
    },
  );

  it("gives the district", () => {
    expect(postcodeDistrict("SW1A 1AA")).toBe("SW1A");
  });
});

describe("discounts", () => {
  it("rounds percentages to whole pence and never exceeds the price", () => {
    expect(discountPence({ discountType: "percentage", discountValue: "10.00" }, 2000)).toBe(200);
    expect(discountPence({ discountType: "percentage", discountValue: "33.33" }, 1500)).toBe(500);
    expect(discountPence({ discountType: "percentage", discountValue: "120.00" }, 1500)).toBe(1500);
    expect(discountPence({ discountType: "fixed_amount", discountValue: "5.50" }, 1500)).toBe(550);
    expect(discountPence({ discountType: "fixed_amount", discountValue: "99.99" }, 3000)).toBe(3000);
    expect(discountPence({ discountType: "fixed_amount", discountValue: "-5" }, 3000)).toBe(0);
  });

  it("formats pence as pounds", () => {
    expect(formatPence(2000)).toBe("£20");
    expect(formatPence(1850)).toBe("£18.50");
  });
});

describe("calendar months", () => {
  it("clamps to the end of shorter months", () => {
    expect(addMonths(new Date("2027-01-31T12:00:00Z"), 1).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T12:00:00Z"), 1).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(addMonths(new Date("2026-11-21T09:00:00Z"), 3).toISOString()).toBe("2027-02-21T09:00:00.000Z");
    expect(addMonthsToDate("2026-12-31", 2)).toBe("2027-02-28");
    expect(addMonthsToDate("2026-12-01", 3)).toBe("2027-03-01");
    expect(addMonthsToDate("2026-10-15", 14)).toBe("2027-12-15");
  });
});
