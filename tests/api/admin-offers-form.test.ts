import { describe, expect, it } from "vitest";
import {
  createOfferCodeSchema,
  formatDiscount,
  formatDuration,
  formatUsage,
  OFFER_ADMIN_MSG as M,
  OFFER_CODE_FORM_DEFAULTS,
  offerCodeFormSchema,
  offerCodeStatus,
} from "../../src/shared/admin/offers.ts";

/** The Create Offer Code dialog reads text inputs with the server's rules (no database needed). */
describe("offer code form schema", () => {
  const form = (overrides: Partial<typeof OFFER_CODE_FORM_DEFAULTS>) =>
    offerCodeFormSchema.safeParse({ ...OFFER_CODE_FORM_DEFAULTS, code: "spring25", ...overrides });

  it("empty inputs fall back to the spec's defaults and unset values; the result passes the API schema", () => {
    const parsed = form({ discountValue: "", maxUsesPerUser: "" });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      code: "SPRING25",
      description: null,
      discountType: "percentage",
      discountValue: 0,
      minOrderValue: null,
      maxUses: null,
      maxUsesPerUser: 1,
      durationMonths: null,
      validFrom: null,
      validUntil: null,
      applicableTiers: null,
      isActive: true,
    });
    expect(createOfferCodeSchema.safeParse(JSON.parse(JSON.stringify(parsed.data))).success).toBe(true);
  });

  it("reads numbers typed as text and London wall-clock times", () => {
    const parsed = form({
      discountValue: "12.5",
      maxUses: "100",
      durationMonths: "3",
      validUntil: "2030-07-01T18:30", // British Summer Time: 17:30 UTC
      validFrom: "2030-01-10T09:00", // Greenwich Mean Time
    });
    expect(parsed.data).toMatchObject({
      discountValue: 12.5,
      maxUses: 100,
      durationMonths: 3,
      validUntil: new Date("2030-07-01T17:30:00.000Z"),
      validFrom: new Date("2030-01-10T09:00:00.000Z"),
    });
  });

  it.each([
    [{ discountValue: "abc" }, M.discountValue],
    [{ discountValue: "101" }, M.percentMax],
    [{ discountType: "fixed_amount" as const, discountValue: "31" }, M.fixedMax],
    [{ maxUses: "0" }, M.maxUses],
    [{ maxUses: "2.5" }, M.maxUses],
    [{ maxUsesPerUser: "0" }, M.maxUsesPerUser],
    [{ durationMonths: "-1" }, M.durationMonths],
    [{ validFrom: "2030-02-01T10:00", validUntil: "2030-01-01T10:00" }, M.untilAfterFrom],
    [{ code: "no spaces" }, M.code],
  ])("refuses %o with the server's message", (overrides, message) => {
    const parsed = form(overrides);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(message);
  });
});

describe("offer code table texts", () => {
  const base = { isActive: true, validFrom: null, validUntil: null, usesCount: 3, maxUses: 100 };
  const now = new Date("2030-01-01T12:00:00Z");

  it("formats discount, duration and usage", () => {
    expect(formatDiscount({ discountType: "percentage", discountValue: 20 })).toBe("20%");
    expect(formatDiscount({ discountType: "percentage", discountValue: 12.5 })).toBe("12.50%");
    expect(formatDiscount({ discountType: "fixed_amount", discountValue: 5 })).toBe("£5.00");
    expect(formatDuration(null)).toBe("Forever");
    expect(formatDuration(1)).toBe("1 month");
    expect(formatDuration(3)).toBe("3 months");
    expect(formatUsage({ usesCount: 3, maxUses: 100 })).toBe("3 / 100");
    expect(formatUsage({ usesCount: 3, maxUses: null })).toBe("3 / ∞");
  });

  it("says Active, Inactive, Expired, Used up or Scheduled", () => {
    expect(offerCodeStatus(base, now)).toBe("Active");
    expect(offerCodeStatus({ ...base, isActive: false, validUntil: "2020-01-01T00:00:00Z" }, now)).toBe(
      "Inactive",
    );
    expect(offerCodeStatus({ ...base, validUntil: "2029-12-31T00:00:00Z" }, now)).toBe("Expired");
    expect(offerCodeStatus({ ...base, usesCount: 100 }, now)).toBe("Used up");
    expect(offerCodeStatus({ ...base, validFrom: "2030-02-01T00:00:00Z" }, now)).toBe("Scheduled");
  });
});
