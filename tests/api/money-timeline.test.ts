/**
 * The money defects members met where features crossed, each as a named test against the one plan account:
 * a gift's months survive a month off ended early, the month off's days agree on every screen, a gift is only
 * spent inside the service area, a cooling-off refund closes the contract, and a payment never collected is
 * cancelled rather than left "Scheduled".
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advanceSubscriptions } from "../../src/features/subscriptions/server/cycles.ts";
import { SUB_MSG } from "../../src/features/subscriptions/server/service.ts";
import { sandboxPayments, sandboxSubscriptions, userPreferences } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { londonDay } from "../../src/shared/london-time.ts";
import { SERVICE_AREA_MSG } from "../../src/shared/service-area.ts";
import type { SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { createGiftTestApp, GIFT_START, giftShop } from "../helpers/gifts.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createGiftTestApp();
const shop = giftShop(t, { deliverOn: "2026-11-26", message: "" });
const { get, giftRow, redeem } = shop;
const post = (url: string, as: SignedIn, payload: Record<string, unknown> = {}) =>
  t.request({ method: "POST", url, as, payload });
const buyGift = async (overrides: Record<string, unknown> = {}) => (await shop.buyGift(overrides)).gift;
const row = (id: number) => storedMember(t.db, id);
const billing = async (as: SignedIn) => {
  const res = await get("/api/billing", as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The member's row read again, signed in afresh at the clock's time (sessions end after a week unused). */
const fresh = async (m: SignedIn): Promise<SignedIn> => ({
  ...m,
  user: await row(m.user.id),
  cookie: `unveil_sid=${await createSession(t.db, m.user.id, t.clock.now())}`,
});

