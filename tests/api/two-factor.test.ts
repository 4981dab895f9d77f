import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users, userTwoFactor } from "../../src/server/db/schema.ts";
import {
  base32Decode,
  base32Encode,
  timeStep,
  totpAt,
  verifyTotp,
} from "../../src/server/modules/account/totp.ts";
import { hashToken } from "../../src/server/modules/auth/tokens.ts";
import { MSG } from "../../src/shared/messages.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { createTestApp, type SignedIn, sessionCookieFrom } from "../helpers/app.ts";

const FAILURES = 3;
const t = await createTestApp({ rateLimits: { loginFailuresPerAccount: FAILURES, loginPerIp: 1000 } });
/** Five seconds into a 30-second step, so "the next step" is never a boundary race. */
const NOW = new Date("2026-11-10T12:00:05Z");
const STEP_MS = 30_000;

beforeEach(() => t.clock.set(NOW));

const code = (secret: string, offsetSteps = 0) => totpAt(secret, timeStep(t.clock.now()) + offsetSteps);

const post = (url: string, as: SignedIn | undefined, payload?: unknown) =>
  t.request({ method: "POST", url, as, payload: payload as object });

function login(as: SignedIn, extra: Record<string, unknown> = {}) {
  return post("/api/login", undefined, { email: as.user.email, password: as.password, ...extra });
}

/** The member's two-step sign-in as stored (user_two_factor; nulls and no codes when they have no row). */
async function userRow(id: number) {
  const [row] = await t.db
    .select({
      totpSecret: userTwoFactor.secret,
      totpPendingSecret: userTwoFactor.pendingSecret,
      totpEnabledAt: userTwoFactor.enabledAt,
      totpRecoveryCodes: userTwoFactor.recoveryCodes,
      totpLastStep: userTwoFactor.lastStep,
    })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.id, id));
  return { ...row, totpRecoveryCodes: row.totpRecoveryCodes ?? [] };
}

