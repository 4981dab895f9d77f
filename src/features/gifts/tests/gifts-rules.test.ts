/**
 * The gift rules: a gifted couple continues with Direct Debit (first collection when the gift ends, no gap),
 * a gift applies to the couple's one plan whichever partner redeems it, and an offer code on a gift is used
 * like one on a plan.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SignedIn } from "../../../../tests/helpers/app.ts";
import { createGiftTestApp, giftShop } from "../../../../tests/helpers/gifts.ts";
import { storedMember } from "../../../../tests/helpers/stored-member.ts";
import { acceptTerms, startCheckout, subscribe } from "../../../../tests/helpers/subscribe.ts";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  sandboxPayments,
  sandboxSubscriptions,
  users,
} from "../../../server/db/schema.ts";
import { advanceSubscriptions } from "../../subscriptions/server/cycles.ts";
import { runGiftJobs } from "../server/jobs.ts";
import { GIFT_MSG } from "../shared/schemas.ts";

const t = await createGiftTestApp();
// Delivered at once, with no message: these tests redeem on the day they buy.
const shop = giftShop(t, { deliverOn: "2026-11-26", message: "" });
const { order: valid, post, get, giftRow, redeem } = shop;
/** Buys and pays a gift; answers its row. */
const buyGift = async (overrides: Record<string, unknown> = {}, as?: SignedIn) =>
  (await shop.buyGift(overrides, as)).gift;

async function couple(): Promise<[SignedIn, SignedIn]> {
  const a = await t.member();
  const b = await t.member({ partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [{ ...a, user: { ...a.user, partnerId: b.user.id } }, b];
}

const row = (id: number) => storedMember(t.db, id);

describe("continue with Direct Debit after a gift", () => {
  it("the first collection is on the day the gift ends; gifted_until clears; the plan runs on without a gap", async () => {
    const m = await t.member();
    await acceptTerms(t, m);
    const g = await buyGift({ months: 3 });
    expect((await redeem(g.code, m)).statusCode).toBe(200);
    const gifted = await row(m.user.id);
    const until = gifted.giftedUntil!;
    expect(until.toISOString()).toBe("2027-02-26T09:00:00.000Z");
    const me = (await get("/api/auth/user", m)).json();
    expect(me.giftedUntil).toBe(until.toISOString());

    // The reminders' link is the plans page, where the gifted plan offers Continue with Direct Debit.
    t.clock.set("2027-02-13T10:00:00Z");
    await runGiftJobs(t.deps);
    const reminder = t.mail.findLast((x) => x.type === "gift_ending" && x.to === m.user.email)!;
    expect(reminder.text).toContain("/subscription");
    // Back to a day the session is fresh (sessions end after 7 days unused).
    t.clock.set("2026-11-27T09:00:00Z");

    // Another tier is refused with its reason, and nothing is started.
    const other = await startCheckout(t, m, "platinum");
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(GIFT_MSG.continueSameTier("Gold"));
    expect(await t.db.$count(paymentCheckouts, eq(paymentCheckouts.userId, m.user.id))).toBe(0);

    await subscribe(t, m, "gold");
    const after = await row(m.user.id);
    expect(after).toMatchObject({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      giftedUntil: null,
    });
    expect(after.paymentSubscriptionId).not.toBeNull();
    // The cycle keeps its day: the gifted cycle running now ends when it did.
    expect(after.currentPeriodEnd).toEqual(gifted.currentPeriodEnd);
    const [sub] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, after.paymentSubscriptionId!));
    expect(sub.startDate).toEqual(until);
    const upcoming = await t.deps.payments.upcomingPayment(after.paymentSubscriptionId!);
    expect(upcoming).toMatchObject({ chargeDate: "2027-02-26", amountPence: 2000 });
    expect((await get("/api/auth/user", m)).json().giftedUntil).toBeNull();
    const mail = t.mail.findLast((x) => x.type === "gift_continued" && x.to === m.user.email)!;
    expect(mail.text).toContain("26 February 2027");

    // Nothing collected for the gifted months; the plan does not end at the gift's end; then monthly.
    for (const at of ["2027-02-26T08:00:00Z", "2027-02-26T10:00:00Z", "2027-03-01T10:00:00Z"]) {
      t.clock.set(at);
      await advanceSubscriptions(t.deps);
      await runGiftJobs(t.deps);
    }
    const later = await row(m.user.id);
    expect(later.subscriptionStatus).toBe("active");
    expect(later.currentPeriodEnd!.getTime()).toBeGreaterThan(until.getTime());
    await t.deps.payments.listPayments(after.paymentMandateId!);
    const taken = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.subscriptionId, after.paymentSubscriptionId!));
    expect(taken.map((p) => p.chargeDate.toISOString().slice(0, 10))).toEqual(["2027-02-26"]);
    expect(
      t.mail.some((x) => x.type === "gift_ending" && x.to === m.user.email && x.subject.includes("2 days")),
    ).toBe(false);
  });

  it("refuses visitors, and the covered partner of a gifted plan", async () => {
    expect((await post("/api/create-subscription", { tier: "gold" })).statusCode).toBe(401);
    const [a, b] = await couple();
    const g = await buyGift();
    expect((await redeem(g.code, a)).statusCode).toBe(200);
    const res = await startCheckout(t, b, "gold");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/covers you both/);
  });

  it("a paying member still cannot start a second plan", async () => {
    const m = await t.member();
    await subscribe(t, m, "silver");
    const res = await startCheckout(t, m, "silver");
    expect(res.statusCode).toBe(409);
  });
});

