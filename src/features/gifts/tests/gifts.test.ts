import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGiftTestApp, giftShop } from "../../../../tests/helpers/gifts.ts";
import { storedMember } from "../../../../tests/helpers/stored-member.ts";
import { subscribe } from "../../../../tests/helpers/subscribe.ts";
import {
  billingEvents,
  gifts,
  paymentLinks,
  planAccounts,
  sandboxPayments,
  sandboxSubscriptions,
} from "../../../server/db/schema.ts";
import { addMonths } from "../../../shared/calendar-months.ts";
import { runGiftJobs } from "../server/jobs.ts";
import { formatGiftCode, GIFT, GIFT_MSG } from "../shared/schemas.ts";

const t = await createGiftTestApp();
const json = { "content-type": "application/json" };
const { order: valid, post, buyGift, redeem } = giftShop(t);

describe("POST /api/gifts/quote", () => {
  it("prices the tier times the months with the length discount", async () => {
    const res = await post("/api/gifts/quote", { tier: "gold", months: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subtotalPence: 24000,
      lengthDiscountPercent: GIFT.lengthDiscountPercent[12],
      lengthDiscountPence: 2400,
      offerDiscountPence: 0,
      totalPence: 21600,
    });
  });
  it("refuses a bad tier and a bad length with their messages", async () => {
    const tier = await post("/api/gifts/quote", { tier: "diamond", months: 3 });
    expect(tier.statusCode).toBe(400);
    expect(tier.json().message).toBe(GIFT_MSG.tier);
    const months = await post("/api/gifts/quote", { tier: "gold", months: 2 });
    expect(months.statusCode).toBe(400);
    expect(months.json().message).toBe(GIFT_MSG.months);
  });
});

describe("POST /api/gifts: validation", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["bad tier", { tier: "bronze" }, GIFT_MSG.tier],
    ["bad length", { months: 5 }, GIFT_MSG.months],
    ["past delivery date", { deliverOn: "2026-11-25" }, GIFT_MSG.deliveryPast],
    ["delivery more than a year ahead", { deliverOn: "2027-11-27" }, GIFT_MSG.deliveryTooFar],
    ["not a date", { deliverOn: "next week" }, GIFT_MSG.deliverOn],
    ["501-character message", { message: "x".repeat(501) }, GIFT_MSG.messageTooLong],
    ["no buyer name", { buyerName: " " }, GIFT_MSG.buyerName],
    ["bad buyer e-mail", { buyerEmail: "nope" }, GIFT_MSG.buyerEmail],
    ["no recipients", { recipientNames: "" }, GIFT_MSG.recipientNames],
    ["bad recipient e-mail", { recipientEmail: "a@" }, GIFT_MSG.recipientEmail],
  ];
  for (const [name, change, message] of cases)
    it(`refuses a ${name}, and nothing is written`, async () => {
      const before = await t.db.$count(gifts);
      const res = await post("/api/gifts", { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await t.db.$count(gifts)).toBe(before);
    });
  it("takes a 500-character message and today as the delivery day", async () => {
    const res = await post("/api/gifts", { ...valid, message: "x".repeat(500), deliverOn: "2026-11-26" });
    expect(res.statusCode, res.body).toBe(200);
  });
  it("refuses malformed JSON and unknown fields", async () => {
    const bad = await t.request({ method: "POST", url: "/api/gifts", headers: json, payload: "{" });
    expect(bad.statusCode).toBe(400);
    const extra = await post("/api/gifts", { ...valid, amountPence: 1 });
    expect(extra.statusCode).toBe(400);
  });
});