/** Set-up and enable through the API; answers the secret and the recovery codes. */
async function withTwoFactor(as: SignedIn) {
  const setup = await post("/api/account/2fa/setup", as);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const enabled = await post("/api/account/2fa/enable", as, { code: code(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe("TOTP (RFC 6238)", () => {
  const rfcSecret = base32Encode(Buffer.from("12345678901234567890", "ascii"));

  it("base32 encodes the RFC secret as authenticator apps expect, and decodes it back", () => {
    expect(rfcSecret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(rfcSecret).toString("ascii")).toBe("12345678901234567890");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq").toString("ascii")).toBe(
      "12345678901234567890",
    );
  });

  // The SHA-1 vectors of RFC 6238 appendix B (8 digits there; the last 6 are the 6-digit code).
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("at %i s the code is the last 6 digits of %s", (seconds, eight) => {
    expect(totpAt(rfcSecret, timeStep(new Date(seconds * 1000)))).toBe(eight.slice(2));
  });

  it("accepts one step of clock drift either way, never a step already used", () => {
    const now = new Date(59_000); // step 1
    expect(verifyTotp(rfcSecret, "287082", now, null)).toBe(1);
    expect(verifyTotp(rfcSecret, " 287 082 ", now, null)).toBe(1);
    expect(verifyTotp(rfcSecret, totpAt(rfcSecret, 0), now, null)).toBe(0);
    expect(verifyTotp(rfcSecret, totpAt(rfcSecret, 2), now, null)).toBe(2);
    expect(verifyTotp(rfcSecret, totpAt(rfcSecret, 3), now, null)).toBeNull();
    expect(verifyTotp(rfcSecret, "287082", now, 1)).toBeNull();
    expect(verifyTotp(rfcSecret, "287082", now, 0)).toBe(1);
    expect(verifyTotp(rfcSecret, "28708", now, null)).toBeNull();
    expect(verifyTotp(rfcSecret, "2870821", now, null)).toBeNull();
  });
});

describe("POST /api/account/2fa/setup", () => {
  it("answers a secret, the otpauth URL and an SVG QR code, kept pending until confirmed", async () => {
    const me = await t.member();
    const res = await post("/api/account/2fa/setup", me);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["otpauthUrl", "qrDataUrl", "secret"]);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    // The label "Issuer:account", percent-encoded as the Key URI Format allows.
    expect(
      body.otpauthUrl.startsWith(`otpauth://totp/${encodeURIComponent(`Unveil:${me.user.email}`)}?`),
    ).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: body.secret,
      issuer: "Unveil",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    expect(body.qrDataUrl.startsWith("data:image/svg+xml;base64,")).toBe(true);
    const svg = Buffer.from(body.qrDataUrl.split(",")[1], "base64").toString("utf8");
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const row = await userRow(me.user.id);
    expect(row.totpPendingSecret).toBe(body.secret);
    expect(row.totpSecret).toBeNull();
    expect(row.totpEnabledAt).toBeNull();
    const user = (await t.request({ method: "GET", url: "/api/auth/user", as: me })).json();
    expect(user.twoFactorEnabled).toBe(false);
    // Not on yet: signing in needs no code.
    expect(sessionCookieFrom(await login(me))).toBeDefined();
  });

  it("a second set-up replaces the first secret", async () => {
    const me = await t.member();
    const first = (await post("/api/account/2fa/setup", me)).json().secret;
    const second = (await post("/api/account/2fa/setup", me)).json().secret;
    expect(second).not.toBe(first);
    const stale = await post("/api/account/2fa/enable", me, { code: code(first) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: MEMBER_MSG.wrongCode });
    expect((await post("/api/account/2fa/enable", me, { code: code(second) })).statusCode).toBe(200);
  });

  it("visitors get 401 on set-up, enable and disable", async () => {
    for (const path of ["setup", "enable", "disable"]) {
      const res = await post(`/api/account/2fa/${path}`, undefined, { code: "123456" });
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toEqual({ message: MSG.notSignedIn });
    }
  });
});

describe("POST /api/account/2fa/enable", () => {
  it("turns two-factor on with a code from the app and answers ten single-use recovery codes", async () => {
    const me = await t.member();
    const { secret } = (await post("/api/account/2fa/setup", me)).json();
    const res = await post("/api/account/2fa/enable", me, { code: code(secret) });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json();
    expect(Object.keys(res.json())).toEqual(["recoveryCodes"]);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const row = await userRow(me.user.id);
    expect(row.totpSecret).toBe(secret);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpEnabledAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.totpLastStep).toBe(timeStep(NOW));
    // Stored hashed only.
    expect(row.totpRecoveryCodes).toEqual(recoveryCodes.map((c: string) => hashToken(c)));
    expect(JSON.stringify(row)).not.toContain(recoveryCodes[0]);

    const user = await t.request({ method: "GET", url: "/api/auth/user", as: me });
    expect(user.json().twoFactorEnabled).toBe(true);
    expect(user.body).not.toContain(secret);
    const exported = await t.request({ method: "GET", url: "/api/account/export", as: me });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(secret);
    expect(exported.body).not.toContain(row.totpRecoveryCodes[0]);

    // Already on: neither set-up nor enable again.
    const setup = await post("/api/account/2fa/setup", me);
    expect(setup.statusCode).toBe(409);
    const again = await post("/api/account/2fa/enable", me, { code: code(secret, 1) });
    expect(again.statusCode).toBe(409);
    expect((await userRow(me.user.id)).totpSecret).toBe(secret);
  });

  it("a wrong code leaves it off", async () => {
    const me = await t.member();
    const { secret } = (await post("/api/account/2fa/setup", me)).json();
    const wrong = String((Number(code(secret)) + 1) % 1_000_000).padStart(6, "0");
    const res = await post("/api/account/2fa/enable", me, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MEMBER_MSG.wrongCode });
    const stale = await post("/api/account/2fa/enable", me, { code: code(secret, -2) });
    expect(stale.statusCode).toBe(400);
    const row = await userRow(me.user.id);
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecret).toBeNull();
    expect(row.totpPendingSecret).toBe(secret);
  });

  it("needs a set-up first", async () => {
    const me = await t.member();
    const res = await post("/api/account/2fa/enable", me, { code: "123456" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Start the set-up first: scan a new QR code.");
  });

  it.each([
    ["no code", {}, MEMBER_MSG.code],
    ["a short code", { code: "12345" }, MEMBER_MSG.code],
    ["a code too long", { code: "1".repeat(21) }, MEMBER_MSG.code],
    ["a number", { code: 123456 }, MEMBER_MSG.code],
  ])("%s: 400 with the form's message", async (_name, payload, message) => {
    const me = await t.member();
    await post("/api/account/2fa/setup", me);
    const res = await post("/api/account/2fa/enable", me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await userRow(me.user.id)).totpEnabledAt).toBeNull();
  });

  it("unknown fields are 400 and change nothing", async () => {
    const me = await t.member();
    const { secret } = (await post("/api/account/2fa/setup", me)).json();
    const res = await post("/api/account/2fa/enable", me, { code: code(secret), secret: "AAAA" });
    expect(res.statusCode).toBe(400);
    expect((await userRow(me.user.id)).totpEnabledAt).toBeNull();
  });

  it("stops guessing after 10 wrong codes", async () => {
    const me = await t.member();
    const { secret } = (await post("/api/account/2fa/setup", me)).json();
    for (let i = 0; i < 10; i++) {
      expect((await post("/api/account/2fa/enable", me, { code: "000000" })).statusCode).toBe(400);
    }
    const res = await post("/api/account/2fa/enable", me, { code: code(secret) });
    expect(res.statusCode).toBe(429);
    expect((await userRow(me.user.id)).totpEnabledAt).toBeNull();
  });

  it("an admin sets it up like any member", async () => {
    const admin = await t.admin();
    await withTwoFactor(admin);
    const res = await login(admin);
    expect(res.json()).toEqual({ twoFactorRequired: true, message: MEMBER_MSG.code });
  });
});

