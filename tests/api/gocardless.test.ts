import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PAYMENT_MSG } from "../../src/features/payments/server/checkout.ts";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  subscriptionEvents,
} from "../../src/server/db/schema.ts";
import { runOfferCycles } from "../../src/server/jobs/billing/offers.ts";
import { gocardlessProvider } from "../../src/server/modules/payments/gocardless-provider.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { startFakeGoCardless } from "../helpers/fake-gocardless.ts";
import { postPaymentEvents, providerEvent } from "../helpers/payment-webhooks.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { acceptTerms } from "../helpers/subscribe.ts";

const fake = await startFakeGoCardless();
afterAll(() => fake.close());
const SECRET = "gc-webhook-secret";
const t = await createTestApp({ env: { GOCARDLESS_WEBHOOK_SECRET: SECRET } });
t.deps.payments = gocardlessProvider({
  token: "sandbox_test_token",
  environment: "sandbox",
  agent: fake.agent,
});

const post = (url: string, as: SignedIn, payload: unknown) =>
  t.request({
    method: "POST",
    url,
    as,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

/** The session token GoCardless would send the member back with: from the last flow's redirect_uri. */
function lastReturnToken(): string {
  const flow = fake.requests.filter((r) => r.path === "/billing_request_flows").at(-1)!;
  const body = flow.body as { billing_request_flows: { redirect_uri: string } };
  return new URL(body.billing_request_flows.redirect_uri).searchParams.get("session_token")!;
}

async function checkout(m: SignedIn, tier: string, offerCode?: string) {
  await acceptTerms(t, m);
  const created = await post("/api/create-subscription", m, { tier, offerCode });
  expect(created.statusCode, created.body).toBe(200);
  const [row] = await t.db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.userId, m.user.id))
    .orderBy(paymentCheckouts.id);
  return { redirect: created.json().redirect_url as string, row };
}

