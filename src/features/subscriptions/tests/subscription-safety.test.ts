/** The plan changes under pressure: concurrent clicks, offers across tier changes, arrears, refunds, lapses. */

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn } from "../../../../tests/helpers/app.ts";
import { arrangeDate } from "../../../../tests/helpers/arrange.ts";
import { storedMember } from "../../../../tests/helpers/stored-member.ts";
import {
  authoriseAtSandbox,
  startCheckout,
  subscribe,
  tokenFrom,
} from "../../../../tests/helpers/subscribe.ts";
import {
  dateReservations,
  offerCodes,
  sandboxPayments,
  sandboxSubscriptions,
  subscriptionEvents,
} from "../../../server/db/schema.ts";
import { createSession } from "../../../server/modules/auth/sessions.ts";
import { saveLinks } from "../../../server/modules/payments/links.ts";
import { saveState } from "../../../server/modules/plan-account/state.ts";
import { recoverPayments } from "../../payments/server/recovery.ts";
import { advanceSubscriptions } from "../server/cycles.ts";

const t = await createTestApp({ rateLimits: { windowMinutes: 60 } });
const NOW = new Date("2026-11-10T12:00:00Z");
const DAY = 86_400_000;
beforeEach(() => t.clock.set(NOW));

const userRow = (id: number) => storedMember(t.db, id);
const events = async (id: number) =>
  (await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, id))).map(
    (e) => e.eventType,
  );
const liveSandboxSubs = async (mandateId: string) =>
  (
    await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.mandateId, mandateId))
  ).filter((s) => s.status !== "cancelled");
async function fresh(me: SignedIn): Promise<SignedIn> {
  return { ...me, cookie: `unveil_sid=${await createSession(t.db, me.user.id, t.clock.now())}` };
}
let codeN = 0;
async function offer(values: {
  discountType?: string;
  discountValue: string;
  durationMonths?: number | null;
}) {
  const code = `SAFE${++codeN}`;
  await t.db
    .insert(offerCodes)
    .values({ code, discountType: values.discountType ?? "percentage", ...values });
  return code;
}
const post = (url: string, as: SignedIn, payload?: Record<string, unknown>) =>
  t.request({ method: "POST", url, as, payload });

describe("concurrent clicks", () => {
  it("five reactivations at once leave one collecting subscription", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    t.clock.set(new Date(NOW.getTime() + 20 * DAY));
    const s = await fresh(me);
    expect((await post("/api/cancel-subscription", s, { reason: "Other" })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post("/api/reactivate-subscription", s)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400 || a.statusCode === 409)).toBe(
      true,
    );
    const row = await userRow(me.user.id);
    const live = await liveSandboxSubs(row.paymentMandateId!);
    expect(live.map((x) => x.id)).toEqual([row.paymentSubscriptionId]);
  });

  it("five pauses at once book one month off; two cancels record one cancellation", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    const pauses = await Promise.all(Array.from({ length: 5 }, () => post("/api/subscription/pause", me)));
    expect(pauses.filter((p) => p.statusCode === 200)).toHaveLength(1);
    const row = await userRow(me.user.id);
    const live = await liveSandboxSubs(row.paymentMandateId!);
    expect(live).toHaveLength(1);
    expect(live[0].startDate.toISOString().slice(0, 10)).toBe("2027-01-10");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    const cancels = await Promise.all(
      [0, 1].map(() => post("/api/cancel-subscription", me, { reason: "Other" })),
    );
    expect(cancels.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect((await events(me.user.id)).filter((e) => e === "cancelled")).toHaveLength(1);
  });
});

