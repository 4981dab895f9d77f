import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeGoCardless } from "../../../../tests/helpers/fake-gocardless.ts";
import { createGiftTestApp, giftShop } from "../../../../tests/helpers/gifts.ts";
import { postPaymentEvents, providerEvent } from "../../../../tests/helpers/payment-webhooks.ts";
import { billingEvents, gifts } from "../../../server/db/schema.ts";
import { gocardlessProvider } from "../../../server/modules/payments/gocardless-provider.ts";

const fake = await startFakeGoCardless();
afterAll(() => fake.close());
const SECRET = "gc-webhook-secret";
const t = await createGiftTestApp({ env: { GOCARDLESS_WEBHOOK_SECRET: SECRET } });
t.deps.payments = gocardlessProvider({
  token: "sandbox_test_token",
  environment: "sandbox",
  agent: fake.agent,
});
const { orderGift, post } = giftShop(t, {
  tier: "platinum",
  months: 6,
  buyerName: "Jo Bloggs",
  buyerEmail: "jo@example.com",
  recipientNames: "Mia and Leo",
  recipientEmail: "mia.leo@example.com",
  deliverOn: "2026-11-26",
  message: "",
});

/** The id the fake gave the last billing request created. */
function lastBillingRequestId(): string {
  const flow = fake.requests.filter((r) => r.path === "/billing_request_flows").at(-1)!;
  return (flow.body as { billing_request_flows: { links: { billing_request: string } } })
    .billing_request_flows.links.billing_request;
}

async function start() {
  const res = await orderGift();
  const br = fake.requests.filter((r) => r.path === "/billing_requests").at(-1)!;
  const flow = fake.requests.filter((r) => r.path === "/billing_request_flows").at(-1)!;
  const redirect = (flow.body as { billing_request_flows: { redirect_uri: string } }).billing_request_flows
    .redirect_uri;
  const row = (await t.db.select().from(gifts).where(eq(gifts.providerRef, lastBillingRequestId()))).at(-1)!;
  return { res, br, redirect, row };
}

describe("gifts through GoCardless (Instant Bank Pay)", () => {
  it("asks for a one-off payment-only billing request and refuses to count it before it is paid", async () => {
    const { res, br, redirect, row } = await start();
    expect(res.json().redirect_url).toMatch(/^https:\/\/pay-sandbox\.gocardless\.com\//);
    const body = br.body as { billing_requests: Record<string, unknown> };
    expect(body.billing_requests.payment_request).toMatchObject({
      amount: String(row.amountPence),
      currency: "GBP",
      scheme: "faster_payments",
    });
    expect(body.billing_requests).not.toHaveProperty("mandate_request");
    const early = await t.request({
      method: "GET",
      url: new URL(redirect).pathname + new URL(redirect).search,
    });
    expect(early.headers.location).toBe("/gift?payment=incomplete");
    const [still] = await t.db.select().from(gifts).where(eq(gifts.id, row.id));
    expect(still.status).toBe("pending");

    const paymentId = fake.fulfilPayment(row.providerRef);
    const back = await t.request({
      method: "GET",
      url: new URL(redirect).pathname + new URL(redirect).search,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/^\/gift\/manage\?token=/);
    const [paid] = await t.db.select().from(gifts).where(eq(gifts.id, row.id));
    expect(paid).toMatchObject({ status: "paid", paymentRef: paymentId, provider: "gocardless" });

    // Refund within 14 days goes to GoCardless against the payment.
    const token = new URL(back.headers.location as string, "http://x").searchParams.get("token")!;
    const cancel = await post("/api/gifts/manage/cancel", { token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.refunds.at(-1)).toMatchObject({
      amount: String(paid.amountPence),
      links: { payment: paymentId },
    });
  });

  it("the webhook marks a gift paid once when the payer never comes back", async () => {
    const { row } = await start();
    fake.fulfilPayment(row.providerRef);
    const event = providerEvent(
      "EVGIFT1",
      "billing_requests",
      "fulfilled",
      { billing_request: row.providerRef },
      new Date("2026-11-26T09:01:00Z"),
    );
    for (let i = 0; i < 2; i++) {
      const res = await postPaymentEvents(t, SECRET, [event]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const [paid] = await t.db.select().from(gifts).where(eq(gifts.id, row.id));
    expect(paid.status).toBe("paid");
    expect(await t.db.$count(billingEvents, eq(billingEvents.eventKey, `gift-paid:${row.id}`))).toBe(1);
    const receipts = t.mail.filter((m) => m.type === "gift_receipt" && m.text.includes(`GIFT-${row.id}`));
    expect(receipts).toHaveLength(1);
    // A new private link was issued for the receipt, and it works.
    const token = /token=([\w-]+)/.exec(receipts[0].text)![1];
    const view = await t.request({ method: "GET", url: `/api/gifts/manage?token=${token}` });
    expect(view.statusCode).toBe(200);
  });
});