describe("GoCardless provider against a local fake", () => {
  it("creates a mandate-only billing request and flow whose redirect carries our session token", async () => {
    const m = await t.member();
    const { redirect, row } = await checkout(m, "gold");
    expect(redirect).toMatch(/^https:\/\/pay-sandbox\.gocardless\.com\//);
    expect(row.providerRef).toMatch(/^BRQ/);
    const br = fake.requests.find((r) => r.path === "/billing_requests")!;
    expect(br.body).toMatchObject({
      billing_requests: { mandate_request: { scheme: "bacs", currency: "GBP" } },
    });
    expect(br.auth).toBe("Bearer sandbox_test_token");
    expect(br.idempotencyKey).toMatch(/^br-checkout-/);
    const flow = fake.requests.find((r) => r.path === "/billing_request_flows")!;
    const body = flow.body as {
      billing_request_flows: { redirect_uri: string; links: { billing_request: string } };
    };
    expect(body.billing_request_flows.links.billing_request).toBe(row.providerRef);
    expect(body.billing_request_flows.redirect_uri).toMatch(
      /^http:\/\/localhost:5000\/subscription\/complete\?session_token=[\w-]{43}$/,
    );
  });

  it("refuses to complete before GoCardless reports the billing request fulfilled", async () => {
    const m = await t.member();
    await checkout(m, "silver");
    const token = lastReturnToken();
    const res = await post("/api/complete-subscription", m, { session_token: token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MSG.notAuthorised);
  });

  it("a time-limited discount becomes a discounted subscription of N months then a full-price one", async () => {
    const m = await t.member();
    await t.db
      .insert(offerCodes)
      .values({ code: "GC3", discountType: "percentage", discountValue: "25.00", durationMonths: 3 });
    const { row } = await checkout(m, "platinum", "GC3");
    const links = fake.fulfil(row.providerRef);
    const token = lastReturnToken();
    const before = fake.requests.length;
    const res = await post("/api/complete-subscription", m, { session_token: token });
    expect(res.statusCode, res.body).toBe(200);
    const subs = fake.requests.slice(before).filter((r) => r.path === "/subscriptions");
    expect(subs).toHaveLength(2);
    expect(subs[0].body).toMatchObject({
      subscriptions: {
        amount: "2250",
        count: "3",
        currency: "GBP",
        interval_unit: "monthly",
        links: { mandate: links.mandate_request_mandate },
      },
    });
    expect(subs[1].body).toMatchObject({
      subscriptions: {
        amount: "3000",
        start_date: "2027-03-01",
        links: { mandate: links.mandate_request_mandate },
      },
    });
    expect(subs[0].idempotencyKey).toBe(`unveil-sub-${row.providerRef}-intro`);
    expect(subs[1].idempotencyKey).toBe(`unveil-sub-${row.providerRef}-full`);
    const u = await storedMember(t.db, m.user.id);
    expect(u).toMatchObject({
      paymentCustomerId: links.customer,
      paymentMandateId: links.mandate_request_mandate,
      subscriptionStatus: "active",
      subscriptionTier: "platinum",
    });
    expect(u.paymentSubscriptionId).toMatch(/^SB/);
    expect(u.paymentNextSubscriptionId).toMatch(/^SB/);

    // When the discounted months finish, the member stays active on the full-price subscription.
    const res2 = await postPaymentEvents(t, SECRET, [
      providerEvent(
        "EVFIN1",
        "subscriptions",
        "finished",
        { subscription: u.paymentSubscriptionId },
        new Date(Date.now() + 9000),
      ),
    ]);
    expect(res2.json().outcomes.EVFIN1).toBe("offer ended; full price continues");
    const after = await storedMember(t.db, m.user.id);
    expect(after).toMatchObject({
      subscriptionStatus: "active",
      paymentSubscriptionId: u.paymentNextSubscriptionId,
      paymentNextSubscriptionId: null,
    });
    // The offer ends no later than that: the offer-cycles job completes it, records the full price and tells
    // the member, once (jobs/billing/offers.ts).
    const [usage] = await t.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, m.user.id));
    expect(usage.status).toBe("active");
    expect(usage.discountEndDate!.getTime()).toBeLessThanOrEqual(Date.now() + 9000);
    const clockWas = t.clock.now();
    t.clock.set(new Date(usage.discountEndDate!.getTime() + 1000));
    await runOfferCycles(t.deps);
    await runOfferCycles(t.deps);
    t.clock.set(clockWas);
    const [ended] = await t.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, m.user.id));
    expect(ended).toMatchObject({ status: "completed", cyclesRemaining: 0 });
    const offerEnded = await t.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.userId, m.user.id), eq(subscriptionEvents.eventType, "offer_ended")));
    expect(offerEnded).toMatchObject([{ toTier: "platinum", monthlyAmount: 3000 }]);
    const endedMail = t.mail.filter((x) => x.to === m.user.email && x.type === "offer_ended");
    expect(endedMail).toHaveLength(1);
    expect(endedMail[0].text).toContain("your Platinum plan is now £30 a month");
    // And the full-price subscription being cancelled later is recognised as the member leaving.
    await postPaymentEvents(t, SECRET, [
      providerEvent(
        "EVCAN1",
        "subscriptions",
        "cancelled",
        { subscription: u.paymentNextSubscriptionId },
        new Date(Date.now() + 10_000),
      ),
    ]);
    expect((await storedMember(t.db, m.user.id)).subscriptionStatus).toBe("cancelled");
  });

  it("free months (100% off) start the paid subscription after them instead of a zero-amount one", async () => {
    const m = await t.member();
    await t.db
      .insert(offerCodes)
      .values({ code: "FREE2", discountType: "percentage", discountValue: "100.00", durationMonths: 2 });
    const { row } = await checkout(m, "silver", "FREE2");
    fake.fulfil(row.providerRef);
    const token = lastReturnToken();
    const before = fake.requests.length;
    const res = await post("/api/complete-subscription", m, { session_token: token });
    expect(res.statusCode, res.body).toBe(200);
    const subs = fake.requests.slice(before).filter((r) => r.path === "/subscriptions");
    expect(subs).toHaveLength(1);
    const body = (subs[0].body as { subscriptions: { amount: string; start_date: string } }).subscriptions;
    expect(body.amount).toBe("1500");
    expect(body.start_date > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it("a repeated create with the same idempotency key returns the existing subscription", async () => {
    const provider = gocardlessProvider({ token: "x", environment: "sandbox", agent: fake.agent });
    const a = await provider.createSubscription({
      mandateId: "MD1",
      amountPence: 1500,
      name: "Unveil Silver",
      idempotencyKey: "same-key",
    });
    const b = await provider.createSubscription({
      mandateId: "MD1",
      amountPence: 1500,
      name: "Unveil Silver",
      idempotencyKey: "same-key",
    });
    expect(b.subscriptionId).toBe(a.subscriptionId);
    expect([...fake.subscriptions.values()].filter((s) => s.id === a.subscriptionId)).toHaveLength(1);
  });

  it("a payment lookup that fails is not recorded, so the provider's retry is processed", async () => {
    const m = await t.member();
    const { row } = await checkout(m, "gold");
    fake.fulfil(row.providerRef);
    const token = lastReturnToken();
    await post("/api/complete-subscription", m, { session_token: token });
    const u = await storedMember(t.db, m.user.id);
    const event = providerEvent(
      "EVGC2",
      "payments",
      "failed",
      { payment: "PM000888" },
      new Date(Date.now() + 5000),
    );
    const send = () => postPaymentEvents(t, SECRET, [event]);
    const first = await send();
    expect(first.statusCode).toBe(503);
    fake.payments.set("PM000888", { id: "PM000888", links: { mandate: u.paymentMandateId } });
    const retry = await send();
    expect(retry.json().outcomes.EVGC2).toBe("status past_due");
  });

  it("a payment webhook naming only the payment is resolved through the API", async () => {
    const m = await t.member();
    const { row } = await checkout(m, "gold");
    fake.fulfil(row.providerRef);
    const token = lastReturnToken();
    await post("/api/complete-subscription", m, { session_token: token });
    const u = await storedMember(t.db, m.user.id);
    fake.payments.set("PM000777", {
      id: "PM000777",
      links: { mandate: u.paymentMandateId, subscription: u.paymentSubscriptionId },
    });
    const res = await postPaymentEvents(t, SECRET, [
      providerEvent("EVGC1", "payments", "failed", { payment: "PM000777" }, new Date(Date.now() + 5000)),
    ]);
    expect(res.json().outcomes.EVGC1).toBe("status past_due");
  });

  it("a provider failure answers 502 with a clear message and records nothing", async () => {
    const m = await t.member();
    await acceptTerms(t, m);
    const broken = t.deps.payments;
    t.deps.payments = gocardlessProvider({
      token: "x",
      environment: "sandbox",
      agent: {
        createConnection: () => {
          throw new Error("down");
        },
      } as never,
    });
    try {
      const res = await post("/api/create-subscription", m, { tier: "gold" });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(PAYMENT_MSG.providerDown);
    } finally {
      t.deps.payments = broken;
    }
  });
});
