import { describe, expect, it } from "vitest";
import type { User } from "../../src/server/db/schema.ts";
import {
  type PublicUserRow,
  publicUserJson,
  toPublicUser,
} from "../../src/server/modules/auth/public-user.ts";
import type { ReadCache } from "../../src/server/modules/auth/read-cache/read-cache.ts";

/**
 * GET /api/auth/user's JSON kept per cached user (modules/auth/public-user.ts): the same text toPublicUser
 * would give at every moment, including across a cancelled plan's end and an offer's end.
 */
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 10, 12);

function world(user: Partial<User>, row: Partial<PublicUserRow>) {
  let now = start;
  const fullRow = {
    hasPrefs: false,
    postcode: null,
    travelRadius: null,
    offerCode: null,
    discountType: null,
    discountValue: null,
    cyclesRemaining: null,
    discountEndDate: null,
    hasPartner: false,
    partnerPartnerId: null,
    partnerTier: null,
    partnerStatus: null,
    partnerFirstName: null,
    // The member's plan is read from their plan account, joined in this row.
    subscriptionStatus: null,
    currentPeriodEnd: null,
    pausedUntil: null,
    ...row,
  } as PublicUserRow;
  const fullUser = {
    id: 7,
    email: "a@example.com",
    firstName: "A",
    lastName: "B",
    partnerId: null,
    createdAt: new Date(start - 100 * DAY),
    totpEnabledAt: null,
    profileImageUrl: null,
    emailVerified: true,
    isAdmin: false,
    onboardingCompleted: true,
    city: null,
    phone: null,
    emailNotifications: true,
    smsNotifications: false,
    marketingOptOut: false,
    termsAccepted: true,
    pendingEmail: null,
    ...user,
  } as User;
  const cache = {
    active: true,
    generation: 0,
    extra: () => fullRow,
    putExtra: () => {},
  } as unknown as ReadCache<User, PublicUserRow | undefined>;
  const deps = { db: null as never, now: () => new Date(now) };
  return {
    setNow: (t: number) => {
      now = t;
    },
    json: () => publicUserJson(deps, fullUser, cache),
    expected: async () => JSON.stringify(await toPublicUser(deps, fullUser, cache)),
  };
}

describe("publicUserJson", () => {
  it("follows a cancelled plan's end (forwards and back)", async () => {
    const w = world(
      {},
      {
        subscriptionStatus: "cancelled",
        currentPeriodEnd: new Date(start + DAY),
        offerCode: "TEN",
        discountType: "percentage",
        discountValue: "10",
        cyclesRemaining: 2,
      },
    );
    for (const t of [start, start + 1000, start + DAY - 1, start + DAY, start + 2 * DAY, start]) {
      w.setNow(t);
      expect(JSON.parse(await w.json())).toEqual(JSON.parse(await w.expected()));
    }
    w.setNow(start);
    expect(JSON.parse(await w.json()).activeDiscount).not.toBeNull();
    w.setNow(start + DAY);
    expect(JSON.parse(await w.json()).activeDiscount).toBeNull();
  });

  it("counts a time-limited offer's months down", async () => {
    const w = world(
      {},
      {
        subscriptionStatus: "active",
        offerCode: "TEN",
        discountType: "percentage",
        discountValue: "10",
        discountEndDate: new Date(start + 70 * DAY),
      },
    );
    for (const t of [start, start + 35 * DAY, start + 69 * DAY, start + 70 * DAY, start + 80 * DAY, start]) {
      w.setNow(t);
      expect(JSON.parse(await w.json())).toEqual(JSON.parse(await w.expected()));
    }
  });
});
