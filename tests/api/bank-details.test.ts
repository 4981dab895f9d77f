import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentCheckouts } from "../../src/server/db/schema.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { postPaymentEvents, providerEvent } from "../helpers/payment-webhooks.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { authoriseAtSandbox, subscribe, tokenFrom } from "../helpers/subscribe.ts";

/** bank details can be changed at any time; the old mandate goes only once the new one is active. */
const SECRET = "test-webhook-secret-0123456789abcdef";
const t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: SECRET } });
const json = { "content-type": "application/json" };
const userRow = (id: number) => storedMember(t.db, id);
const mandateStatus = async (id: string) => (await t.deps.payments.getMandate(id))?.status;

const startChange = (as?: SignedIn) =>
  t.request({ method: "POST", url: "/api/subscription/update-payment-method", as });
const complete = (as: SignedIn, token: string) =>
  t.request({
    method: "POST",
    url: "/api/complete-subscription",
    as,
    headers: json,
    payload: JSON.stringify({ session_token: token }),
  });

/** Starts a change of bank details and authorises account ending 78 at the sandbox; answers the token. */
async function newDetails(m: SignedIn): Promise<string> {
  const started = await startChange(m);
  expect(started.statusCode, started.body).toBe(200);
  const auth = await authoriseAtSandbox(t, started.json().redirect_url, { account_number: "12345678" });
  expect(auth.statusCode).toBe(303);
  return tokenFrom(auth.headers.location as string);
}

afterEach(() => vi.restoreAllMocks());

describe("changing bank details while the plan runs", () => {
  it("an active member moves to new details; the old mandate is cancelled once the new is active", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const before = await userRow(m.user.id);
    const done = await complete(m, await newDetails(m));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ kind: "update_mandate", tier: "gold" });
    const after = await userRow(m.user.id);
    expect(after.subscriptionStatus).toBe("active");
    expect(after.paymentMandateId).not.toBe(before.paymentMandateId);
    expect(after.paymentSubscriptionId).not.toBe(before.paymentSubscriptionId);
    expect(await mandateStatus(before.paymentMandateId!)).toBe("cancelled");
    expect(await mandateStatus(after.paymentMandateId!)).toBe("active");
    const billing = await t.request({ method: "GET", url: "/api/billing", as: m });
    expect(billing.json().mandate.accountEnding).toBe("78");
    expect(billing.json().status).toBe("active");
  });

  it("keeps the old mandate while the new one is not yet active, and cancels it on the provider's 'active' event", async () => {
    const m = await t.member();
    await subscribe(t, m, "silver");
    const old = (await userRow(m.user.id)).paymentMandateId!;
    const real = t.deps.payments.getMandate.bind(t.deps.payments);
    vi.spyOn(t.deps.payments, "getMandate").mockImplementation(async (id) => {
      const found = await real(id);
      return id === old || !found ? found : { ...found, status: "pending_submission" };
    });
    const cancel = vi.spyOn(t.deps.payments, "cancelMandate");
    expect((await complete(m, await newDetails(m))).statusCode).toBe(200);
    expect(cancel).not.toHaveBeenCalled();
    const fresh = (await userRow(m.user.id)).paymentMandateId!;
    expect(fresh).not.toBe(old);
    vi.restoreAllMocks();
    expect(await mandateStatus(old)).toBe("active");

    const hook = await postPaymentEvents(t, SECRET, [
      providerEvent(
        `EVACTIVE${m.user.id}`,
        "mandates",
        "active",
        { mandate: fresh },
        new Date(t.clock.now().getTime() + 1000),
      ),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(await mandateStatus(old)).toBe("cancelled");
    expect((await userRow(m.user.id)).subscriptionStatus).toBe("active");
  });

  it("a paused plan may change bank details and stays paused", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    await saveState(t.db, m.user.id, { subscriptionStatus: "paused" });
    expect((await complete(m, await newDetails(m))).statusCode).toBe(200);
    expect((await userRow(m.user.id)).subscriptionStatus).toBe("paused");
  });

  it("a plan behind on payment is made active again, as before", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    await saveState(t.db, m.user.id, { subscriptionStatus: "past_due" });
    expect((await complete(m, await newDetails(m))).statusCode).toBe(200);
    expect((await userRow(m.user.id)).subscriptionStatus).toBe("active");
  });
});

describe("who may change bank details", () => {
  it("a visitor is refused with 401", async () => {
    expect((await startChange()).statusCode).toBe(401);
  });

  it("a member without a plan, or an admin without one, is refused and nothing starts", async () => {
    const m = await t.member();
    const res = await startChange(m);
    expect(res.statusCode).toBe(400);
    const admin = await t.admin();
    expect((await startChange(admin)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.db.$count(paymentCheckouts, eq(paymentCheckouts.userId, m.user.id))).toBe(0);
  });

  it("another member cannot complete someone's new bank details", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const before = await userRow(m.user.id);
    const token = await newDetails(m);
    const other = await t.member();
    const res = await complete(other, token);
    expect(res.statusCode).toBe(403);
    expect((await userRow(m.user.id)).paymentMandateId).toBe(before.paymentMandateId);
  });
});
