import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, eventually, type SignedIn } from "../../../../tests/helpers/app.ts";
import { arrangeDate, hours } from "../../../../tests/helpers/arrange.ts";
import { storedMember } from "../../../../tests/helpers/stored-member.ts";
import { authoriseAtSandbox, subscribe, tokenFrom } from "../../../../tests/helpers/subscribe.ts";
import { dateReservations, sandboxPayments, subscriptionEvents } from "../../../server/db/schema.ts";
import { createSession } from "../../../server/modules/auth/sessions.ts";
import { saveState } from "../../../server/modules/plan-account/state.ts";
import { CANCELLATION_REASONS } from "../../../shared/constants.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { advanceSubscriptions } from "../server/cycles.ts";
import { SUB_MSG } from "../server/service.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
const DAY = 86_400_000;
beforeEach(() => t.clock.set(NOW));

/** A JSON POST as `as` (a visitor when undefined). */
const post = (url: string, as?: SignedIn, payload?: InjectOptions["payload"]) =>
  t.request({ method: "POST", url, as, payload });
const userRow = (id: number) => storedMember(t.db, id);
const events = async (id: number) =>
  (await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, id))).map(
    (e) => e.eventType,
  );

/** A new session on the clock's current time (sessions last 30 days; some tests travel further). */
async function fresh(me: SignedIn): Promise<SignedIn> {
  return { ...me, cookie: `unveil_sid=${await createSession(t.db, me.user.id, t.clock.now())}` };
}

async function subscribed(tier = "gold") {
  const me = await t.member();
  await subscribe(t, me, tier);
  return me;
}

describe("POST /api/cancel-subscription", () => {
  it("inside the cooling-off period with no date held: refunds in full and ends now", async () => {
    const me = await subscribed();
    t.clock.set(new Date(NOW.getTime() + 5 * DAY));
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json()).toMatchObject({ coolingOffRefundEligible: true });
    const future = await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + 20 * DAY) });
    const res = await post("/api/cancel-subscription", me, {
      reason: "Too expensive",
      feedback: "Lovely idea though",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: true });
    const row = await userRow(me.user.id);
    expect(row.subscriptionStatus).toBe("cancelled");
    expect(row.currentPeriodEnd!.getTime()).toBe(NOW.getTime() + 5 * DAY);
    const payments = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, row.paymentMandateId!));
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((p) => p.refundedPence === p.amountPence && p.status === "refunded")).toBe(true);
    expect(await events(me.user.id)).toEqual(expect.arrayContaining(["cancelled", "refunded"]));
    const [cancelEvent] = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.eventType, "cancelled"));
    expect(cancelEvent).toMatchObject({ reason: "Too expensive", feedback: "Lovely idea though" });
    const [d] = await t.db
      .select()
      .from(dateReservations)
      .where(eq(dateReservations.id, future.reservation.id));
    expect(d.status).toBe("cancelled");
    const after = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(after.json().payments[0]).toMatchObject({ status: "refunded" });
  });

  it("after a date has been held: no refund, runs to the end of the billing period", async () => {
    const me = await subscribed();
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + 2 * DAY) });
    t.clock.set(new Date(NOW.getTime() + 3 * DAY));
    const res = await post("/api/cancel-subscription", me, { reason: "Other" });
    expect(res.json()).toMatchObject({ refunded: false, endsAt: "2026-12-10T12:00:00.000Z" });
    const row = await userRow(me.user.id);
    expect(row.currentPeriodEnd!.toISOString()).toBe("2026-12-10T12:00:00.000Z");
    const payments = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, row.paymentMandateId!));
    expect(payments.every((p) => p.refundedPence === 0)).toBe(true);
  });

  it("confirms the start and the cancellation by e-mail", async () => {
    const me = await subscribed("silver");
    const welcome = await eventually(() =>
      t.mail.find((m) => m.to === me.user.email && m.type === "subscription_confirmed"),
    );
    expect(welcome.text).toContain("£15 a month");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    await post("/api/cancel-subscription", me, { reason: "Other" });
    const bye = await eventually(() =>
      t.mail.find((m) => m.to === me.user.email && m.type === "plan_cancelled"),
    );
    expect(bye.text).toContain("The plan ends on 10 December 2026");
  });

  it("after 14 days: no refund", async () => {
    const me = await subscribed();
    t.clock.set(new Date(NOW.getTime() + 14 * DAY + 1));
    const res = await post("/api/cancel-subscription", me, { reason: "Other" });
    expect(res.json().refunded).toBe(false);
  });

  it("needs one of the eight reasons; unknown fields and non-members are refused", async () => {
    const me = await subscribed();
    for (const payload of [
      {},
      { reason: "Bored" },
      { reason: 3 },
      { reason: "Other", feedback: "x".repeat(2001) },
      { reason: "Other", immediate: true },
    ]) {
      const res = await post("/api/cancel-subscription", me, payload);
      expect(res.statusCode).toBe(400);
    }
    const missing = await post("/api/cancel-subscription", me, {});
    expect(missing.body).toContain(MEMBER_MSG.reason);
    expect((await userRow(me.user.id)).subscriptionStatus).toBe("active");
    expect(CANCELLATION_REASONS).toHaveLength(8);
    expect((await post("/api/cancel-subscription", undefined, { reason: "Other" })).statusCode).toBe(401);
    const trial = await t.member();
    const noPlan = await post("/api/cancel-subscription", trial, { reason: "Other" });
    expect(noPlan.statusCode).toBe(400);
  });

  it("cancelling twice is a clear 409", async () => {
    const me = await subscribed();
    await post("/api/cancel-subscription", me, { reason: "Other" });
    const again = await post("/api/cancel-subscription", me, { reason: "Other" });
    expect(again.statusCode).toBe(409);
  });
});

