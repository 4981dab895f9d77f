import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/app/server/app.ts";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createDb } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { timeStep, totpAt } from "../../src/server/modules/account/totp.ts";
import { outboxTransport } from "../../src/server/modules/email/mailer.ts";
import { SESSION_COOKIE } from "../../src/shared/constants.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";
import { deepJson } from "./fuzz-arbitraries.ts";

/**
 * What the app logs, at the most verbose level (debug), never holds a secret: passwords, session and
 * one-time tokens (verification, reset, invitation, checkout), the TOTP secret, bank details.
 */
const lines: string[] = [];
const { url, drop } = await createTestDatabase(inject("pgBaseUrl"));
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "debug",
  DATABASE_URL: url,
  APP_URL: "http://localhost:5000",
});
const db = createDb(url, 2);
const outbox = outboxTransport(null);
const app = await buildApp(createDeps(config, db, { transport: outbox }), {
  serveClient: false,
  logStream: { write: (l) => void lines.push(l) },
});
afterAll(async () => {
  await app.close();
  await db.$client.end();
  await drop();
});

describe("request logs", () => {
  it("never contain tokens, cookies, authorization headers or passwords", async () => {
    const secret = "S3cr3tT0kenValue";
    await app.inject({ method: "GET", url: `/api/verify-email?token=${secret}&x=1` });
    await app.inject({ method: "GET", url: `/subscription/complete?session_token=${secret}` });
    await app.inject({ method: "GET", url: `/api/partner-invite/${secret}` });
    await app.inject({ method: "GET", url: `/partner-invite?token=${secret}` });
    await app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ currentPassword: secret, newPassword: secret }),
    });
    await app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `unveil_sid=${secret}`, authorization: `Bearer ${secret}` },
    });
    await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: secret }),
    });
    const log = lines.join("\n");
    expect(lines.length).toBeGreaterThan(4);
    expect(log).toContain("/api/verify-email?token=[redacted]&x=1");
    expect(log).toContain("/api/partner-invite/[redacted]");
    expect(log).not.toContain(secret);
  });
});

