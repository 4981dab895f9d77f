import { beforeEach, describe, expect, it } from "vitest";
import { advanceSubscriptions } from "../../src/features/subscriptions/server/cycles.ts";
import { SUB_MSG } from "../../src/features/subscriptions/server/service.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { planStatus } from "../../src/shared/plan-status.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp({ rateLimits: { windowMinutes: 60 } });
const NOW = new Date("2026-11-10T12:00:00Z");
const DAY = 86_400_000;
const CYCLE_END = "2026-12-10T12:00:00.000Z";
const AFTER_MONTH_OFF = "2027-01-10T12:00:00.000Z";
beforeEach(() => t.clock.set(NOW));

const userRow = (id: number) => storedMember(t.db, id);
const get = (url: string, as?: SignedIn) => t.request({ method: "GET", url, as });
const post = (url: string, as?: SignedIn, payload?: Record<string, unknown> | string) =>
  t.request({
    method: "POST",
    url,
    as,
    ...(typeof payload === "string"
      ? { payload, headers: { "content-type": "application/json" } }
      : payload === undefined
        ? {}
        : { payload }),
  });

async function subscribed(tier = "gold") {
  const me = await t.member();
  await subscribe(t, me, tier);
  return me;
}

describe("a cooling-off refund ends the Direct Debit as well as the plan", () => {
  it("refunded: the plan reads Ended and the mandate Cancelled, at the provider too", async () => {
    const me = await subscribed();
    expect((await get("/api/billing", me)).json().mandate.status).toBe("active");
    // Four days on the first payment has been collected, so it is refunded (one still waiting to go to the
    // bank is cancelled instead: money-timeline.test.ts).
    t.clock.set(new Date(NOW.getTime() + 4 * DAY));
    const res = await post("/api/cancel-subscription", me, { reason: "Too expensive" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: true });
    const billing = (await get("/api/billing", me)).json();
    expect(billing.mandate.status).toBe("cancelled");
    expect(billing.payments.every((p: { status: string }) => p.status === "refunded")).toBe(true);
    const mandate = await t.deps.payments.getMandate((await userRow(me.user.id)).paymentMandateId!);
    expect(mandate?.status).toBe("cancelled");
    const user = (await get("/api/auth/user", me)).json();
    const plan = planStatus(user.subscriptionStatus, user.currentPeriodEnd, t.clock.now().getTime());
    expect(plan.label).toBe("Ended");
    expect(user.planChangeFrom).toBeNull();
  });

  it("not refunded (a date already held or outside 14 days): the Direct Debit stays until the plan ends", async () => {
    const me = await subscribed();
    t.clock.set(new Date(NOW.getTime() + 15 * DAY));
    const res = await post("/api/cancel-subscription", me, { reason: "Too expensive" });
    expect(res.json()).toMatchObject({ refunded: false, endsAt: CYCLE_END });
    expect((await get("/api/billing", me)).json().mandate.status).toBe("active");
  });

  it("a second cancellation (a stale tab) is a 409 with the words to show, and nothing changes", async () => {
    const me = await subscribed();
    t.clock.set(new Date(NOW.getTime() + 15 * DAY));
    await post("/api/cancel-subscription", me, { reason: "Too expensive" });
    const before = await userRow(me.user.id);
    const again = await post("/api/cancel-subscription", me, { reason: "Too expensive" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUB_MSG.alreadyCancelled);
    expect(await userRow(me.user.id)).toEqual(before);
    // Changing plan from a stale tab is refused the same way: there is no running plan to change.
    const change = await post("/api/subscription/change-tier", me, { tier: "silver" });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(SUB_MSG.noPlan);
  });
});

describe("POST /api/subscription/change-tier: the date it takes effect", () => {
  it("without a month off: the next payment, named in the message and in planChangeFrom", async () => {
    const me = await subscribed("gold");
    expect((await get("/api/auth/user", me)).json().planChangeFrom).toBe(CYCLE_END);
    const res = await post("/api/subscription/change-tier", me, { tier: "platinum" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      effectiveAt: CYCLE_END,
      message:
        "You'll move to Platinum at £30 a month from your next payment, on 10 December 2026. Until then, nothing changes.",
    });
    const user = (await get("/api/auth/user", me)).json();
    expect(user).toMatchObject({ pendingTier: "platinum", planChangeFrom: CYCLE_END });
    // Withdrawn by choosing the current plan again.
    const back = await post("/api/subscription/change-tier", me, { tier: "gold" });
    expect(back.json().message).toBe("You'll stay on Gold.");
  });

  it("with a month off booked: the first payment after it, in the message and in planChangeFrom", async () => {
    const me = await subscribed("gold");
    const pause = await post("/api/subscription/pause", me);
    expect(pause.statusCode, pause.body).toBe(200);
    expect((await get("/api/auth/user", me)).json().planChangeFrom).toBe(AFTER_MONTH_OFF);
    const res = await post("/api/subscription/change-tier", me, { tier: "silver" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      effectiveAt: AFTER_MONTH_OFF,
      message:
        "You'll move to Silver at £15 a month from your first payment after your month off, on 10 January 2027. Until then, nothing changes.",
    });
    expect((await get("/api/billing", me)).json().nextPayment).toEqual({
      date: "2027-01-10",
      amountPence: 1500,
    });
  });

  it("while the month off runs: the day payments resume", async () => {
    const me = await subscribed("gold");
    await post("/api/subscription/pause", me);
    t.clock.set(new Date(CYCLE_END));
    await advanceSubscriptions(t.deps);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionStatus: "paused" });
    const fresh = { ...me, cookie: `unveil_sid=${await createSession(t.db, me.user.id, t.clock.now())}` };
    expect((await get("/api/auth/user", fresh)).json().planChangeFrom).toBe(AFTER_MONTH_OFF);
    const res = await post("/api/subscription/change-tier", fresh, { tier: "platinum" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().effectiveAt).toBe(AFTER_MONTH_OFF);
    expect(res.json().message).toContain("from your first payment after your month off, on 10 January 2027");
  });

  it("visitors 401; a member without a plan 400 (planChangeFrom null); malformed bodies 400, nothing changed", async () => {
    expect((await post("/api/subscription/change-tier", undefined, { tier: "gold" })).statusCode).toBe(401);
    const trial = await t.member();
    expect((await get("/api/auth/user", trial)).json().planChangeFrom).toBeNull();
    const none = await post("/api/subscription/change-tier", trial, { tier: "gold" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SUB_MSG.noPlan);
    const me = await subscribed("gold");
    for (const body of [{ tier: "diamond" }, { tier: "gold", extra: 1 }, "{not json"]) {
      const res = await post("/api/subscription/change-tier", me, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await post("/api/subscription/change-tier", me, { tier: "diamond" })).json().message).toBe(
      MEMBER_MSG.tier,
    );
    expect((await userRow(me.user.id)).pendingTier).toBeNull();
  });
});