describe("the couple is the customer", () => {
  it("a partner's gift is credit on the paying holder's plan, and both see it", async () => {
    const [a, b] = await couple();
    await subscribe(t, a, "gold");
    const g = await buyGift({ months: 1, tier: "silver" });
    const res = await redeem(g.code, b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ redeemedAs: "credit", tier: "gold", months: 1 });
    const holder = await row(a.user.id);
    const [sub] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, holder.paymentSubscriptionId!));
    expect(holder.creditMonths).toBe(1);
    expect(sub.startDate.toISOString().slice(0, 10)).toBe("2027-01-26");
    // The partner stays covered by the one plan: no second plan.
    expect((await row(b.user.id)).subscriptionStatus).toBeNull();
    for (const who of [a, b]) {
      const credit = await get("/api/gifts/credit", who);
      expect(credit.statusCode, credit.body).toBe(200);
      expect(credit.json().credit).toMatchObject({ months: 1, from: valid.buyerName });
      // Paid on 26 November: December's collection is skipped, January's is next.
      expect(credit.json().credit.nextPaymentOn).toBe("2027-01-26");
    }
  });

  it("with no plan, the redeemer holds the gift and the partner sees it; a second gift extends it", async () => {
    const [a, b] = await couple();
    const first = await buyGift({ months: 3 });
    expect((await redeem(first.code, b)).json().redeemedAs).toBe("plan");
    const holder = await row(b.user.id);
    const seen = (await get("/api/auth/user", a)).json();
    expect(seen.subscriptionStatus).toBeNull();
    expect(seen.partnerPlan).toMatchObject({
      tier: "gold",
      status: "active",
      giftedUntil: holder.giftedUntil!.toISOString(),
    });

    const second = await buyGift({ months: 1, tier: "platinum" });
    const res = await redeem(second.code, a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ redeemedAs: "extended", tier: "gold" });
    expect(res.json().message).toBe(GIFT_MSG.redeemedExtended("Gold", "26 March 2027"));
    const after = await row(b.user.id);
    expect(after.giftedUntil!.toISOString()).toBe("2027-03-26T09:00:00.000Z");
    expect(after.subscriptionTier).toBe("gold");
    expect((await row(a.user.id)).subscriptionStatus).toBeNull();
    expect((await giftRow(second.id)).redeemedAs).toBe("extended");
  });

  it("two partners redeeming two gifts at once make one gifted plan with both gifts' months", async () => {
    const [a, b] = await couple();
    const g1 = await buyGift({ months: 1 });
    const g2 = await buyGift({ months: 3 });
    const answers = await Promise.all([redeem(g1.code, a), redeem(g2.code, b)]);
    expect(
      answers.map((x) => x.statusCode),
      answers.map((x) => x.body).join(" | "),
    ).toEqual([200, 200]);
    const rows = [await row(a.user.id), await row(b.user.id)];
    const holders = rows.filter((r) => r.subscriptionStatus === "active");
    expect(holders).toHaveLength(1);
    expect(holders[0].giftedUntil!.toISOString()).toBe("2027-03-26T09:00:00.000Z");
    expect(answers.map((x) => x.json().redeemedAs).sort()).toEqual(["extended", "plan"]);
  });

  it("a plan with neither a Direct Debit nor a gift is refused, and the code still works", async () => {
    const m = await t.member({
      subscriptionTier: "silver",
      subscriptionStatus: "active",
      currentPeriodEnd: new Date("2026-12-26T09:00:00Z"),
    });
    const g = await buyGift();
    const res = await redeem(g.code, m);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GIFT_MSG.cannotAdd);
    expect((await giftRow(g.id)).status).toBe("paid");
    expect((await row(m.user.id)).giftedUntil).toBeNull();
  });

  it("GET /api/gifts/credit: visitors 401, members without credit see none, admins too", async () => {
    expect((await get("/api/gifts/credit")).statusCode).toBe(401);
    const m = await t.member();
    expect((await get("/api/gifts/credit", m)).json()).toEqual({ credit: null });
    const admin = await t.admin();
    expect((await get("/api/gifts/credit", admin)).json()).toEqual({ credit: null });
  });
});

