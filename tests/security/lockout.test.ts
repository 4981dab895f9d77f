import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { signInLinks, userTwoFactor } from "../../src/server/db/schema.ts";
import { timeStep, totpAt } from "../../src/server/modules/account/totp.ts";
import { DEVICE_COOKIE } from "../../src/server/modules/auth/lockout.ts";
import { hashToken } from "../../src/server/modules/auth/tokens.ts";
import { SIGN_IN_LINK_MINUTES } from "../../src/shared/constants.ts";
import { MSG } from "../../src/shared/messages.ts";
import { AUTH_MSG } from "../../src/shared/schemas/auth.ts";
import { createTestApp, eventually, type SignedIn, sessionCookieFrom } from "../helpers/app.ts";

/**
 * Sign-in that cannot be turned into a lockout: 3 failures per account and address,
 * 18 (3 x 6) account-wide; a browser with the account's device cookie is never blocked by a flood from
 * elsewhere, other browsers get the step-up, and a password reset clears every counter.
 */
const t = await createTestApp({
  rateLimits: { loginPerIp: 50, loginFailuresPerAccount: 3, forgotPerAccount: 5, resetPerIp: 20 },
});
const _WIDE = 18;
let net = 0;
beforeEach(() => {
  t.clock.advance(60 * 60_000); // every test starts in a fresh window
});

function post(url: string, payload: unknown, ip: string, cookie?: string) {
  return t.request({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}
const deviceFrom = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === DEVICE_COOKIE);
  return c ? `${DEVICE_COOKIE}=${c.value}` : undefined;
};
const login = (m: SignedIn, ip: string, cookie?: string, password = m.password, extra = {}) =>
  post("/api/login", { email: m.user.email, password, ...extra }, ip, cookie);

/** A browser that has signed in once: answers its device cookie. */
async function knownBrowser(m: SignedIn): Promise<string> {
  const res = await login(m, "192.168.0.10");
  expect(res.statusCode, res.body).toBe(200);
  const device = deviceFrom(res);
  expect(device).toBeDefined();
  return device!;
}

/** Wrong passwords from six addresses, eighteen in all: the account is flooded. */
async function flood(m: SignedIn) {
  net++;
  for (let a = 0; a < 6; a++)
    for (let i = 0; i < 3; i++)
      expect((await login(m, `10.${net}.${a}.1`, undefined, "wrong-guess")).statusCode).toBe(401);
}
const linkMails = (to: string) => t.mail.filter((x) => x.to === to && x.type === "sign_in_link");
const storedLinks = async (m: SignedIn) =>
  (await t.db.select().from(signInLinks).where(eq(signInLinks.userId, m.user.id))).length;

