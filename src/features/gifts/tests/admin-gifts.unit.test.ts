import { describe, expect, it } from "vitest";
import { adminGiftActions, refundQuestion } from "../shared/admin.ts";

const base = {
  deliveredAt: null,
  redeemedAt: null,
  refundedAt: null,
  expiresAt: new Date("2028-11-26T09:00:00Z"),
  canChangeDelivery: false,
  canResend: false,
};

describe("adminGiftActions", () => {
  it("opens all three to a scheduled gift", () => {
    expect(
      adminGiftActions({ ...base, status: "scheduled", canChangeDelivery: true, canResend: true }),
    ).toEqual({
      resend: null,
      move: null,
      refund: null,
    });
  });
  it("keeps resend and refund open once delivered, and says why the date can't move", () => {
    const why = adminGiftActions({
      ...base,
      status: "delivered",
      deliveredAt: new Date("2026-12-24T08:00:00Z"),
      canResend: true,
    });
    expect(why).toEqual({
      resend: null,
      move: "It was delivered on 24/12/2026, so the date can't change.",
      refund: null,
    });
  });
  it("closes everything on a redeemed, refunded, expired or unpaid gift, with the reason", () => {
    const redeemed = adminGiftActions({
      ...base,
      status: "redeemed",
      redeemedAt: new Date("2027-01-02T10:00:00Z"),
    });
    expect(redeemed.refund).toBe("The couple redeemed it on 02/01/2027.");
    expect(redeemed.resend).toBe(redeemed.refund);
    const refunded = adminGiftActions({
      ...base,
      status: "refunded",
      refundedAt: new Date("2026-11-27T10:00:00Z"),
    });
    expect(refunded.move).toBe("It was refunded on 27/11/2026; the code no longer works.");
    expect(adminGiftActions({ ...base, status: "expired" }).resend).toBe("The code expired on 26/11/2028.");
    expect(adminGiftActions({ ...base, status: "pending" }).refund).toBe("It hasn't been paid for yet.");
  });
});

describe("refundQuestion", () => {
  it("names the sum, the buyer and the code in groups", () => {
    expect(refundQuestion({ buyerName: "Priya Shah", code: "K7QXM4RZT9WA" }, "£60.00")).toBe(
      "Refund £60.00 to Priya Shah and cancel code K7QX-M4RZ-T9WA: the code stops working at once.",
    );
  });
});
