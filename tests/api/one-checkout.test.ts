import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYMENT_MSG } from "../../src/features/payments/server/checkout.ts";
import { finishStaleCompletions } from "../../src/features/payments/server/stale-completions.ts";
import { offerCodes, paymentCheckouts, subscriptionEvents } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { authoriseAtSandbox, startCheckout, subscribe, tokenFrom } from "../helpers/subscribe.ts";

/** one checkout at a time, and a second mandate from a racing tab never stays live. */
const t = await createTestApp();
const complete = (as: SignedIn | undefined, token: unknown) =>
  t.request({
    method: "POST",
    url: "/api/complete-subscription",
    as,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ session_token: token }),
  });
const checkoutsOf = (userId: number) =>
  t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.userId, userId));
const userRow = (id: number) => storedMember(t.db, id);
const mandateStatus = async (mandateId: string) => (await t.deps.payments.getMandate(mandateId))?.status;

/** Two checkouts of one member authorised at the sandbox, as two tabs leave them. */
async function twoAuthorised(m: SignedIn): Promise<string[]> {
  const tokens: string[] = [];
  for (const tier of ["silver", "gold"]) {
    const created = await startCheckout(t, m, tier);
    expect(created.statusCode, created.body).toBe(200);
    const auth = await authoriseAtSandbox(t, created.json().redirect_url);
    tokens.push(tokenFrom(auth.headers.location as string));
  }
  return tokens;
}

describe("a second Subscribe returns the pending checkout", () => {
  it("sequential tabs: the same page, one pending checkout", async () => {
    const m = await t.member();
    const first = await startCheckout(t, m, "gold");
    const second = await startCheckout(t, m, "gold");
    expect(second.statusCode).toBe(200);
    expect(second.json().redirect_url).toBe(first.json().redirect_url);
    const rows = await checkoutsOf(m.user.id);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);
    expect(rows).toHaveLength(1);
  });

  it("concurrent tabs: one pending checkout and the same redirect", async () => {
    const m = await t.member();
    await startCheckout(t, m, "silver").then(() =>
      t.db.delete(paymentCheckouts).where(eq(paymentCheckouts.userId, m.user.id)),
    );
    const answers = await Promise.all(Array.from({ length: 4 }, () => startCheckout(t, m, "silver")));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().redirect_url)).size).toBe(1);
    const rows = await checkoutsOf(m.user.id);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);
  });

  it("a different tier or offer code supersedes the pending checkout, whose page then refuses bank details", async () => {
    const m = await t.member();
    await t.db
      .insert(offerCodes)
      .values({ code: "TABS10", discountType: "percentage", discountValue: "10.00" });
    const silver = await startCheckout(t, m, "silver");
    const gold = await startCheckout(t, m, "gold");
    expect(gold.json().redirect_url).not.toBe(silver.json().redirect_url);
    const withCode = await startCheckout(t, m, "gold", "TABS10");
    expect(withCode.json().redirect_url).not.toBe(gold.json().redirect_url);
    const rows = await checkoutsOf(m.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(["pending", "superseded", "superseded"]);
    expect(rows.find((r) => r.status === "pending")?.tier).toBe("gold");
    const old = await authoriseAtSandbox(t, silver.json().redirect_url);
    expect(old.statusCode).toBe(404);
  });

  it("an expired or authorised checkout is not reused", async () => {
    const m = await t.member();
    const first = await startCheckout(t, m, "gold");
    await authoriseAtSandbox(t, first.json().redirect_url);
    const second = await startCheckout(t, m, "gold");
    expect(second.json().redirect_url).not.toBe(first.json().redirect_url);
    await t.db
      .update(paymentCheckouts)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(and(eq(paymentCheckouts.userId, m.user.id), eq(paymentCheckouts.status, "pending")));
    const third = await startCheckout(t, m, "gold");
    expect(third.json().redirect_url).not.toBe(second.json().redirect_url);
  });

  it("refuses visitors and malformed input, starting nothing", async () => {
    const visitor = await t.request({
      method: "POST",
      url: "/api/create-subscription",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ tier: "gold" }),
    });
    expect(visitor.statusCode).toBe(401);
    const m = await t.member();
    const bad = await startCheckout(t, m, "diamond");
    expect(bad.statusCode).toBe(400);
    expect(await checkoutsOf(m.user.id)).toHaveLength(0);
  });
});