describe("POST /api/reactivate-subscription", () => {
  it("undoes a cancellation before the period ends, on a new provider subscription", async () => {
    const me = await subscribed();
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    const before = await userRow(me.user.id);
    await post("/api/cancel-subscription", me, { reason: "Other" });
    const res = await post("/api/reactivate-subscription", me);
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow(me.user.id);
    expect(row.subscriptionStatus).toBe("active");
    expect(row.paymentSubscriptionId).not.toBe(before.paymentSubscriptionId);
    expect(await events(me.user.id)).toContain("reactivated");
  });

  it("is refused when not cancelled or once the period has ended", async () => {
    const me = await subscribed();
    expect((await post("/api/reactivate-subscription", me)).statusCode).toBe(400);
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    await post("/api/cancel-subscription", me, { reason: "Other" });
    t.clock.set(new Date("2026-12-11T00:00:00Z"));
    const late = await t.request({
      method: "POST",
      url: "/api/reactivate-subscription",
      as: await fresh(me),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/has ended/);
    expect((await post("/api/reactivate-subscription")).statusCode).toBe(401);
  });
});

describe("retention offers", () => {
  it("pause: one month off from the end of the paid cycle, then it resumes by itself", async () => {
    const me = await subscribed();
    const res = await post("/api/subscription/pause", me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pausedUntil).toBe("2027-01-10T12:00:00.000Z");
    expect((await post("/api/subscription/pause", me)).statusCode).toBe(409);
    // The paid month runs as usual.
    expect((await userRow(me.user.id)).subscriptionStatus).toBe("active");
    t.clock.set(new Date("2026-12-10T12:00:00Z"));
    await advanceSubscriptions(t.deps);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionStatus: "paused" });
    // Nothing is charged in the paused month.
    const billing = await t.request({ method: "GET", url: "/api/billing", as: await fresh(me) });
    expect(billing.json().nextPayment.date).toBe("2027-01-10");
    expect(billing.json().payments.map((p: { chargeDate: string }) => p.chargeDate)).toEqual(["2026-11-10"]);
    t.clock.set(new Date("2027-01-10T12:00:00Z"));
    await advanceSubscriptions(t.deps);
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", pausedUntil: null });
    expect(row.currentPeriodEnd!.toISOString()).toBe("2027-02-10T12:00:00.000Z");
    expect(await events(me.user.id)).toEqual(
      expect.arrayContaining(["pause_scheduled", "paused", "resumed"]),
    );
  });

  it("downgrade to Silver: takes effect at the next cycle at £15", async () => {
    const me = await subscribed("gold");
    const res = await post("/api/subscription/change-tier", me, { tier: "silver" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().effectiveAt).toBe("2026-12-10T12:00:00.000Z");
    const user = await t.request({ method: "GET", url: "/api/auth/user", as: me });
    expect(user.json()).toMatchObject({ subscriptionTier: "gold", pendingTier: "silver" });
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json().nextPayment).toEqual({ date: "2026-12-10", amountPence: 1500 });
    t.clock.set(new Date("2026-12-10T12:00:00Z"));
    await advanceSubscriptions(t.deps);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionTier: "silver", pendingTier: null });
  });

  it("change tier: same tier refused, bad tier 400, choosing the current tier again withdraws a pending change", async () => {
    const me = await subscribed("gold");
    const same = await post("/api/subscription/change-tier", me, { tier: "gold" });
    expect(same.statusCode).toBe(400);
    const bad = await post("/api/subscription/change-tier", me, { tier: "diamond" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MEMBER_MSG.tier);
    await post("/api/subscription/change-tier", me, { tier: "platinum" });
    expect((await userRow(me.user.id)).pendingTier).toBe("platinum");
    await post("/api/subscription/change-tier", me, { tier: "gold" });
    expect((await userRow(me.user.id)).pendingTier).toBeNull();
    const trial = await t.member();
    expect((await post("/api/subscription/change-tier", trial, { tier: "gold" })).statusCode).toBe(400);
  });

  it("change tier from a stale screen: a waiting change made elsewhere is not replaced (409)", async () => {
    const me = await subscribed("gold");
    // Another tab scheduled Platinum; this one still shows no waiting change and asks for Silver.
    await post("/api/subscription/change-tier", me, { tier: "platinum", pendingTier: null });
    const stale = await post("/api/subscription/change-tier", me, { tier: "silver", pendingTier: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(SUB_MSG.changedElsewhere);
    expect((await userRow(me.user.id)).pendingTier).toBe("platinum");
    // Seen as it is now, the change goes through; a client that says nothing is not checked.
    const fresh = await post("/api/subscription/change-tier", me, {
      tier: "silver",
      pendingTier: "platinum",
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await userRow(me.user.id)).pendingTier).toBe("silver");
    const bad = await post("/api/subscription/change-tier", me, { tier: "gold", pendingTier: "diamond" });
    expect(bad.statusCode).toBe(400);
    expect((await userRow(me.user.id)).pendingTier).toBe("silver");
  });
});

describe("GET /api/billing", () => {
  it("shows the mandate, the next payment and the history collected so far", async () => {
    const me = await subscribed("platinum");
    t.clock.set(new Date("2027-01-20T12:00:00Z"));
    const res = await t.request({ method: "GET", url: "/api/billing", as: await fresh(me) });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      provider: "sandbox",
      tier: "platinum",
      status: "active",
      monthlyAmountPence: 3000,
      nextPayment: { date: "2027-02-10", amountPence: 3000 },
      mandate: { status: "active", accountEnding: "11" },
    });
    expect(b.payments.map((p: { chargeDate: string }) => p.chargeDate)).toEqual([
      "2027-01-10",
      "2026-12-10",
      "2026-11-10",
    ]);
    expect(b.payments[2].status).toBe("confirmed");
    // Another member sees only their own (empty) billing.
    const other = await t.member();
    const theirs = await t.request({ method: "GET", url: "/api/billing", as: other });
    expect(theirs.json()).toMatchObject({ tier: null, payments: [], mandate: null, nextPayment: null });
    expect((await t.request({ method: "GET", url: "/api/billing" })).statusCode).toBe(401);
  });
});