describe("pauses", () => {
  it("call off dates in the paused month and come once every six months", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    const inPause = await arrangeDate(t.db, me.user.id, { at: new Date("2026-12-20T19:00:00Z") });
    const before = await arrangeDate(t.db, me.user.id, { at: new Date("2026-12-01T19:00:00Z") });
    // Dates in the month off: the member must choose (here: cancel them).
    expect((await post("/api/subscription/pause", me)).statusCode).toBe(409);
    expect((await post("/api/subscription/pause", me, { keepDates: false })).statusCode).toBe(200);
    const status = async (id: number) =>
      (await t.db.select().from(dateReservations).where(eq(dateReservations.id, id)))[0].status;
    expect(await status(inPause.reservation.id)).toBe("cancelled");
    expect(await status(before.reservation.id)).toBe("scheduled");
    t.clock.set(new Date("2027-02-01T00:00:00Z"));
    await advanceSubscriptions(t.deps);
    const again = await post("/api/subscription/pause", await fresh(me));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/once every six months/);
  });
});

describe("the member lock", () => {
  it("a row being written that refers to the member does not make their own change look busy", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    // An open transaction inserting a row with a foreign key to the member holds a KEY SHARE lock on them,
    // as the mail log or an event written in the background does.
    await t.db
      .transaction(async (tx) => {
        await tx.insert(subscriptionEvents).values({
          userId: me.user.id,
          eventType: "note",
          fromTier: "gold",
          toTier: "gold",
          fromStatus: "active",
          toStatus: "active",
          occurredAt: NOW,
        });
        const res = await post("/api/subscription/change-tier", me, { tier: "silver" });
        expect(res.statusCode, res.body).toBe(200);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && e.constructor.name === "TransactionRollbackError")) throw e;
      });
    expect((await userRow(me.user.id)).pendingTier).toBe("silver");
  });
});

describe("offers across plan changes", () => {
  it("an upgrade during a 50% offer charges half the new price, then the new full price", async () => {
    const code = await offer({ discountValue: "50.00", durationMonths: 3 });
    const me = await t.member();
    await subscribe(t, me, "gold", code);
    const res = await post("/api/subscription/change-tier", me, { tier: "platinum" });
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow(me.user.id);
    const [sub] = await liveSandboxSubs(row.paymentMandateId!);
    // Two discounted months remain (December and January), at half of £30; then £30.
    expect(sub).toMatchObject({ amountPence: 3000, discountAmountPence: 1500, discountCycles: 2 });
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json().nextPayment).toEqual({ date: "2026-12-10", amountPence: 1500 });
  });

  it("reactivation keeps the running offer", async () => {
    const code = await offer({ discountValue: "5.00", discountType: "fixed_amount", durationMonths: null });
    const me = await t.member();
    await subscribe(t, me, "silver", code);
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    await post("/api/cancel-subscription", me, { reason: "Other" });
    expect((await post("/api/reactivate-subscription", me)).statusCode).toBe(200);
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json()).toMatchObject({ monthlyAmountPence: 1000, nextPayment: { amountPence: 1000 } });
  });
});

describe("new bank details", () => {
  async function newMandate(me: SignedIn, account = "12345678") {
    const start = await post("/api/subscription/update-payment-method", me);
    const auth = await authoriseAtSandbox(t, start.json().redirect_url, { account_number: account });
    return post("/api/complete-subscription", me, {
      session_token: tokenFrom(auth.headers.location as string),
    });
  }

  it("collect the missed month when the plan was behind, and keep a pending tier and a booked pause", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    expect((await post("/api/subscription/change-tier", me, { tier: "silver" })).statusCode).toBe(200);
    expect((await post("/api/subscription/pause", me)).statusCode).toBe(200);
    await saveState(t.db, me.user.id, { subscriptionStatus: "past_due" });
    await saveLinks(t.db, me.user.id, { paymentStatusAt: NOW });
    expect((await newMandate(me)).statusCode).toBe(200);
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", pendingTier: "silver" });
    const onNew = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, row.paymentMandateId!));
    expect(onNew.map((p) => [p.description, p.amountPence])).toEqual([["Missed monthly payment", 2000]]);
    const [sub] = await liveSandboxSubs(row.paymentMandateId!);
    expect(sub).toMatchObject({ amountPence: 1500 });
    expect(sub.startDate.toISOString().slice(0, 10)).toBe("2027-01-10");
    // The history shows both mandates' payments.
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json().payments).toHaveLength(2);
  });

  it("a cooling-off cancellation refunds payments taken on the old mandate too", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    const oldMandate = (await userRow(me.user.id)).paymentMandateId!;
    t.clock.set(new Date(NOW.getTime() + DAY));
    await newMandate(me);
    t.clock.set(new Date(NOW.getTime() + 3 * DAY));
    const res = await post("/api/cancel-subscription", me, { reason: "Too expensive" });
    expect(res.json().refunded).toBe(true);
    const old = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.mandateId, oldMandate));
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((p) => p.refundedPence === p.amountPence)).toBe(true);
    const [refunded] = (
      await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, me.user.id))
    ).filter((e) => e.eventType === "refunded");
    expect(refunded.monthlyAmount).toBe(2000);
  });
});

