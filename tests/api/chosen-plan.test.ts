import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offerCodes, users } from "../../src/server/db/schema.ts";
import { readChoices } from "../../src/server/modules/plan-account/choices.ts";
import { SUBSCRIPTION_MSG } from "../../src/shared/schemas/subscription.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { subscribe } from "../helpers/subscribe.ts";

/** The plan choice and a validated offer code travel with the account. */
const t = await createTestApp();
const json = { "content-type": "application/json" };
let n = 0;

const me = async (as: SignedIn) =>
  (await t.request({ method: "GET", url: "/api/auth/user", as })).json() as {
    chosenPlan: { tier: string; offerCode: string | null } | null;
  };
const choose = (as: SignedIn | undefined, payload: unknown) =>
  t.request({
    method: "PUT",
    url: "/api/account/chosen-plan",
    as,
    headers: json,
    payload: JSON.stringify(payload),
  });
const stored = async (id: number) => {
  const u = await readChoices(t.db, id);
  return { tier: u.chosenTier, code: u.chosenOfferCode };
};
async function offer() {
  const [row] = await t.db
    .insert(offerCodes)
    .values({ code: `CHOSEN${++n}`, discountType: "percentage", discountValue: "10.00" })
    .returning();
  return row.code;
}

describe("the plan chosen at registration", () => {
  it("is kept with the account and answered by GET /api/auth/user", async () => {
    const email = `chooser-${process.pid}@example.com`;
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      headers: json,
      payload: JSON.stringify({
        email,
        password: "a-long-passphrase",
        firstName: "Ada",
        lastName: "Lovelace",
        tier: "silver",
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().chosenPlan).toEqual({ tier: "silver", offerCode: null });
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    expect((await readChoices(t.db, u.id)).chosenTier).toBe("silver");
  });

  it("is optional, and an unknown tier is refused with the plan message and no account", async () => {
    const email = `no-tier-${process.pid}@example.com`;
    const body = { email, password: "a-long-passphrase", firstName: "Bo", lastName: "Brown" };
    const bad = await t.request({
      method: "POST",
      url: "/api/register",
      headers: json,
      payload: JSON.stringify({ ...body, tier: "diamond" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Please choose a plan");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const ok = await t.request({
      method: "POST",
      url: "/api/register",
      headers: json,
      payload: JSON.stringify(body),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().chosenPlan).toBeNull();
  });
});

describe("PUT /api/account/chosen-plan", () => {
  it("keeps the plan being looked at; another tab reads it", async () => {
    const m = await t.member();
    expect((await choose(m, { tier: "gold" })).statusCode).toBe(204);
    expect((await me(m)).chosenPlan).toEqual({ tier: "gold", offerCode: null });
    expect((await choose(m, { tier: "platinum" })).statusCode).toBe(204);
    expect(await stored(m.user.id)).toEqual({ tier: "platinum", code: null });
  });

  it("a validated offer code is kept with the tier; offerCode null forgets it; a new tier keeps it", async () => {
    const m = await t.member();
    const code = await offer();
    const valid = await t.request({
      method: "POST",
      url: "/api/validate-offer-code",
      as: m,
      headers: json,
      payload: JSON.stringify({ code: code.toLowerCase(), tier: "silver" }),
    });
    expect(valid.statusCode).toBe(200);
    expect((await me(m)).chosenPlan).toEqual({ tier: "silver", offerCode: code });
    await choose(m, { tier: "gold" });
    expect((await me(m)).chosenPlan).toEqual({ tier: "gold", offerCode: code });
    await choose(m, { tier: "gold", offerCode: null });
    expect((await me(m)).chosenPlan).toEqual({ tier: "gold", offerCode: null });
  });

  it("an invalid offer code is not kept", async () => {
    const m = await t.member();
    const res = await t.request({
      method: "POST",
      url: "/api/validate-offer-code",
      as: m,
      headers: json,
      payload: JSON.stringify({ code: "NOSUCHCODE", tier: "silver" }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await stored(m.user.id)).toEqual({ tier: null, code: null });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const m = await t.member();
    await choose(m, { tier: "silver" });
    for (const payload of [
      {},
      { tier: "diamond" },
      { tier: 3 },
      { tier: "gold", offerCode: "SNEAKY" },
      { tier: "gold", extra: true },
    ]) {
      const res = await choose(m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await choose(m, { tier: "diamond" })).json().message).toContain(SUBSCRIPTION_MSG.tier);
    const malformed = await t.request({
      method: "PUT",
      url: "/api/account/chosen-plan",
      as: m,
      headers: json,
      payload: "{tier:",
    });
    expect(malformed.statusCode).toBe(400);
    expect(await stored(m.user.id)).toEqual({ tier: "silver", code: null });
  });

  it("a visitor gets 401; each member changes only their own choice", async () => {
    expect((await choose(undefined, { tier: "gold" })).statusCode).toBe(401);
    const a = await t.member();
    const b = await t.member();
    await choose(a, { tier: "gold" });
    await choose(b, { tier: "silver" });
    expect(await stored(a.user.id)).toEqual({ tier: "gold", code: null });
    expect(await stored(b.user.id)).toEqual({ tier: "silver", code: null });
  });

  it("is cleared once the plan is set up: the choice has become the plan", async () => {
    const m = await t.member();
    await choose(m, { tier: "gold" });
    await subscribe(t, m, "gold");
    expect(await stored(m.user.id)).toEqual({ tier: null, code: null });
    expect((await me(m)).chosenPlan).toBeNull();
  });
});