describe("POST /api/subscription/update-payment-method", () => {
  it("runs the provider flow for a new mandate and makes a past-due plan active again", async () => {
    const me = await subscribed("gold");
    const old = await userRow(me.user.id);
    await saveState(t.db, me.user.id, { subscriptionStatus: "past_due" });
    const start = await post("/api/subscription/update-payment-method", me);
    expect(start.statusCode, start.body).toBe(200);
    const auth = await authoriseAtSandbox(t, start.json().redirect_url, { account_number: "12345678" });
    const token = tokenFrom(auth.headers.location as string);
    const done = await post("/api/complete-subscription", me, { session_token: token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ tier: "gold", kind: "update_mandate" });
    const row = await userRow(me.user.id);
    expect(row.subscriptionStatus).toBe("active");
    expect(row.paymentMandateId).not.toBe(old.paymentMandateId);
    expect(row.paymentSubscriptionId).not.toBe(old.paymentSubscriptionId);
    expect(await events(me.user.id)).toContain("payment_method_updated");
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json().mandate.accountEnding).toBe("78");
    // The same return link again changes nothing more.
    const again = await post("/api/complete-subscription", me, { session_token: token });
    expect(again.statusCode).toBe(200);
  });

  it("needs a plan", async () => {
    const trial = await t.member();
    expect((await post("/api/subscription/update-payment-method", trial)).statusCode).toBe(400);
    expect((await post("/api/subscription/update-payment-method")).statusCode).toBe(401);
  });

  it("another member cannot complete someone else's mandate update", async () => {
    const me = await subscribed("gold");
    const other = await t.member();
    const start = await post("/api/subscription/update-payment-method", me);
    const auth = await authoriseAtSandbox(t, start.json().redirect_url);
    const token = tokenFrom(auth.headers.location as string);
    const res = await post("/api/complete-subscription", other, { session_token: token });
    expect(res.statusCode).toBe(403);
  });
});

describe("advanceSubscriptions", () => {
  it("rolls an active plan to its next cycle, catching up missed cycles", async () => {
    const me = await subscribed("silver");
    t.clock.set(new Date("2027-02-15T00:00:00Z"));
    expect(await advanceSubscriptions(t.deps)).toBeGreaterThanOrEqual(3);
    expect((await userRow(me.user.id)).currentPeriodEnd!.toISOString()).toBe("2027-03-10T12:00:00.000Z");
    expect(await advanceSubscriptions(t.deps)).toBe(0);
  });

  it("leaves cancelled plans alone", async () => {
    const me = await subscribed("silver");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - hours(1)) });
    await post("/api/cancel-subscription", me, { reason: "Other" });
    t.clock.set(new Date("2027-02-15T00:00:00Z"));
    await advanceSubscriptions(t.deps);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionStatus: "cancelled" });
  });
});