describe("cooling-off and contracts", () => {
  it("a revealed date counts as service begun: no refund", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + 20 * 3_600_000) });
    const res = await post("/api/cancel-subscription", me, { reason: "Other" });
    expect(res.json().refunded).toBe(false);
  });

  it("a new contract after a plan ended has its own cooling-off period", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    await post("/api/cancel-subscription", me, { reason: "Other" });
    t.clock.set(new Date(NOW.getTime() + 90 * DAY));
    const s = await fresh(me);
    await subscribe(t, s, "silver");
    t.clock.set(new Date(NOW.getTime() + 92 * DAY));
    const billing = await t.request({ method: "GET", url: "/api/billing", as: s });
    expect(billing.json().coolingOffRefundEligible).toBe(true);
  });

  it("a new checkout is refused while a cancelled plan still runs", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() - 1) });
    await post("/api/cancel-subscription", me, { reason: "Other" });
    const res = await startCheckout(t, me, "silver");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Reactivate it from Settings/);
  });
});

describe("cancelled dates and lapsed plans", () => {
  it("a cancelled date inside 48 hours reveals nothing", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, {
      at: new Date(NOW.getTime() + 10 * 3_600_000),
      status: "cancelled",
    });
    const res = await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: me });
    expect(res.json()).toMatchObject({ revealed: false, venue: null, dateIdea: null, dressCode: null });
    const ics = await t.request({
      method: "GET",
      url: `/api/dates/${d.reservation.id}/calendar.ics`,
      as: me,
    });
    expect(ics.body).not.toContain(d.venue.name);
    expect(ics.body).toContain("STATUS:CANCELLED");
    // A cancellation (RFC 5546), never a hold: no "Keep this time free".
    expect(ics.body).toContain("METHOD:CANCEL");
    const unfolded = ics.body.replace(/\r\n /g, "");
    expect(unfolded).toMatch(/^ORGANIZER;CN="?Unveil"?:mailto:/im);
    expect(unfolded.toLowerCase()).toContain(
      `cn="${me.user.firstName} ${me.user.lastName}":mailto:${me.user.email}`.toLowerCase(),
    );
    expect(ics.body).not.toContain("Keep this time free");
    expect(res.json()).toMatchObject({ status: "cancelled", cancellation: { allowanceReturned: true } });
  });

  it("a plan behind on payment with no retry booked and no news for seven days lapses (the recovery job; the cycle job leaves it)", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    await saveState(t.db, me.user.id, { subscriptionStatus: "past_due" });
    await saveLinks(t.db, me.user.id, { paymentStatusAt: NOW });
    t.clock.set(new Date(NOW.getTime() + 6 * DAY));
    await recoverPayments(t.deps);
    expect((await userRow(me.user.id)).subscriptionStatus).toBe("past_due");
    t.clock.set(new Date(NOW.getTime() + 7 * DAY + 1));
    await advanceSubscriptions(t.deps);
    expect((await userRow(me.user.id)).subscriptionStatus).toBe("past_due");
    await recoverPayments(t.deps);
    expect((await userRow(me.user.id)).subscriptionStatus).toBe("cancelled");
    expect(await events(me.user.id)).toContain("lapsed");
    const row = await userRow(me.user.id);
    expect(await liveSandboxSubs(row.paymentMandateId!)).toEqual([]);
  });
});
