import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, userTwoFactor } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { classify, hasBody, key, type Route } from "./route-classes.ts";
import { validBodies } from "./valid-bodies.ts";

/**
 * Mass assignment: every members' and public route that takes a body (from the route table), sent its valid
 * body plus keys naming what only the system may set (admin flag, plan, partner, ids, verification, payment
 * provider ids, second factor). The members' schemas are strict (ARCHITECTURE.md: every body is validated
 * by its zod schema; src/shared/schemas/member.ts: "unknown fields (isAdmin, tier...) are refused"), so the
 * answer is a 400 naming the key; the public sign-in forms drop unknown keys. Either way the caller's and
 * another member's rows keep those columns.
 */
const t = await createTestApp({
  rateLimits: {
    loginPerIp: 1e6,
    registerPerIp: 1e6,
    forgotPerIp: 1e6,
    forgotPerAccount: 1e6,
    resetPerIp: 1e6,
  },
});
const NOW = new Date("2026-11-10T12:00:00Z");
t.clock.set(NOW);
const other = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
const VALID = validBodies(other.user.email);

/** What a member must never set through a body, with the value an attacker would send. */
const FORBIDDEN: Record<string, unknown> = {
  isAdmin: true,
  is_admin: true,
  admin: true,
  role: "admin",
  subscriptionStatus: "active",
  subscription_status: "active",
  subscriptionTier: "platinum",
  subscription_tier: "platinum",
  tier: "platinum",
  pendingTier: "platinum",
  currentPeriodEnd: "2099-01-01T00:00:00Z",
  pausedUntil: null,
  partnerId: other.user.id,
  partner_id: other.user.id,
  id: other.user.id,
  userId: other.user.id,
  user_id: other.user.id,
  email: other.user.email,
  emailVerified: true,
  email_verified: true,
  paymentCustomerId: "CU_attacker",
  paymentMandateId: "MD_attacker",
  paymentSubscriptionId: "SB_attacker",
  stripeCustomerId: "cus_attacker",
  stripeSubscriptionId: "sub_attacker",
  totpSecret: "JBSWY3DPEHPK3PXP",
  password: "attacker chosen password",
};

/** The columns those keys would reach. */
const PROTECTED = [
  "id",
  "email",
  "isAdmin",
  "subscriptionTier",
  "subscriptionStatus",
  "pendingTier",
  "currentPeriodEnd",
  "pausedUntil",
  "partnerId",
  "emailVerified",
  "paymentCustomerId",
  "paymentMandateId",
  "paymentSubscriptionId",
  "paymentNextSubscriptionId",
  "password",
] as const;

async function protectedColumns(userId: number) {
  const row = await storedMember(t.db, userId);
  // Two-step sign-in's secret and its switch live in user_two_factor: no body turns them on or sets them.
  const [twoFactor] = await t.db
    .select({ secret: userTwoFactor.secret, enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return row
    ? {
        ...Object.fromEntries(PROTECTED.map((c) => [c, row[c]])),
        // Set-up writes only the pending secret: no row and a row with neither are the same here.
        twoFactor: twoFactor?.secret || twoFactor?.enabledAt ? twoFactor : null,
      }
    : null;
}

const routes = t.app.routeTable.filter(
  (r) => hasBody(r.method) && ["member", "public"].includes(classify(r)) && !r.url.startsWith("/sandbox/"),
);

/** The route's valid body with every forbidden key it does not use itself. */
function bodyFor(r: Route, keys = Object.keys(FORBIDDEN)) {
  const valid = VALID[key(r)]?.() ?? {};
  const extra = Object.fromEntries(keys.filter((k) => !(k in valid)).map((k) => [k, FORBIDDEN[k]]));
  return { ...valid, ...extra };
}

async function freshMember(): Promise<{ me: SignedIn; ids: number[] }> {
  const me = await t.member({ emailVerified: false });
  const { reservation } = await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + hours(100)) });
  const ticket = await t.request({
    method: "POST",
    url: "/api/support/tickets",
    as: me,
    payload: VALID["POST /api/support/tickets"](),
  });
  return { me, ids: [reservation.id, ticket.json().id] };
}

const pathFor = (url: string, ids: number[]) =>
  url.replace(/:[A-Za-z]+/g, () => String(url.includes("/tickets/") ? ids[1] : ids[0]));

describe("no body sets what only the system may set", () => {
  it("finds the routes", () => {
    expect(routes.map(key)).toEqual(
      expect.arrayContaining([
        "PATCH /api/auth/user",
        "POST /api/onboarding/preferences",
        "POST /api/register",
      ]),
    );
  });

  it.each(routes)("$method $url", async (r) => {
    const { me, ids } = await freshMember();
    const mine = await protectedColumns(me.user.id);
    const theirs = await protectedColumns(other.user.id);
    const res = await t.request({
      method: r.method as "POST",
      url: pathFor(r.url, ids),
      as: classify(r) === "member" ? me : undefined,
      payload: bodyFor(r),
    });
    const what = `${key(r)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    expect(await protectedColumns(other.user.id), what).toEqual(theirs);
    // Deleting the account legitimately rewrites the caller's own row (anonymised).
    if (key(r) !== "DELETE /api/auth/user") expect(await protectedColumns(me.user.id), what).toEqual(mine);
    if (classify(r) === "member" && VALID[key(r)]) {
      // A members' body schema: the unknown keys are refused, by name.
      expect(res.statusCode, what).toBe(400);
      expect(res.body, what).toMatch(/isAdmin|subscriptionStatus|partnerId/);
    }
  });

  it("PATCH /api/auth/user refuses each forbidden key on its own", async () => {
    const { me } = await freshMember();
    const mine = await protectedColumns(me.user.id);
    for (const k of Object.keys(FORBIDDEN)) {
      const res = await t.request({
        method: "PATCH",
        url: "/api/auth/user",
        as: me,
        payload: { firstName: "Sam", [k]: FORBIDDEN[k] },
      });
      // "email" and "password" are not profile fields to send this way: email needs the current password.
      if (k === "email") expect(res.statusCode, `${k}: ${res.body}`).toBeGreaterThanOrEqual(400);
      else expect(res.statusCode, `${k}: ${res.body}`).toBe(400);
    }
    expect(await protectedColumns(me.user.id)).toEqual(mine);
    const plain = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { firstName: "Kim" },
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it("registering with forbidden keys makes a plain, unverified member", async () => {
    const email = `mass-${process.pid}@example.com`;
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { ...bodyFor({ method: "POST", url: "/api/register" }), email },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [found] = await t.db.select().from(users).where(eq(users.email, email));
    const row = await storedMember(t.db, found.id);
    expect(row).toMatchObject({
      isAdmin: false,
      emailVerified: false,
      subscriptionTier: null,
      subscriptionStatus: null,
      partnerId: null,
      paymentCustomerId: null,
    });
    expect(await protectedColumns(row.id)).toMatchObject({ twoFactor: null });
    expect(row.id).not.toBe(other.user.id);
    expect(row.password).not.toBe(FORBIDDEN.password);
  });
});