describe("offer codes on gifts", () => {
  it("a paid gift writes the buyer's offer_code_usage row and counts towards the code's uses", async () => {
    const [offer] = await t.db
      .insert(offerCodes)
      .values({ code: "GIVE10", discountType: "percentage", discountValue: "10.00", maxUses: 2 })
      .returning();
    const buyer = await t.member();
    // Quoted and started but not paid: nothing counted.
    await post("/api/gifts", { ...valid, offerCode: "GIVE10" }, buyer);
    expect((await t.db.select().from(offerCodes).where(eq(offerCodes.id, offer.id)))[0].usesCount).toBe(0);

    const g = await buyGift({ offerCode: "give10" }, buyer);
    expect(g.offerDiscountPence).toBe(600);
    const usage = await t.db
      .select()
      .from(offerCodeUsage)
      .where(and(eq(offerCodeUsage.offerCodeId, offer.id), eq(offerCodeUsage.userId, buyer.user.id)));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      status: "gift",
      discountAmount: 600,
      finalAmount: 5400,
      subscriptionTier: "gold",
    });
    expect((await t.db.select().from(offerCodes).where(eq(offerCodes.id, offer.id)))[0].usesCount).toBe(1);
    // No plan discount shows for a gift's use.
    expect((await get("/api/auth/user", buyer)).json().activeDiscount).toBeNull();
    // The member has used the code: not again, for a gift or a plan.
    const again = await post("/api/gifts/quote", { tier: "gold", months: 3, offerCode: "GIVE10" }, buyer);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("You have already used this offer code.");

    // A visitor's gift counts towards the limit too (no account to hold a row), then the code is used up.
    await buyGift({ offerCode: "GIVE10" });
    expect((await t.db.select().from(offerCodes).where(eq(offerCodes.id, offer.id)))[0].usesCount).toBe(2);
    expect(await t.db.$count(offerCodeUsage, eq(offerCodeUsage.offerCodeId, offer.id))).toBe(1);
    const usedUp = await post("/api/gifts/quote", { tier: "gold", months: 3, offerCode: "GIVE10" });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().message).toBe("This offer code has already been fully redeemed.");
  });
});