describe("buying, paying and delivering", () => {
  it("a visitor pays once; revenue, receipt and card follow; the job delivers on the day", async () => {
    const { token, gift, location } = await buyGift();
    expect(location).toBe(`/gift/manage?token=${token}`);
    expect(gift.status).toBe("scheduled");
    expect(gift.amountPence).toBe(6000);
    expect(gift.code).toMatch(new RegExp(`^[${GIFT.codeAlphabet}]{${GIFT.codeLength}}$`));
    expect(gift.expiresAt!.toISOString()).toBe("2028-11-26T09:00:00.000Z");
    const events = await t.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventKey, `gift-paid:${gift.id}`));
    expect(events).toHaveLength(1);
    expect(events[0].amountPence).toBe(6000);
    const receipt = t.mail.find((m) => m.type === "gift_receipt" && m.to === valid.buyerEmail)!;
    expect(receipt.text).toContain(`/gift/manage?token=${token}`);
    const card = receipt.attachments![0];
    expect(card.contentType).toBe("application/pdf");
    expect(card.content.subarray(0, 5).toString()).toBe("%PDF-");
    // Returning again (a reload) pays nothing twice.
    const [again] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    await t.request({ method: "GET", url: `/api/gifts/payment-return?token=${token}` });
    expect(await t.db.$count(billingEvents, eq(billingEvents.eventKey, `gift-paid:${gift.id}`))).toBe(1);
    expect(again.paidAt).toEqual(gift.paidAt);

    // Not before the day...
    await runGiftJobs(t.deps);
    expect(t.mail.some((m) => m.type === "gift_delivery" && m.to === valid.recipientEmail)).toBe(false);
    // ...nor before the London morning on it...
    t.clock.set("2026-12-24T06:00:00Z");
    await runGiftJobs(t.deps);
    expect(t.mail.some((m) => m.type === "gift_delivery" && m.to === valid.recipientEmail)).toBe(false);
    // ...then once.
    t.clock.set("2026-12-24T08:30:00Z");
    await runGiftJobs(t.deps);
    await runGiftJobs(t.deps);
    const sent = t.mail.filter((m) => m.type === "gift_delivery" && m.to === valid.recipientEmail);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(formatGiftCode(gift.code));
    expect(sent[0].text).toContain(valid.message);
    expect(sent[0].attachments?.[0].contentType).toBe("application/pdf");
    const [after] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(after.status).toBe("delivered");
    t.clock.set("2026-11-26T09:00:00Z");
  });

  it("an unpaid gift stays pending and the return says so", async () => {
    const res = await post("/api/gifts", valid);
    const ref = new URL(res.json().redirect_url).pathname.split("/").pop()!;
    const [g] = await t.db.select().from(gifts).where(eq(gifts.providerRef, ref));
    expect(g.status).toBe("pending");
    const cancel = await t.request({
      method: "POST",
      url: `/sandbox/bank-payment/${ref}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=cancel",
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe("/gift?payment=cancelled");
  });

  it("applies an offer code under its rules", async () => {
    const { offerCodes } = await import("../../../server/db/schema.ts");
    await t.db
      .insert(offerCodes)
      .values({ code: "GIFT10", discountType: "percentage", discountValue: "10.00" });
    await t.db.insert(offerCodes).values({
      code: "SILVERONLY",
      discountType: "percentage",
      discountValue: "10.00",
      applicableTiers: ["silver"],
    });
    const q = await post("/api/gifts/quote", { tier: "gold", months: 3, offerCode: "gift10" });
    expect(q.json()).toMatchObject({ offerCode: "GIFT10", offerDiscountPence: 600, totalPence: 5400 });
    const wrong = await post("/api/gifts/quote", { tier: "gold", months: 3, offerCode: "SILVERONLY" });
    expect(wrong.statusCode).toBe(400);
    const unknown = await post("/api/gifts/quote", { tier: "gold", months: 3, offerCode: "NOPE" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the buyer's private link", () => {
  it("shows the gift, moves the delivery, resends, downloads the card and cancels within 14 days", async () => {
    const { token, gift } = await buyGift({ deliverOn: "2027-01-10" });
    const view = await t.request({ method: "GET", url: `/api/gifts/manage?token=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: "scheduled", code: gift.code, canCancel: true });
    expect(view.json()).not.toHaveProperty("manageTokenHash");

    const past = await post("/api/gifts/manage/delivery", { token, deliverOn: "2026-01-01" });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(GIFT_MSG.deliveryPast);
    const moved = await post("/api/gifts/manage/delivery", { token, deliverOn: "2027-02-14" });
    expect(moved.statusCode).toBe(200);

    const pdf = await t.request({ method: "GET", url: `/api/gifts/manage/card?token=${token}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");

    const resent = await post("/api/gifts/manage/resend", { token });
    expect(resent.statusCode, resent.body).toBe(200);
    // Sent now, so the date has gone and can no longer change.
    const late = await post("/api/gifts/manage/delivery", { token, deliverOn: "2027-03-01" });
    expect(late.statusCode).toBe(409);

    const bad = await t.request({ method: "GET", url: `/api/gifts/manage?token=${"x".repeat(32)}` });
    expect(bad.statusCode).toBe(404);

    const cancelled = await post("/api/gifts/manage/cancel", { token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row.status).toBe("refunded");
    const [payment] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, row.paymentRef!));
    expect(payment.refundedPence).toBe(row.amountPence);
    const again = await post("/api/gifts/manage/cancel", { token });
    expect(again.statusCode).toBe(409);
  });

  it("refuses the buyer's cancellation after 14 days", async () => {
    const { token } = await buyGift();
    t.clock.advance(15 * 86_400_000);
    const res = await post("/api/gifts/manage/cancel", { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GIFT_MSG.cancelWindow);
    t.clock.set("2026-11-26T09:00:00Z");
  });
});

describe("redeeming", () => {
  it("gives a member without a plan the tier for the months, then reminds and ends cleanly", async () => {
    const { gift } = await buyGift({ months: 1, tier: "silver" });
    const check = await t.request({
      method: "GET",
      url: `/api/gifts/redeem/check?code=${formatGiftCode(gift.code)}`,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ tier: "silver", months: 1, from: valid.buyerName });
    expect(check.json()).not.toHaveProperty("buyerEmail");

    const m = await t.member();
    const visitor = await redeem(gift.code);
    expect(visitor.statusCode).toBe(401);
    const res = await redeem(formatGiftCode(gift.code).toLowerCase(), m);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redeemedAs).toBe("plan");
    let u = await storedMember(t.db, m.user.id);
    expect(u).toMatchObject({
      subscriptionTier: "silver",
      subscriptionStatus: "active",
      paymentSubscriptionId: null,
    });
    expect(u.giftedUntil!.toISOString()).toBe("2026-12-26T09:00:00.000Z");

    const used = await redeem(gift.code, await t.member());
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(GIFT_MSG.usedCode);

    // Reminders 14, 7 and 2 days before, once each.
    const ending = () => t.mail.filter((x) => x.type === "gift_ending" && x.to === m.user.email).length;
    for (const [at, count] of [
      ["2026-12-11T09:00:00Z", 0],
      ["2026-12-12T10:00:00Z", 1],
      ["2026-12-13T10:00:00Z", 1],
      ["2026-12-19T10:00:00Z", 2],
      ["2026-12-24T10:00:00Z", 3],
      ["2026-12-25T10:00:00Z", 3],
    ] as const) {
      t.clock.set(at);
      await runGiftJobs(t.deps);
      expect(ending(), at).toBe(count);
    }
    // The plan ends at the end of the gifted month and does not roll on.
    const { advanceSubscriptions } = await import("../../subscriptions/server/cycles.ts");
    t.clock.set("2026-12-26T09:05:00Z");
    await advanceSubscriptions(t.deps);
    await runGiftJobs(t.deps);
    u = await storedMember(t.db, m.user.id);
    expect(u.subscriptionStatus).toBe("cancelled");
    expect(u.currentPeriodEnd!.toISOString()).toBe("2026-12-26T09:00:00.000Z");
    t.clock.set("2026-11-26T09:00:00Z");
  });

  it("gives a paying member the months as credit: the next collection comes after them", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const { gift } = await buyGift({ months: 3 });
    const res = await redeem(gift.code, m);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redeemedAs).toBe("credit");
    const u = await storedMember(t.db, m.user.id);
    expect(u.subscriptionStatus).toBe("active");
    expect(u.giftedUntil).toBeNull();
    const [sub] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, u.paymentSubscriptionId!));
    // The months are on the plan's account; the provider collects again once they are used.
    expect(u.creditMonths).toBe(3);
    expect(sub.status).toBe("active");
    expect(sub.startDate.toISOString()).toBe(addMonths(u.currentPeriodEnd!, 3).toISOString());
  });

  it("answers unknown, expired and refunded codes with their own messages", async () => {
    const m = await t.member();
    const unknown = await redeem("ABCD-EFGH-JKLM", m);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GIFT_MSG.unknownCode);
    const empty = await redeem("", m);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(GIFT_MSG.code);

    const { gift } = await buyGift();
    t.clock.set("2028-11-27T09:00:00Z");
    await runGiftJobs(t.deps);
    const later = await t.member();
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row.status).toBe("expired");
    const expired = await redeem(gift.code, later);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(GIFT_MSG.expiredCode);
    t.clock.set("2026-11-26T09:00:00Z");
  });

  it("stops guessing after too many wrong codes", async () => {
    const m = await t.member();
    for (let i = 0; i < GIFT.redeemAttempts; i++) expect((await redeem(`WRONG${i}`, m)).statusCode).toBe(404);
    expect((await redeem("WRONGX", m)).statusCode).toBe(429);
  });

  it("100 concurrent redemptions give exactly one", async () => {
    const { gift } = await buyGift({ months: 6 });
    const members = await Promise.all(Array.from({ length: 100 }, () => t.member()));
    const answers = await Promise.all(members.map((m) => redeem(gift.code, m)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    const gifted = await t.db.$count(planAccounts, eq(planAccounts.subscriptionTier, "gold"));
    expect(gifted).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row.status).toBe("redeemed");
  });
});

describe("authorisation and the back office", () => {
  it("only the buyer's link and admins see a gift", async () => {
    const { gift } = await buyGift();
    const member = await t.member();
    const admin = await t.admin();
    expect((await t.request({ method: "GET", url: "/api/admin/gifts" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/admin/gifts", as: member })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "GET", url: `/api/admin/gifts/${gift.id}`, as: member })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/gifts/manage", as: member })).statusCode).toBe(400);
    const list = await t.request({
      method: "GET",
      url: `/api/admin/gifts?search=priya&status=scheduled&limit=5`,
      as: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(Number(list.headers["x-total-count"])).toBeGreaterThanOrEqual(1);
    expect(list.json()[0]).toMatchObject({ buyerName: valid.buyerName, status: "scheduled" });
    const badStatus = await t.request({ method: "GET", url: "/api/admin/gifts?status=lost", as: admin });
    expect(badStatus.statusCode).toBe(400);
  });

  it("admins resend, move, refund, export and read the figures", async () => {
    const admin = await t.admin();
    const { gift } = await buyGift({ deliverOn: "2027-01-05" });
    const move = await post(`/api/admin/gifts/${gift.id}/delivery`, { deliverOn: "2027-01-06" }, admin);
    expect(move.statusCode, move.body).toBe(200);
    const resend = await post(`/api/admin/gifts/${gift.id}/resend`, {}, admin);
    expect(resend.statusCode, resend.body).toBe(200);
    const refund = await post(`/api/admin/gifts/${gift.id}/refund`, {}, admin);
    expect(refund.statusCode, refund.body).toBe(200);
    const again = await post(`/api/admin/gifts/${gift.id}/refund`, {}, admin);
    expect(again.statusCode).toBe(409);
    const missing = await post("/api/admin/gifts/999999/refund", {}, admin);
    expect(missing.statusCode).toBe(404);
    const csv = await t.request({ method: "GET", url: "/api/admin/gifts/export", as: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n")[0]).toContain("buyer_email");
    const figures = await t.request({ method: "GET", url: "/api/admin/gifts/analytics", as: admin });
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().revenueByMonth[0].month).toBe("2026-11");
    expect(figures.json().redeemed).toBeGreaterThanOrEqual(1);
    // MRR counts only what recurs: gifted plans (the 100-way race left one) add nothing.
    const mrr = await t.request({ method: "GET", url: "/api/admin/analytics/subscriptions", as: admin });
    expect(mrr.statusCode).toBe(200);
    const paying = await t.db.$count(paymentLinks, isNotNull(paymentLinks.paymentSubscriptionId));
    expect(paying).toBe(1);
    expect(mrr.json().totalMRRPence).toBe(2000);
  });
});