describe("a member's whole journey at debug level", () => {
  const json = { "content-type": "application/json" };
  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: "POST",
      url,
      headers: { ...json, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const sessionOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? "";
  /** The token in the newest mail of `type`, from the link matching `link`. */
  const mailed = async (type: string, link: RegExp) => {
    for (let i = 0; i < 200 && !outbox.messages.some((m) => m.type === type); i++)
      await new Promise((r) => setTimeout(r, 25));
    const mail = outbox.messages.findLast((m) => m.type === type);
    const token = mail && link.exec(mail.text)?.[1];
    if (!token) throw new Error(`no ${type} mail with a token`);
    return decodeURIComponent(token);
  };

  it("register, verify, sign in, reset, subscribe with bank details, invite, 2FA, a server error: no secret logged", async () => {
    const secrets: Record<string, string> = {};
    const email = `journey-${process.pid}@example.com`;
    secrets.firstPassword = "first Passphrase 4417";
    secrets.wrongPassword = "wrong Passphrase 9983";
    secrets.newPassword = "second Passphrase 2290";

    const registered = await post("/api/register", {
      email,
      password: secrets.firstPassword,
      firstName: "Jo",
      lastName: "Journey",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    secrets.registerSession = sessionOf(registered);

    secrets.verifyToken = await mailed("email_verification", /verify-email\?token=([^\s"'<&]+)/);
    const verified = await app.inject({
      method: "GET",
      url: `/api/verify-email?token=${secrets.verifyToken}`,
    });
    expect(verified.statusCode).toBeLessThan(400);

    expect((await post("/api/login", { email, password: secrets.wrongPassword })).statusCode).toBe(401);
    const signedIn = await post("/api/login", { email, password: secrets.firstPassword });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    secrets.loginSession = sessionOf(signedIn);

    expect((await post("/api/forgot-password", { email })).statusCode).toBe(200);
    secrets.resetToken = await mailed("password_reset", /auth\?token=([^\s"'<&]+)/);
    // The reset link opens the page with the token in its query.
    await app.inject({ method: "GET", url: `/auth?token=${secrets.resetToken}` });
    const reset = await post("/api/reset-password", {
      token: secrets.resetToken,
      password: secrets.newPassword,
      confirmPassword: secrets.newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await post("/api/login", { email, password: secrets.newPassword });
    expect(again.statusCode, again.body).toBe(200);
    const session = sessionOf(again);
    secrets.session = session;
    const cookie = `${SESSION_COOKIE}=${session}`;

    // Subscribing: bank details typed into the sandbox's hosted page, then the checkout completed.
    await db
      .update(users)
      .set({ termsAccepted: true, termsAcceptedAt: new Date(), onboardingCompleted: true })
      .where(eq(users.email, email));
    const checkout = await post("/api/create-subscription", { tier: "gold" }, cookie);
    expect(checkout.statusCode, checkout.body).toBe(200);
    secrets.accountNumber = "31926819";
    secrets.sortCode = "404784";
    const authorised = await app.inject({
      method: "POST",
      url: new URL(checkout.json().redirect_url).pathname,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      payload: new URLSearchParams({
        action: "authorise",
        account_holder: "Jo Journey",
        sort_code: "40-47-84",
        account_number: secrets.accountNumber,
        confirm: "yes",
      }).toString(),
    });
    expect(authorised.statusCode, authorised.body).toBe(303);
    secrets.checkoutToken = new URL(String(authorised.headers.location), "http://x").searchParams.get(
      "session_token",
    )!;
    await app.inject({ method: "GET", url: String(authorised.headers.location), headers: { cookie } });
    const completed = await post(
      "/api/complete-subscription",
      { session_token: secrets.checkoutToken },
      cookie,
    );
    expect(completed.statusCode, completed.body).toBe(200);

    expect((await post("/api/partner/invite", { email: `partner-${email}` }, cookie)).statusCode).toBe(200);
    secrets.inviteToken = await mailed("partner_invite", /partner-invite\?token=([^\s"'<&]+)/);
    await app.inject({
      method: "GET",
      url: `/api/partner-invite/${encodeURIComponent(secrets.inviteToken)}`,
    });
    await app.inject({
      method: "GET",
      url: `/partner-invite?token=${encodeURIComponent(secrets.inviteToken)}`,
    });

    const setup = await post("/api/account/2fa/setup", {}, cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    secrets.totpSecret = setup.json().secret;
    const enabled = await post(
      "/api/account/2fa/enable",
      { code: totpAt(secrets.totpSecret, timeStep(new Date())) },
      cookie,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    for (const code of enabled.json().recoveryCodes ?? []) secrets[`recovery ${code}`] = code;

    // A body no handler expects, carrying a password: whatever the answer (a 500 while errors.ts's NUL
    // check overflows on deep bodies), the error log must not copy the body.
    await app.inject({
      method: "POST",
      url: "/api/support/tickets",
      headers: { ...json, cookie },
      payload: `{"password":${JSON.stringify(secrets.newPassword)},"subject":${deepJson(6_000)}}`,
    });

    const log = lines.join("\n");
    expect(app.log.level).toBe("debug");
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain("[redacted]");
    const leaked = Object.entries(secrets).filter(([, v]) => v && log.includes(v));
    expect(leaked.map(([k]) => k)).toEqual([]);
    expect(log).not.toContain("40-47-84");
  });
});

describe("configuration", () => {
  it("refuses to start in production without the settings a live site needs", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /APP_URL[\s\S]*GOCARDLESS_ACCESS_TOKEN[\s\S]*SMTP_URL/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        APP_URL: "https://unveil.date",
        GOCARDLESS_ACCESS_TOKEN: "live_x",
        SMTP_URL: "smtp://a",
      }),
    ).toThrow(/GOCARDLESS_WEBHOOK_SECRET/);
    const ok = loadConfig({
      NODE_ENV: "production",
      APP_URL: "https://unveil.date",
      GOCARDLESS_ACCESS_TOKEN: "live_x",
      GOCARDLESS_WEBHOOK_SECRET: "s",
      SMTP_URL: "smtp://a",
    });
    expect(ok).toMatchObject({ secureCookies: true, payments: { provider: "gocardless" } });
  });

  it("lists every bad value", () => {
    expect(() => loadConfig({ PORT: "http", APP_URL: "nope", TRUST_PROXY: "true" })).toThrow(
      /PORT[\s\S]*APP_URL[\s\S]*TRUST_PROXY/,
    );
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.2"]);
  });
});
