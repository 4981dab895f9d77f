import { describe, expect, it } from "vitest";
import { offerCodes, offerCodeUsage } from "../../src/server/db/schema.ts";
import { OFFER_MSG } from "../../src/server/modules/offers/service.ts";
import { offerQuoteSchema, SUBSCRIPTION_MSG } from "../../src/shared/schemas/subscription.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
let n = 0;
async function code(values: Partial<typeof offerCodes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(offerCodes)
    .values({ code: `CODE${++n}`, discountType: "percentage", discountValue: "10.00", ...values })
    .returning();
  return row;
}
const check = (as: SignedIn | undefined, payload: unknown) =>
  t.request({
    method: "POST",
    url: "/api/validate-offer-code",
    as,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("POST /api/validate-offer-code", () => {
  it("answers a percentage discount, trimmed and case-insensitive", async () => {
    const m = await t.member();
    const c = await code({ discountValue: "10.00", durationMonths: 3, description: "10% off" });
    const res = await check(m, { code: `  ${c.code.toLowerCase()} `, tier: "gold" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: c.code,
      discount: 2,
      originalPrice: 20,
      finalPrice: 18,
      isTimeLimited: true,
      durationMonths: 3,
    });
    // The quote, not the offer row: no usage counts, limits or internal ids.
    expectExactFields(res.json(), offerQuoteSchema);
  });

  it("answers a fixed discount that is not time-limited", async () => {
    const m = await t.member();
    const c = await code({ discountType: "fixed_amount", discountValue: "5.50" });
    const res = await check(m, { code: c.code, tier: "silver" });
    expect(res.json()).toMatchObject({
      discount: 5.5,
      originalPrice: 15,
      finalPrice: 9.5,
      isTimeLimited: false,
      durationMonths: null,
    });
  });

  it("never takes the price below zero", async () => {
    const m = await t.member();
    const fixed = await code({ discountType: "fixed_amount", discountValue: "99.00" });
    expect((await check(m, { code: fixed.code, tier: "silver" })).json()).toMatchObject({
      discount: 15,
      finalPrice: 0,
    });
    const pct = await code({ discountValue: "150.00" });
    expect((await check(m, { code: pct.code, tier: "platinum" })).json()).toMatchObject({
      discount: 30,
      finalPrice: 0,
    });
  });

  it("rounds a percentage to whole pence", async () => {
    const m = await t.member();
    const c = await code({ discountValue: "33.33" });
    expect((await check(m, { code: c.code, tier: "silver" })).json()).toMatchObject({
      discount: 5,
      finalPrice: 10,
    });
  });

  it.each([
    ["unknown", async () => "NOSUCHCODE", 404, OFFER_MSG.unknown],
    ["inactive", async () => (await code({ isActive: false })).code, 400, OFFER_MSG.inactive],
    [
      "not yet valid",
      async () => (await code({ validFrom: new Date(Date.now() + 86_400_000) })).code,
      400,
      OFFER_MSG.notYetValid,
    ],
    [
      "expired",
      async () => (await code({ validUntil: new Date("2024-08-31T23:59:59Z") })).code,
      400,
      OFFER_MSG.expired,
    ],
    ["used up", async () => (await code({ maxUses: 5, usesCount: 5 })).code, 400, OFFER_MSG.usedUp],
    [
      "for other tiers",
      async () => (await code({ applicableTiers: ["gold", "platinum"] })).code,
      400,
      OFFER_MSG.wrongTier("Gold or Platinum"),
    ],
    [
      "under the minimum order",
      async () => (await code({ minOrderValue: 2000 })).code,
      400,
      OFFER_MSG.minOrder("£20.00"),
    ],
  ])("refuses a code that is %s, saying why", async (_name, make, status, message) => {
    const m = await t.member();
    const res = await check(m, { code: await make(), tier: "silver" });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it("refuses a code the member has already used up to maxUsesPerUser", async () => {
    const m = await t.member();
    const c = await code();
    await t.db.insert(offerCodeUsage).values({
      offerCodeId: c.id,
      userId: m.user.id,
      subscriptionTier: "gold",
      originalAmount: 2000,
      discountAmount: 200,
      finalAmount: 1800,
    });
    const res = await check(m, { code: c.code, tier: "gold" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OFFER_MSG.alreadyUsed);
    const other = await t.member();
    expect((await check(other, { code: c.code, tier: "gold" })).statusCode).toBe(200);
  });

  it("validates the body", async () => {
    const m = await t.member();
    expect((await check(m, { code: "", tier: "gold" })).json().message).toBe(SUBSCRIPTION_MSG.code);
    expect((await check(m, { code: "X", tier: "diamond" })).json().message).toBe(SUBSCRIPTION_MSG.tier);
    expect((await check(m, { code: "X" })).statusCode).toBe(400);
    expect((await check(m, { code: "X".repeat(41), tier: "gold" })).statusCode).toBe(400);
  });

  it("refuses visitors and works for admins", async () => {
    const c = await code();
    expect((await check(undefined, { code: c.code, tier: "gold" })).statusCode).toBe(401);
    expect((await check(await t.admin(), { code: c.code, tier: "gold" })).statusCode).toBe(200);
  });
});