describe("a flood from elsewhere cannot keep the owner out", () => {
  it("a browser that signed in before still signs in; a new one gets the step-up, with a link only if the password was right", async () => {
    const m = await t.member();
    const device = await knownBrowser(m);
    await flood(m);
    const trusted = await login(m, "172.16.0.5", device);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(sessionCookieFrom(trusted)).toBeDefined();

    const wrong = await login(m, "172.16.9.9", undefined, "another-guess");
    const right = await login(m, "172.16.9.9");
    for (const res of [wrong, right]) {
      expect(res.statusCode).toBe(429);
      expect(sessionCookieFrom(res)).toBeUndefined();
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The same words either way: the flood learns nothing about the password.
    expect(wrong.json()).toEqual(right.json());
    expect(right.json().message).toMatch(/e-mailed you a link to sign in now/);
    const mail = await eventually(() => linkMails(m.user.email)[0]);
    expect(mail.subject).toBe("Your Unveil sign-in link");
    expect(linkMails(m.user.email)).toHaveLength(1);
    // A second right password in the same window sends no second link (no mail bombing).
    // A link is stored, then handed to the mailer, before the 429 answers: one row and one mail mean none more.
    expect((await login(m, "172.16.9.9")).statusCode).toBe(429);
    expect(await storedLinks(m)).toBe(1);
    expect(linkMails(m.user.email)).toHaveLength(1);
  });

  it("only a wrong password from a flood sends no link", async () => {
    const m = await t.member();
    await flood(m);
    expect((await login(m, "172.17.0.1", undefined, "nope-nope")).statusCode).toBe(429);
    // The refusal has answered: no link was stored. The right password next sends one by the same route,
    // and once it is here it is the only one, so the wrong password mailed nothing.
    expect(await storedLinks(m)).toBe(0);
    expect((await login(m, "172.17.0.1")).statusCode).toBe(429);
    await eventually(() => linkMails(m.user.email)[0]);
    expect(linkMails(m.user.email)).toHaveLength(1);
    expect(await storedLinks(m)).toBe(1);
  });

  it("a forged or another account's device cookie is a new browser", async () => {
    const m = await t.member();
    const other = await t.member();
    const otherDevice = await knownBrowser(other);
    const mine = await knownBrowser(m);
    await flood(m);
    const forged = mine.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await login(m, "172.18.0.1", forged)).statusCode).toBe(429);
    expect((await login(m, "172.18.0.1", otherDevice)).statusCode).toBe(429);
    expect((await login(m, "172.18.0.1", mine)).statusCode).toBe(200);
  });

  it("a known browser's own wrong passwords lock that browser only", async () => {
    const m = await t.member();
    const device = await knownBrowser(m);
    for (let i = 0; i < 3; i++)
      expect((await login(m, "172.19.0.1", device, "oops-typo")).statusCode).toBe(401);
    const locked = await login(m, "172.19.0.1", device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many attempts/);
    // Another browser, elsewhere, is not affected.
    expect((await login(m, "172.19.0.2")).statusCode).toBe(200);
  });

  it("the same rules hold for an admin", async () => {
    const admin = await t.admin();
    const device = await knownBrowser(admin);
    await flood(admin);
    expect((await login(admin, "172.20.0.1", device)).statusCode).toBe(200);
    expect((await login(admin, "172.20.0.2")).statusCode).toBe(429);
  });

  it("a password reset clears the account's counters", async () => {
    const m = await t.member();
    await flood(m);
    expect((await login(m, "172.21.0.1")).statusCode).toBe(429);
    await post("/api/forgot-password", { email: m.user.email }, "172.21.0.1");
    const mail = await eventually(() =>
      t.mail.find((x) => x.to === m.user.email && x.type === "password_reset"),
    );
    const token = /\/auth\?token=([\w-]+)/.exec(mail.text)![1];
    const reset = await post(
      "/api/reset-password",
      { token, password: "a fresh long passphrase" },
      "172.21.0.1",
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await login(m, "172.21.0.1", undefined, "a fresh long passphrase");
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("POST /api/login/link", () => {
  async function linkToken(m: SignedIn): Promise<string> {
    await flood(m);
    expect((await login(m, "172.22.0.1")).statusCode).toBe(429);
    const mail = await eventually(() => linkMails(m.user.email).at(-1));
    return decodeURIComponent(/\/auth\?signin=([^\s"'<&]+)/.exec(mail.text)![1]);
  }

  it("signs in once, remembers the browser, and is spent", async () => {
    const m = await t.member();
    const token = await linkToken(m);
    const res = await post("/api/login/link", { token }, "172.22.0.1");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(m.user.email);
    expect(sessionCookieFrom(res)).toBeDefined();
    const device = deviceFrom(res)!;
    expect((await login(m, "172.22.0.1", device)).statusCode).toBe(200);
    const again = await post("/api/login/link", { token }, "172.22.0.1");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MSG.signInLinkDead);
    const [row] = await t.db
      .select()
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, hashToken(token)));
    expect(row.usedAt).not.toBeNull();
  });

  it(`expires after ${SIGN_IN_LINK_MINUTES} minutes`, async () => {
    const m = await t.member();
    const token = await linkToken(m);
    t.clock.advance((SIGN_IN_LINK_MINUTES + 1) * 60_000);
    const res = await post("/api/login/link", { token }, "172.22.0.2");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MSG.signInLinkDead);
  });

  it("asks for the code when two-step sign-in is on, and spends nothing until it is right", async () => {
    const m = await t.member();
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await t.db.insert(userTwoFactor).values({ userId: m.user.id, secret, enabledAt: t.clock.now() });
    await flood(m);
    expect((await login(m, "172.23.0.1")).statusCode).toBe(429);
    const mail = await eventually(() => linkMails(m.user.email).at(-1));
    const token = decodeURIComponent(/\/auth\?signin=([^\s"'<&]+)/.exec(mail.text)![1]);
    const ask = await post("/api/login/link", { token }, "172.23.0.1");
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toEqual({ twoFactorRequired: true, message: expect.any(String) });
    expect(sessionCookieFrom(ask)).toBeUndefined();
    const wrong = await post("/api/login/link", { token, code: "000000" }, "172.23.0.1");
    expect(wrong.statusCode).toBe(401);
    const code = totpAt(secret, timeStep(t.clock.now()));
    const ok = await post("/api/login/link", { token, code }, "172.23.0.1");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(sessionCookieFrom(ok)).toBeDefined();
  });

  it.each([
    [{}, "The sign-in link is incomplete"],
    [{ token: "short" }, "The sign-in link is incomplete"],
    [{ token: "x".repeat(300) }, undefined],
    [{ token: "an-unknown-token-of-some-length" }, AUTH_MSG.signInLinkDead],
  ])("refuses %j with 400 and signs nobody in", async (payload, message) => {
    const res = await post("/api/login/link", payload, "172.24.0.1");
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it("is throttled per address like sign-in", async () => {
    let last = 0;
    for (let i = 0; i < 52; i++)
      last = (await post("/api/login/link", { token: `guess-${i}-abcdefghij` }, "172.25.0.1")).statusCode;
    expect(last).toBe(429);
    expect(MSG.tooManyRequests(1)).toMatch(/^Too many attempts/);
  });
});