describe("POST /api/login with two-factor on", () => {
  it("the right password alone gets a challenge, no session", async () => {
    const me = await t.member();
    await withTwoFactor(me);
    for (const extra of [{}, { code: "" }, { code: "   " }]) {
      const res = await login(me, extra);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ twoFactorRequired: true, message: MEMBER_MSG.code });
      expect(sessionCookieFrom(res)).toBeUndefined();
    }
    // A wrong password says nothing about two-factor.
    const wrongPw = await post("/api/login", undefined, {
      email: me.user.email,
      password: "wrong password!",
    });
    expect(wrongPw.statusCode).toBe(401);
    expect(wrongPw.json()).toEqual({ message: MSG.invalidCredentials });
  });

  it("password and a fresh code sign in; a wrong code does not", async () => {
    const me = await t.member();
    const { secret } = await withTwoFactor(me);
    t.clock.advance(STEP_MS);
    const wrong = await login(me, { code: code(secret) === "111111" ? "222222" : "111111" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MEMBER_MSG.wrongCode });
    expect(sessionCookieFrom(wrong)).toBeUndefined();

    const c = code(secret);
    const res = await login(me, { code: `${c.slice(0, 3)} ${c.slice(3)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: me.user.id, twoFactorEnabled: true });
    const cookie = sessionCookieFrom(res);
    expect(cookie).toBeDefined();
    const user = await t.request({ method: "GET", url: "/api/auth/user", headers: { cookie: cookie! } });
    expect(user.statusCode).toBe(200);
    expect(user.json().id).toBe(me.user.id);
  });

  it("a code is good once: not the one that enabled it, not the same one twice, not an older one", async () => {
    const me = await t.member();
    const { secret } = await withTwoFactor(me);
    const enablingCode = code(secret);
    const reused = await login(me, { code: enablingCode });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: MEMBER_MSG.wrongCode });

    t.clock.advance(STEP_MS);
    const fresh = code(secret);
    expect((await login(me, { code: fresh })).statusCode).toBe(200);
    t.clock.advance(5_000); // same step
    const twice = await login(me, { code: fresh });
    expect(twice.statusCode).toBe(401);
    expect(sessionCookieFrom(twice)).toBeUndefined();
    // The previous step's code is within the drift window but older than the one used.
    expect((await login(me, { code: code(secret, -1) })).statusCode).toBe(401);
    // The next step's code (a phone clock a little ahead) is accepted once.
    expect((await login(me, { code: code(secret, 1) })).statusCode).toBe(200);
    expect((await userRow(me.user.id)).totpLastStep).toBe(timeStep(t.clock.now()) + 1);
  });

  it("two sign-ins racing with one code: only one gets a session", async () => {
    const me = await t.member();
    const { secret } = await withTwoFactor(me);
    t.clock.advance(STEP_MS);
    const c = code(secret);
    const results = await Promise.all([login(me, { code: c }), login(me, { code: c })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("recovery codes sign in once each, in any case and spacing", async () => {
    const me = await t.member();
    const { recoveryCodes } = await withTwoFactor(me);
    const [first, second] = recoveryCodes;
    const res = await login(me, { code: ` ${first.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
    expect((await userRow(me.user.id)).totpRecoveryCodes).toHaveLength(9);

    const again = await login(me, { code: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: MEMBER_MSG.wrongCode });
    expect((await login(me, { code: second })).statusCode).toBe(200);
    expect((await userRow(me.user.id)).totpRecoveryCodes).toHaveLength(8);
  });

  it(`after ${FAILURES} wrong codes even the right one is refused (429) until the window passes`, async () => {
    const me = await t.member();
    const { secret } = await withTwoFactor(me);
    t.clock.advance(STEP_MS);
    expect((await login(me, { code: "000000" })).statusCode).toBe(401);
    expect((await login(me, { code: "000001" })).statusCode).toBe(401);
    // The right password alone (which clears the password counter) does not clear the code counter.
    expect((await login(me)).json().twoFactorRequired).toBe(true);
    expect((await login(me, { code: "000002" })).statusCode).toBe(401);

    const blocked = await login(me, { code: code(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyRequests(t.config.rateLimits.windowMinutes));
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(sessionCookieFrom(blocked)).toBeUndefined();
    // The blocked attempt did not spend the code's step.
    expect((await userRow(me.user.id)).totpLastStep).toBe(timeStep(NOW));

    // Another member is not affected.
    const other = await t.member();
    const o = await withTwoFactor(other);
    t.clock.advance(STEP_MS);
    expect((await login(other, { code: code(o.secret) })).statusCode).toBe(200);

    t.clock.advance(t.config.rateLimits.windowMinutes * 60_000);
    const ok = await login(me, { code: code(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    // A success clears the count: two rounds of (FAILURES - 1) misses never reach the limit.
    for (let round = 0; round < 2; round++) {
      t.clock.advance(STEP_MS);
      for (let i = 0; i < FAILURES - 1; i++) {
        expect((await login(me, { code: "000000" })).statusCode).toBe(401);
      }
      expect((await login(me, { code: code(secret) })).statusCode).toBe(200);
    }
  });
});

describe("POST /api/account/2fa/disable", () => {
  it("turns it off with a recovery code; sign-in then needs only the password", async () => {
    const me = await t.member();
    const { recoveryCodes } = await withTwoFactor(me);
    const res = await post("/api/account/2fa/disable", me, { code: recoveryCodes[3] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Two-factor sign-in is off." });
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      totpRecoveryCodes: [],
    });
    const signIn = await login(me);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ id: me.user.id, twoFactorEnabled: false });
    expect(sessionCookieFrom(signIn)).toBeDefined();
    // Off already.
    const again = await post("/api/account/2fa/disable", me, { code: recoveryCodes[4] });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Two-factor sign-in is not on.");
  });

  it("turns it off with a fresh app code, not with the one already used", async () => {
    const me = await t.member();
    const { secret } = await withTwoFactor(me);
    const used = await post("/api/account/2fa/disable", me, { code: code(secret) });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ message: MEMBER_MSG.wrongCode });
    t.clock.advance(STEP_MS);
    expect((await post("/api/account/2fa/disable", me, { code: code(secret) })).statusCode).toBe(200);
    expect((await userRow(me.user.id)).totpEnabledAt).toBeNull();
  });

  it("a wrong code, a missing one or unknown fields leave it on", async () => {
    const me = await t.member();
    const { secret } = await withTwoFactor(me);
    const wrong = await post("/api/account/2fa/disable", me, { code: "zzzzz-zzzzz" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: MEMBER_MSG.wrongCode });
    const missing = await post("/api/account/2fa/disable", me, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MEMBER_MSG.code);
    t.clock.advance(STEP_MS);
    const extra = await post("/api/account/2fa/disable", me, { code: code(secret), force: true });
    expect(extra.statusCode).toBe(400);
    const row = await userRow(me.user.id);
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpSecret).toBe(secret);
    expect(row.totpRecoveryCodes).toHaveLength(10);
  });
});