describe("the plan account keeps every screen and collection true", () => {
  it("a month off with gift credit, ended early, keeps the gifted months: the next payment is after them", async () => {
    t.clock.set(GIFT_START);
    const m = await t.member();
    await subscribe(t, m, "gold");
    // Paid on 26 November for the month to 26 December; three gifted months follow.
    const g = await buyGift({ months: 3 });
    expect((await redeem(g.code, m)).json().redeemedAs).toBe("credit");
    expect((await billing(m)).nextPayment).toEqual({ date: "2027-03-26", amountPence: 2000 });

    // A month off skips the payment due on 26 December; the gift then covers January to March.
    const paused = await post("/api/subscription/pause", m, {});
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await billing(m)).nextPayment).toEqual({ date: "2027-04-26", amountPence: 2000 });
    expect(paused.json().message).toContain(londonDay(new Date("2027-04-26T09:00:00Z")));

    // The month off starts, then is ended early: the gifted months still come before any payment.
    t.clock.set("2026-12-27T10:00:00Z");
    await advanceSubscriptions(t.deps);
    expect((await row(m.user.id)).subscriptionStatus).toBe("paused");
    const resumed = await post("/api/subscription/resume", await fresh(m));
    expect(resumed.statusCode, resumed.body).toBe(200);
    const after = await billing(await fresh(m));
    expect(after).toMatchObject({
      status: "active",
      creditMonths: 3,
      nextPayment: { date: "2027-04-26", amountPence: 2000 },
    });
    expect(after.nextPayment.date).not.toBe("2026-12-26");
    expect(resumed.json().nextPaymentDate.slice(0, 10)).toBe(after.nextPayment.date);
    const kinds = after.cycles.map((c: { kind: string }) => c.kind);
    expect(kinds.slice(0, 5)).toEqual(["paused", "credited", "credited", "credited", "due"]);
    // The provider collects on the account's day, and nothing before it.
    const u = await row(m.user.id);
    const [sub] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, u.paymentSubscriptionId!));
    expect(sub.startDate.toISOString().slice(0, 10)).toBe(after.nextPayment.date);
  });

  it("'Take a month off, keep this date': billing, the toast and the plan name the same days", async () => {
    t.clock.set(GIFT_START);
    const m = await t.member();
    await subscribe(t, m, "gold");
    // A date inside the month off (26 December to 26 January), which the couple keeps.
    await arrangeDate(t.db, m.user.id, { at: new Date("2026-12-30T19:30:00Z") });
    const res = await post("/api/subscription/pause", m, { keepDates: true });
    expect(res.statusCode, res.body).toBe(200);
    const b = await billing(await fresh(m));
    // Still active until the month off starts after the kept date; the next payment follows the skipped one.
    expect(b.status).toBe("active");
    expect(b.pausedFrom.slice(0, 10)).toBe("2026-12-31");
    expect(b.nextPayment).toEqual({ date: "2027-01-26", amountPence: 2000 });
    expect(b.cycles.slice(0, 3).map((c: { kind: string }) => c.kind)).toEqual(["paid", "paused", "due"]);
    // The dashboard names the same next payment, from the same account.
    const stats = await get("/api/dates/stats", await fresh(m));
    expect(stats.json().nextPayment).toEqual(b.nextPayment);
    const message: string = res.json().message;
    expect(message).toContain(`payments start again on ${londonDay(new Date("2027-01-26T09:00:00Z"))}`);
    expect(message).toContain(`until ${londonDay(new Date(b.pausedUntil))}`);
  });

  it("a gift is refused before it is spent for a couple outside the service area", async () => {
    t.clock.set(GIFT_START);
    const m = await t.member();
    await t.db.insert(userPreferences).values({ userId: m.user.id, postcode: "M1 1AE" });
    const g = await buyGift({ months: 1 });
    const res = await redeem(g.code, m);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SERVICE_AREA_MSG.outside("M"));
    // The code is not spent: it still works for a couple in London.
    const after = await giftRow(g.id);
    expect(after.redeemedBy).toBeNull();
    expect(after.status).not.toBe("redeemed");
    const london = await t.member();
    await t.db.insert(userPreferences).values({ userId: london.user.id, postcode: "SE1 9PX" });
    expect((await redeem(g.code, london)).statusCode).toBe(200);
  });

  it("a plan cancelled with a cooling-off refund cannot be reactivated; an ordinary cancellation can", async () => {
    t.clock.set(GIFT_START);
    const refunded = await t.member();
    await subscribe(t, refunded, "silver");
    t.clock.set("2026-11-30T10:00:00Z");
    const cancel = await post("/api/cancel-subscription", refunded, { reason: "Too expensive" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refunded).toBe(true);
    expect((await billing(refunded)).canReactivate).toBe(false);
    expect((await post("/api/reactivate-subscription", refunded)).statusCode).toBe(409);

    t.clock.set(GIFT_START);
    const kept = await t.member();
    await subscribe(t, kept, "silver");
    t.clock.set("2026-12-15T10:00:00Z");
    expect((await post("/api/cancel-subscription", kept, { reason: "Too expensive" })).json().refunded).toBe(
      false,
    );
    expect((await billing(kept)).canReactivate).toBe(true);
  });

  it("a refund of a payment never collected cancels it: the history says Cancelled, not Scheduled", async () => {
    t.clock.set(GIFT_START);
    const m = await t.member();
    await subscribe(t, m, "gold");
    // The next day the first payment is still waiting to go to the bank.
    t.clock.set("2026-11-27T10:00:00Z");
    const res = await post("/api/cancel-subscription", m, { reason: "Other" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: true, message: SUB_MSG.notCollected });
    const u = await row(m.user.id);
    const books = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, u.paymentMandateId!));
    expect(books.map((p) => [p.status, p.refundedPence])).toEqual([["cancelled", 0]]);
    const b = await billing(await fresh(m));
    expect(
      b.payments.map((p: { status: string; refundedPence: number }) => [p.status, p.refundedPence]),
    ).toEqual([["cancelled", 0]]);
    // Nothing was taken, so nothing was paid or refunded.
    expect(b.totals).toEqual({ paidPence: 0, refundedPence: 0 });
    const statuses = b.history.filter((h: { kind: string }) => h.kind.startsWith("payment_"));
    expect(statuses[0].status).toBe("Cancelled");
    expect(statuses.some((h: { kind: string }) => h.kind === "payment_refunded")).toBe(false);
  });
});
