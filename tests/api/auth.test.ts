import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offerCodes, offerCodeUsage, sessions, userPreferences, users } from "../../src/server/db/schema.ts";
import { publicUserSchema } from "../../src/shared/api-types.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp, eventually, sessionCookieFrom } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
const json = (payload: unknown) => ({
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(payload),
});
let n = 0;
const newEmail = () => `couple${++n}@example.com`;

async function register(overrides: Record<string, unknown> = {}) {
  const body = {
    email: newEmail(),
    password: "a-long-passphrase",
    firstName: "Alex",
    lastName: "Taylor",
    ...overrides,
  };
  const res = await t.request({ method: "POST", url: "/api/register", ...json(body) });
  return { res, body };
}

describe("POST /api/register", () => {
  it("creates the account, signs in and returns the public user", async () => {
    const { res, body } = await register();
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: body.email,
      firstName: "Alex",
      lastName: "Taylor",
      isAdmin: false,
      onboardingCompleted: false,
      emailVerified: false,
    });
    for (const secret of [
      "password",
      "passwordResetToken",
      "emailVerificationToken",
      "paymentCustomerId",
      "paymentMandateId",
      "paymentSubscriptionId",
    ]) {
      expect(user).not.toHaveProperty(secret);
    }
    const cookie = res.cookies.find((c) => c.name === "unveil_sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    const hint = res.cookies.find((c) => c.name === "unveil_auth_hint")!;
    expect(hint.value).toBe("1");
    expect(hint.httpOnly).toBeFalsy();
    const me = await t.request({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookieFrom(res)! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
  });

  it("stores an argon2id hash, never the password", async () => {
    const { body } = await register();
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password).not.toContain(body.password);
  });

  it("lower-cases and trims the e-mail, and refuses the same address in another case", async () => {
    const { res } = await register({ email: "  Mixed.Case@Example.COM " });
    expect(res.json().email).toBe("mixed.case@example.com");
    const again = await register({ email: "MIXED.case@example.com" });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().message).toBe(MSG.emailTaken);
  });

  it.each([
    [{ email: "not-an-email" }, MSG.invalidEmail],
    [{ password: "short" }, MSG.passwordMin],
    [{ firstName: "A" }, MSG.firstNameMin],
    [{ lastName: "B" }, MSG.lastNameMin],
    [{ firstName: "A".repeat(81) }, MSG.firstNameMax],
    [{ lastName: "B".repeat(81) }, MSG.lastNameMax],
  ])("answers 400 with the spec's message for %o", async (override, message) => {
    const before = await t.db.$count(users);
    const { res } = await register(override);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0].message).toBe(message);
    expect(await t.db.$count(users)).toBe(before);
  });

  it("accepts a 100-character passphrase without truncating it", async () => {
    const long = "p".repeat(99);
    const { body } = await register({ password: `${long}1` });
    const ok = await t.request({
      method: "POST",
      url: "/api/login",
      ...json({ email: body.email, password: `${long}1` }),
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.request({
      method: "POST",
      url: "/api/login",
      ...json({ email: body.email, password: `${long}2` }),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("sends a verification e-mail whose link verifies the address", async () => {
    const { body, res } = await register();
    const mail = await eventually(() =>
      t.mail.find((m) => m.to === body.email && m.type === "email_verification"),
    );
    const link = /http:\/\/localhost:5000(\/api\/verify-email\?token=[\w-]+)/.exec(mail.text)![1];
    const verify = await t.request({ method: "GET", url: link });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/?verified=1");
    const me = await t.request({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookieFrom(res)! },
    });
    expect(me.json().emailVerified).toBe(true);
    // Reopened, the link says the address is already verified rather than broken (issue 18).
    const reuse = await t.request({ method: "GET", url: link });
    expect(reuse.headers.location).toBe("/?verified=already");
    await eventually(() => t.mail.find((m) => m.to === body.email && m.type === "welcome"));
  });
});

describe("POST /api/login", () => {
  it("signs in with any case of the e-mail and rotates the session id", async () => {
    const { body, res: reg } = await register();
    const firstCookie = sessionCookieFrom(reg)!;
    const res = await t.request({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json", cookie: firstCookie },
      payload: JSON.stringify({ email: body.email.toUpperCase(), password: body.password }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(body.email);
    const second = sessionCookieFrom(res)!;
    expect(second).not.toBe(firstCookie);
    const old = await t.request({ method: "GET", url: "/api/auth/user", headers: { cookie: firstCookie } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.request({ method: "GET", url: "/api/auth/user", headers: { cookie: second } });
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses a wrong password and an unknown e-mail with the same answer", async () => {
    const { body } = await register();
    const wrong = await t.request({
      method: "POST",
      url: "/api/login",
      ...json({ email: body.email, password: "nope-nope" }),
    });
    const unknown = await t.request({
      method: "POST",
      url: "/api/login",
      ...json({ email: "nobody@example.com", password: "nope-nope" }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MSG.invalidCredentials });
    expect(unknown.json()).toEqual({ message: MSG.invalidCredentials });
    expect(wrong.cookies.find((c) => c.name === "unveil_sid")).toBeUndefined();
  });

  it.each([
    [{ email: "bad", password: "x" }, MSG.invalidEmail],
    [{ email: "a@example.com", password: "" }, MSG.passwordRequired],
    [{ email: "a@example.com" }, MSG.passwordRequired],
  ])("answers 400 for %o", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/login", ...json(payload) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("GET /api/auth/user and POST /api/logout", () => {
  it("answers 401 JSON when signed out", async () => {
    const res = await t.request({ method: "GET", url: "/api/auth/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("clears a stale sign-in hint", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: "unveil_auth_hint=1" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === "unveil_auth_hint")?.value).toBe("");
  });

  it("ignores a forged or garbage cookie", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: "unveil_sid=forged" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const m = await t.member();
    const out = await t.request({ method: "POST", url: "/api/logout", as: m });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "unveil_sid")?.value).toBe("");
    // The browser drops what it kept of the member's pages (the page also clears the worker's caches).
    expect(out.headers["clear-site-data"]).toBe('"cache"');
    const me = await t.request({ method: "GET", url: "/api/auth/user", as: m });
    expect(me.statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, m.user.id))).toBe(0);
  });

  it("logout when signed out still answers 200", async () => {
    const out = await t.request({ method: "POST", url: "/api/logout" });
    expect(out.statusCode).toBe(200);
    expect(out.headers["clear-site-data"]).toBe('"cache"');
  });

  it("members and admins each see their own user", async () => {
    const m = await t.member();
    const a = await t.admin();
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: m })).json()).toMatchObject({
      id: m.user.id,
      isAdmin: false,
    });
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: a })).json()).toMatchObject({
      id: a.user.id,
      isAdmin: true,
    });
  });

  it("expired sessions are refused", async () => {
    const m = await t.member();
    t.clock.advance(31 * 86_400_000);
    try {
      expect((await t.request({ method: "GET", url: "/api/auth/user", as: m })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });
});

describe("GET /api/login", () => {
  it("redirects to the sign-in screen", async () => {
    const res = await t.request({ method: "GET", url: "/api/login" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/auth");
  });

  it("carries a page on this site to come back to, and drops any other", async () => {
    const back = await t.request({ method: "GET", url: "/api/login?next=%2Fsettings%3Ftab%3Dprivacy" });
    expect(back.headers.location).toBe("/auth?next=%2Fsettings%3Ftab%3Dprivacy");
    for (const next of ["//evil.example", "https://evil.example", "/\\evil.example", "settings"]) {
      const res = await t.request({ method: "GET", url: `/api/login?next=${encodeURIComponent(next)}` });
      expect(res.headers.location).toBe("/auth");
    }
  });

  it("is never refused for its query: `next` given twice, or other keys, still lead to /auth", async () => {
    for (const url of ["/api/login?next=%2Fbilling&next=%2Fsettings", "/api/login?utm_source=mail&next="]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe("/auth");
    }
  });
});

describe("the response contract of the current user", () => {
  it("register, login and GET /api/auth/user answer exactly the PublicUser keys, and no column beside them", async () => {
    const { res: registered, body } = await register();
    expect(registered.statusCode).toBe(201);
    expectExactFields(registered.json(), publicUserSchema);
    const login = await t.request({
      method: "POST",
      url: "/api/login",
      ...json({ email: body.email, password: body.password }),
    });
    expect(login.statusCode).toBe(200);
    expectExactFields(login.json(), publicUserSchema);
    const m = await t.member({ phone: "+447700900123", city: "London" });
    // The first read builds the kept text, the second sends it as kept: both keep to the schema.
    for (const _ of [1, 2]) {
      const res = await t.request({ method: "GET", url: "/api/auth/user", as: m });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expectExactFields(res.json(), publicUserSchema);
      for (const secret of ["password", "totpSecret", "emailVerificationToken", "resetToken", "mandateId"])
        expect(res.json()).not.toHaveProperty(secret);
    }
  });

  it("keeps to the schema all the way down: a discount, the partner's plan, a chosen plan and preferences", async () => {
    const holder = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      currentPeriodEnd: new Date(t.clock.now().getTime() + 20 * 86_400_000),
    });
    const partner = await t.member({ partnerId: holder.user.id, chosenTier: "silver" });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
    const [code] = await t.db
      .insert(offerCodes)
      .values({ code: `CONTRACT${holder.user.id}`, discountValue: "10" })
      .returning();
    await t.db.insert(offerCodeUsage).values({
      offerCodeId: code.id,
      userId: holder.user.id,
      subscriptionTier: "gold",
      originalAmount: 4900,
      discountAmount: 490,
      finalAmount: 4410,
      cyclesRemaining: 2,
    });
    await t.db.insert(userPreferences).values({ userId: partner.user.id, postcode: "SE1 9PX" });

    const mine = (await t.request({ method: "GET", url: "/api/auth/user", as: holder })).json();
    expect(mine.activeDiscount).not.toBeNull();
    expectExactFields(mine, publicUserSchema);
    const theirs = (await t.request({ method: "GET", url: "/api/auth/user", as: partner })).json();
    expect(theirs.partnerPlan).not.toBeNull();
    expect(theirs.chosenPlan).not.toBeNull();
    expect(theirs.preferences).not.toBeNull();
    expectExactFields(theirs, publicUserSchema);
  });

  it("strips a column the schema does not list", async () => {
    const m = await t.member();
    const answer = (await t.request({ method: "GET", url: "/api/auth/user", as: m })).json();
    const leaky = { ...answer, password: "$argon2id$...", totpSecret: "JBSWY3DP" };
    expect(publicUserSchema.encode(leaky)).toEqual(answer);
  });
});