describe("racing completions leave one live mandate", () => {
  it("sequential: the second tab's mandate is cancelled at the provider and the member told plainly", async () => {
    const m = await t.member();
    const [a, b] = await twoAuthorised(m);
    expect((await complete(m, a)).statusCode).toBe(200);
    const second = await complete(m, b);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ duplicate: true, message: PAYMENT_MSG.secondMandateCancelled });
    const user = await userRow(m.user.id);
    expect(user.subscriptionTier).toBe("silver");
    const rows = await checkoutsOf(m.user.id);
    const dup = rows.find((r) => r.status === "duplicate")!;
    expect(dup.mandateId).toBeTruthy();
    expect(dup.mandateId).not.toBe(user.paymentMandateId);
    expect(await mandateStatus(dup.mandateId!)).toBe("cancelled");
    expect(await mandateStatus(user.paymentMandateId!)).toBe("active");
    // Reloading the page repeats the same calm answer and changes nothing.
    const again = await complete(m, b);
    expect(again.json()).toMatchObject({ duplicate: true });
    expect(await t.db.$count(subscriptionEvents, eq(subscriptionEvents.userId, m.user.id))).toBe(1);
  });

  it("concurrent: one plan, one live mandate, the other cancelled", async () => {
    const m = await t.member();
    const tokens = await twoAuthorised(m);
    const results = await Promise.all(tokens.map((tok) => complete(m, tok)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.filter((r) => r.json().duplicate)).toHaveLength(1);
    const user = await userRow(m.user.id);
    expect(user.subscriptionStatus).toBe("active");
    const rows = await checkoutsOf(m.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(["completed", "duplicate"]);
    const dup = rows.find((r) => r.status === "duplicate")!;
    expect(await mandateStatus(dup.mandateId!)).toBe("cancelled");
    expect(await mandateStatus(user.paymentMandateId!)).toBe("active");
    expect(await t.db.$count(subscriptionEvents, eq(subscriptionEvents.userId, m.user.id))).toBe(1);
  });

  it("a crashed claim finished later by the sweep cancels its subscription and mandate", async () => {
    const m = await t.member();
    const [a, b] = await twoAuthorised(m);
    expect((await complete(m, a)).statusCode).toBe(200);
    const rows = await checkoutsOf(m.user.id);
    const other = rows.find((r) => r.status === "authorised")!;
    const mandateId = (other.providerState as { mandateId: string }).mandateId;
    // As if a completion of `b` had claimed it and stopped, long ago.
    await t.db
      .update(paymentCheckouts)
      .set({
        status: "completing",
        completingSince: new Date(t.clock.now().getTime() - 3_600_000),
        customerId: "SBCU-x",
        mandateId,
      })
      .where(eq(paymentCheckouts.id, other.id));
    await finishStaleCompletions(t.deps);
    expect(await mandateStatus(mandateId)).toBe("cancelled");
    const res = await complete(m, b);
    expect(res.json()).toMatchObject({ duplicate: true });
  });

  it("another member cannot complete someone's checkout; a visitor is refused", async () => {
    const m = await t.member();
    const created = await startCheckout(t, m, "gold");
    const auth = await authoriseAtSandbox(t, created.json().redirect_url);
    const token = tokenFrom(auth.headers.location as string);
    const other = await t.member();
    const theirs = await complete(other, token);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(PAYMENT_MSG.notYours);
    const admin = await t.admin();
    expect((await complete(admin, token)).statusCode).toBe(403);
    expect((await complete(undefined, token)).statusCode).toBe(401);
    expect((await userRow(m.user.id)).subscriptionStatus).toBeNull();
    expect((await complete(m, token)).statusCode).toBe(200);
  });

  it("a member already subscribed is still refused a new checkout", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const res = await startCheckout(t, m, "gold");
    expect(res.statusCode).toBe(409);
  });
});
