/**
 * The words of Settings' "Switch to ...?" dialog (features/subscriptions/client/settings/change-plan.tsx): the
 * price the new plan's collections take, with the running offer only where that offer is for the new plan.
 */
import { describe, expect, it } from "vitest";
import { changeWords } from "../../src/features/subscriptions/client/settings/change-plan.tsx";
import type { ActiveDiscount, PublicUser } from "../../src/shared/api-types.ts";

const LOVE25: ActiveDiscount = {
  offerCode: "LOVE25",
  discountType: "percentage",
  discountValue: "25.00",
  cyclesRemaining: 2,
  discountEndDate: "2027-01-29T00:00:00.000Z",
  applicableTiers: ["gold", "platinum"],
};

function goldMember(activeDiscount: ActiveDiscount | null): PublicUser {
  return {
    id: 1,
    email: "a@example.com",
    firstName: "Ada",
    lastName: "Li",
    profileImageUrl: null,
    emailVerified: true,
    isAdmin: false,
    onboardingCompleted: true,
    subscriptionTier: "gold",
    subscriptionStatus: "active",
    partnerId: null,
    city: null,
    phone: null,
    emailNotifications: true,
    smsNotifications: false,
    marketingOptOut: false,
    termsAccepted: true,
    createdAt: "2026-11-01T00:00:00.000Z",
    activeDiscount,
    pendingEmail: null,
    twoFactorEnabled: false,
    currentPeriodEnd: "2026-12-29T00:00:00.000Z",
    pendingTier: null,
    giftedUntil: null,
    pausedUntil: null,
    pausedFrom: null,
    planChangeFrom: "2026-12-29T00:00:00.000Z",
    planEndsIfCancelled: null,
    partnerPlan: null,
    chosenPlan: null,
    preferences: null,
  };
}

describe("Switch to ...? in words", () => {
  it("quotes the offer's price on a plan it is for, and the full price after it", () => {
    const { body } = changeWords(goldMember(LOVE25), "platinum");
    expect(body).toMatch(/^You'll pay £22\.50 a month for /);
    expect(body).toContain("That is with your offer LOVE25; then £30 a month once it ends.");
  });

  it("says an offer for other plans does not carry over, and quotes the full price", () => {
    const { body } = changeWords(goldMember(LOVE25), "silver");
    expect(body).toMatch(/^You'll pay £15 a month for /);
    expect(body).toContain(
      "Your offer LOVE25 is for the Gold or Platinum plans only, so Silver is at its full price.",
    );
    expect(body).not.toContain("carries over while");
  });

  it("an offer for every plan follows the member to any plan", () => {
    const { body } = changeWords(goldMember({ ...LOVE25, applicableTiers: null }), "silver");
    expect(body).toMatch(/^You'll pay £11\.25 a month for /);
  });

  it("an offer that ends by the day the change starts is not quoted (the server collects the full price)", () => {
    const ending = { ...LOVE25, discountEndDate: "2026-12-29T00:00:00.000Z", cyclesRemaining: 1 };
    const { body } = changeWords(goldMember(ending), "platinum");
    expect(body).toMatch(/^You'll pay £30 a month for /);
    expect(body).toContain("Your offer LOVE25 ends before then.");
  });

  it("without an offer, the plan's own price and nothing about offers", () => {
    const { body } = changeWords(goldMember(null), "platinum");
    expect(body).toMatch(/^You'll pay £30 a month for /);
    expect(body).not.toContain("offer");
  });
});
