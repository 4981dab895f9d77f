import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYMENT_MSG } from "../../src/features/payments/server/checkout.ts";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  subscriptionEvents,
} from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { OFFER_MSG } from "../../src/server/modules/offers/service.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { completionResultSchema } from "../../src/shared/schemas/subscription.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { authoriseAtSandbox, startCheckout, subscribe, tokenFrom } from "../helpers/subscribe.ts";

const t = await createTestApp();
const complete = (as: SignedIn | undefined, token: unknown) =>
  t.request({
    method: "POST",
    url: "/api/complete-subscription",
    as,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ session_token: token }),
  });
const userRow = (id: number) => storedMember(t.db, id);

describe("POST /api/create-subscription", () => {
  it("answers a redirect to the provider's hosted page", async () => {
    const m = await t.member();
    const res = await startCheckout(t, m, "gold");
    expect(res.statusCode).toBe(200);
    expect(res.json().redirect_url).toMatch(
      /^http:\/\/localhost:5000\/sandbox\/direct-debit\/BRQSB[0-9A-F]{20}$/,
    );
    const page = await t.request({ method: "GET", url: new URL(res.json().redirect_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("The Direct Debit Guarantee");
    expect(page.body).toContain("£20 a month");
  });

  it("shows the discount on the hosted page", async () => {
    const m = await t.member();
    await t.db
      .insert(offerCodes)
      .values({ code: "PAGE10", discountType: "percentage", discountValue: "10.00", durationMonths: 3 });
    const res = await startCheckout(t, m, "gold", "page10");
    const page = await t.request({ method: "GET", url: new URL(res.json().redirect_url).pathname });
    expect(page.body).toContain("£18 a month for 3 months (offer PAGE10), then £20 a month");
  });

  it("refuses an invalid offer code with its reason and starts nothing", async () => {
    const m = await t.member();
    const res = await startCheckout(t, m, "gold", "NOPE");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(OFFER_MSG.unknown);
    expect(await t.db.$count(paymentCheckouts, eq(paymentCheckouts.userId, m.user.id))).toBe(0);
  });

  it.each(["active", "past_due", "paused"] as const)(
    "refuses a member whose subscription is %s",
    async (status) => {
      const m = await t.member({ subscriptionStatus: status, subscriptionTier: "silver" });
      const res = await startCheckout(t, m, "gold");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PAYMENT_MSG.alreadySubscribed);
    },
  );

  it("validates the body and refuses visitors", async () => {
    const m = await t.member();
    expect((await startCheckout(t, m, "diamond")).statusCode).toBe(400);
    const extra = await t.request({
      method: "POST",
      url: "/api/create-subscription",
      as: m,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ tier: "gold", subscriptionStatus: "active" }),
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/create-subscription",
          headers: { "content-type": "application/json" },
          payload: "{}",
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("terms and limits before any money is taken", () => {
  it("refuses a member who has not accepted the Terms", async () => {
    const m = await t.member();
    const res = await startCheckout(t, m, "gold", undefined, { acceptTerms: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PAYMENT_MSG.termsFirst);
  });
});

describe("the sandbox's hosted page", () => {
  it("refuses anything but a form post, without a 500", async () => {
    const m = await t.member();
    const res = await startCheckout(t, m, "silver");
    const path = new URL(res.json().redirect_url).pathname;
    const asJson = await t.request({
      method: "POST",
      url: path,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ action: "authorise", account_holder: 5 }),
    });
    expect(asJson.statusCode).toBe(415);
    const odd = await authoriseAtSandbox(t, res.json().redirect_url, { account_holder: "x".repeat(5000) });
    expect(odd.statusCode).toBe(400);
  });

  it("gives field errors for bad bank details and authorises nothing", async () => {
    const m = await t.member();
    const res = await startCheckout(t, m, "silver");
    const bad = await authoriseAtSandbox(t, res.json().redirect_url, {
      account_holder: "",
      sort_code: "12-34",
      account_number: "123",
      confirm: "",
    });
    expect(bad.statusCode).toBe(400);
    for (const msg of [
      "Enter the name on the account",
      "Enter a 6-digit sort code",
      "Enter an 8-digit account number",
      "Confirm that you can authorise",
    ]) {
      expect(bad.body).toContain(msg);
    }
    const [row] = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.userId, m.user.id));
    expect(row.status).toBe("pending");
  });

  it("decline returns to the plans with an error and the token cannot complete", async () => {
    const m = await t.member();
    const res = await startCheckout(t, m, "silver");
    const path = new URL(res.json().redirect_url).pathname;
    const declined = await t.request({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=decline",
    });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe("/subscription?payment=declined");
    expect((await t.request({ method: "GET", url: path })).statusCode).toBe(404);
  });
});

describe("POST /api/complete-subscription", () => {
  it("records tier, provider ids, status, an event, and the offer usage", async () => {
    const m = await t.member();
    await t.db
      .insert(offerCodes)
      .values({ code: "THREE10", discountType: "percentage", discountValue: "10.00", durationMonths: 3 });
    const created = await startCheckout(t, m, "gold", "THREE10");
    const auth = await authoriseAtSandbox(t, created.json().redirect_url);
    expect(auth.statusCode).toBe(303);
    expect(auth.headers.location).toMatch(/^\/subscription\/complete\?session_token=[\w-]{43}$/);
    const res = await complete(m, tokenFrom(auth.headers.location as string));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tier: "gold" });
    expectExactFields(res.json(), completionResultSchema);
    const row = await userRow(m.user.id);
    expect(row).toMatchObject({ subscriptionTier: "gold", subscriptionStatus: "active" });
    expect(row.paymentCustomerId).toMatch(/^SBCU/);
    expect(row.paymentMandateId).toMatch(/^SBMD/);
    expect(row.paymentSubscriptionId).toMatch(/^SBSU/);
    const [usage] = await t.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, m.user.id));
    expect(usage).toMatchObject({
      originalAmount: 2000,
      discountAmount: 200,
      finalAmount: 1800,
      cyclesRemaining: 3,
      status: "active",
      subscriptionTier: "gold",
    });
    expect(usage.discountEndDate!.getTime() - usage.discountStartDate.getTime()).toBeGreaterThan(
      88 * 86_400_000,
    );
    const [ev] = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, m.user.id));
    expect(ev).toMatchObject({
      eventType: "created",
      toTier: "gold",
      toStatus: "active",
      monthlyAmount: 1800,
    });
    const me = (await t.request({ method: "GET", url: "/api/auth/user", as: m })).json();
    expect(me).toMatchObject({ subscriptionTier: "gold", subscriptionStatus: "active" });
    expect(me.activeDiscount).toMatchObject({
      offerCode: "THREE10",
      discountType: "percentage",
      discountValue: "10.00",
      cyclesRemaining: 3,
    });
    expect(me).not.toHaveProperty("paymentMandateId");
    expect(JSON.stringify(me)).not.toMatch(/SBMD|SBCU|SBSU/);
    // Two months on, one discounted cycle is left; after the third month the offer has reverted to the full price.
    const meLater = async () => {
      const cookie = `unveil_sid=${(await createSession(t.db, m.user.id, t.clock.now()))!}`;
      return (await t.request({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
    };
    t.clock.advance(61 * 86_400_000);
    expect((await meLater()).activeDiscount.cyclesRemaining).toBe(1);
    t.clock.advance(40 * 86_400_000);
    expect((await meLater()).activeDiscount).toBeNull();
    t.clock.advance(-101 * 86_400_000);
  });

  it("honours the quoted discount even if the code expires before completion, and a code is used once per member", async () => {
    const m = await t.member();
    const [c] = await t.db
      .insert(offerCodes)
      .values({
        code: "LASTDAY",
        discountType: "percentage",
        discountValue: "20.00",
        maxUsesPerUser: 2,
        validUntil: new Date(t.clock.now().getTime() + 3_600_000),
      })
      .returning();
    const created = await startCheckout(t, m, "gold", "LASTDAY");
    const auth = await authoriseAtSandbox(t, created.json().redirect_url);
    await t.db
      .update(offerCodes)
      .set({ validUntil: new Date(t.clock.now().getTime() - 1000), discountValue: "50.00" })
      .where(eq(offerCodes.id, c.id));
    expect((await complete(m, tokenFrom(auth.headers.location as string))).statusCode).toBe(200);
    const [usage] = await t.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, m.user.id));
    expect(usage).toMatchObject({ discountAmount: 400, finalAmount: 1600 });
    await t.db.update(offerCodes).set({ validUntil: null }).where(eq(offerCodes.id, c.id));
    await saveState(t.db, m.user.id, { subscriptionStatus: "cancelled" });
    const again = await startCheckout(t, m, "gold", "LASTDAY");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(OFFER_MSG.alreadyUsed);
  });

  it("completing the same token twice changes nothing the second time", async () => {
    const m = await t.member();
    const token = await subscribe(t, m, "platinum");
    const before = await userRow(m.user.id);
    const again = await complete(m, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ tier: "platinum" });
    expect(await userRow(m.user.id)).toEqual(before);
    expect(await t.db.$count(subscriptionEvents, eq(subscriptionEvents.userId, m.user.id))).toBe(1);
  });

  it("refuses another member's token and an unknown or unauthorised one", async () => {
    const owner = await t.member();
    const thief = await t.member();
    const created = await startCheckout(t, owner, "gold");
    const auth = await authoriseAtSandbox(t, created.json().redirect_url);
    const token = tokenFrom(auth.headers.location as string);
    const stolen = await complete(thief, token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe(PAYMENT_MSG.notYours);
    expect((await userRow(thief.user.id)).subscriptionStatus).toBeNull();
    expect((await complete(owner, "not-a-real-token")).statusCode).toBe(404);
    const notAuthorised = await startCheckout(t, owner, "silver");
    expect(notAuthorised.statusCode).toBe(200);
    const [pendingRow] = await t.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.status, "pending"))
      .limit(1);
    expect(pendingRow).toBeDefined();
    expect((await complete(undefined, token)).statusCode).toBe(401);
    expect((await complete(owner, "")).statusCode).toBe(400);
    expect((await complete(owner, 42)).statusCode).toBe(400);
  });

  it("30 members racing for a code with maxUses=1 give exactly one usage", async () => {
    const [c] = await t.db
      .insert(offerCodes)
      .values({ code: "ONLYONE", discountType: "fixed_amount", discountValue: "5.00", maxUses: 1 })
      .returning();
    const members = await Promise.all(Array.from({ length: 30 }, () => t.member()));
    const tokens: string[] = [];
    for (const m of members) {
      const created = await startCheckout(t, m, "gold", "ONLYONE");
      expect(created.statusCode).toBe(200);
      const auth = await authoriseAtSandbox(t, created.json().redirect_url);
      tokens.push(tokenFrom(auth.headers.location as string));
    }
    const results = await Promise.all(members.map((m, i) => complete(m, tokens[i])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(OFFER_MSG.usedUp);
    }
    expect(await t.db.$count(offerCodeUsage, eq(offerCodeUsage.offerCodeId, c.id))).toBe(1);
    const [after] = await t.db.select().from(offerCodes).where(eq(offerCodes.id, c.id));
    expect(after.usesCount).toBe(1);
  });

  it("a checkout left unauthorised at the provider cannot complete", async () => {
    const m = await t.member();
    const created = await startCheckout(t, m, "silver");
    const ref = new URL(created.json().redirect_url).pathname.split("/").pop()!;
    // The token is only ever in the return address; read it the way the provider would have sent it.
    const [row] = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.providerRef, ref));
    const token = tokenFrom((row.providerState as { returnUrl: string }).returnUrl);
    const res = await complete(m, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MSG.notAuthorised);
    expect((await userRow(m.user.id)).subscriptionStatus).toBeNull();
  });

  it("two authorised checkouts of one member make one subscription", async () => {
    const m = await t.member();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await startCheckout(t, m, i ? "gold" : "silver");
      tokens.push(
        tokenFrom((await authoriseAtSandbox(t, created.json().redirect_url)).headers.location as string),
      );
    }
    const results = await Promise.all(tokens.map((tok) => complete(m, tok)));
    // The second tab's mandate is cancelled and it says so calmly (tests/api/one-checkout.test.ts).
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.filter((r) => r.json().duplicate)).toHaveLength(1);
    expect(await t.db.$count(subscriptionEvents, eq(subscriptionEvents.userId, m.user.id))).toBe(1);
  });

  it("one member racing two checkouts with the same code uses it once", async () => {
    const m = await t.member();
    const [c] = await t.db
      .insert(offerCodes)
      .values({ code: "TWICE", discountType: "percentage", discountValue: "20.00" })
      .returning();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await startCheckout(t, m, "gold", "TWICE");
      tokens.push(
        tokenFrom((await authoriseAtSandbox(t, created.json().redirect_url)).headers.location as string),
      );
    }
    const results = await Promise.all(tokens.map((tok) => complete(m, tok)));
    expect(results.map((r) => r.statusCode).sort()[0]).toBe(200);
    // One makes the plan; the other tab's mandate is cancelled (a calm 200 saying so).
    expect(results.filter((r) => r.statusCode === 200 && !r.json().duplicate)).toHaveLength(1);
    expect(await t.db.$count(offerCodeUsage, eq(offerCodeUsage.offerCodeId, c.id))).toBe(1);
  });
});
