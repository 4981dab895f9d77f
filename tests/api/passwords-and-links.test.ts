import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { isCommonPassword } from "../../src/server/modules/auth/common-passwords.ts";
import { MSG } from "../../src/shared/messages.ts";
import { AUTH_MSG } from "../../src/shared/schemas/auth.ts";
import { createTestApp, eventually, sessionCookieFrom } from "../helpers/app.ts";

/** Issue 18, part 4: common passwords are refused; reset and verification links are checked when opened. */
const t = await createTestApp({ rateLimits: { registerPerIp: 100, resetPerIp: 100 } });
const post = (url: string, payload: unknown, cookie?: string, ip?: string) =>
  t.request({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
    ...(ip ? { remoteAddress: ip } : {}),
  });
const check = (query: string, cookie?: string, ip?: string) =>
  t.request({
    method: "GET",
    url: `/api/reset-password/check${query}`,
    headers: cookie ? { cookie } : {},
    ...(ip ? { remoteAddress: ip } : {}),
  });
let n = 0;
const newEmail = () => `links${++n}-${process.pid}@example.com`;

async function resetLinkFor(email: string, after = 0): Promise<string> {
  const mail = await eventually(
    () => t.mail.filter((m) => m.to === email && m.type === "password_reset")[after],
  );
  return /\/auth\?token=([\w-]+)/.exec(mail.text)![1];
}

const tooCommon = {
  message: AUTH_MSG.commonPassword,
  errors: [{ path: "password", message: AUTH_MSG.commonPassword }],
};

describe("the common-password list", () => {
  it("holds at least the 10,000 most common and ignores case and surrounding spaces", () => {
    for (const p of ["password", "password123", "Password123", " qwertyuiop ", "iloveyou", "12345678"])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ["correct horse battery staple", "a-long-passphrase", "brand-new-passphrase"])
      expect(isCommonPassword(p), p).toBe(false);
  });
});

describe("POST /api/register refuses a common password", () => {
  it.each(["password123", "Password123", "qwertyuiop"])(
    "refuses %s with the message on the field",
    async (password) => {
      const email = newEmail();
      const res = await post("/api/register", { email, password, firstName: "Alex", lastName: "Taylor" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(tooCommon);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it("accepts an uncommon one, and the spec's messages still come first", async () => {
    const ok = await post("/api/register", {
      email: newEmail(),
      password: "three unrelated words",
      firstName: "Alex",
      lastName: "Taylor",
    });
    expect(ok.statusCode).toBe(201);
    const short = await post("/api/register", {
      email: newEmail(),
      password: "1234",
      firstName: "A",
      lastName: "B",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.passwordMin);
  });
});

describe("POST /api/reset-password refuses a common password", () => {
  it("keeps the link usable so the member can choose another", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const token = await resetLinkFor(m.user.email);
    const res = await post("/api/reset-password", {
      token,
      password: "password1",
      confirmPassword: "password1",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(tooCommon);
    expect((await check(`?token=${token}`)).json()).toEqual({ valid: true });
    const ok = await post("/api/reset-password", { token, password: "a fresh passphrase" });
    expect(ok.statusCode).toBe(200);
  });
});

describe("POST /api/account/password refuses a common password", () => {
  it("puts the message on the new password and keeps the old one", async () => {
    const me = await t.member();
    const res = await t.request({
      method: "POST",
      url: "/api/account/password",
      as: me,
      payload: { currentPassword: me.password, newPassword: "password" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: AUTH_MSG.commonPassword,
      errors: [{ path: "newPassword", message: AUTH_MSG.commonPassword }],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row.password).toBe(me.user.password);
  });
});

describe("GET /api/reset-password/check", () => {
  it("answers valid for a live link and nothing about whose it is", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const token = await resetLinkFor(m.user.email);
    const res = await check(`?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).not.toContain(m.user.email);
    // Checking does not spend it; a signed-in member gets the same answer.
    expect((await check(`?token=${token}`, m.cookie)).json()).toEqual({ valid: true });
  });

  it("answers invalid for a used, a replaced, an expired and an unknown link", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const first = await resetLinkFor(m.user.email, 0);
    await post("/api/forgot-password", { email: m.user.email });
    const second = await resetLinkFor(m.user.email, 1);
    expect((await check(`?token=${first}`)).json()).toEqual({ valid: false });
    expect((await check(`?token=${second}`)).json()).toEqual({ valid: true });
    t.clock.advance(61 * 60_000);
    try {
      expect((await check(`?token=${second}`)).json()).toEqual({ valid: false });
    } finally {
      t.clock.advance(-61 * 60_000);
    }
    expect(
      (await post("/api/reset-password", { token: second, password: "used-once-passphrase" })).statusCode,
    ).toBe(200);
    expect((await check(`?token=${second}`)).json()).toEqual({ valid: false });
    expect((await check("?token=made-up-token")).json()).toEqual({ valid: false });
  });

  it.each([
    ["", MSG.tokenRequired],
    ["?token=", MSG.tokenRequired],
    [`?token=${"x".repeat(201)}`, MSG.invalidResetToken],
  ])("answers 400 for %s", async (query, message) => {
    const res = await check(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("is rate limited per address", async () => {
    const ip = "10.9.8.7";
    let last = 0;
    for (let i = 0; i < 400 && last !== 429; i++)
      last = (await check("?token=guess", undefined, ip)).statusCode;
    expect(last).toBe(429);
    expect((await check("?token=guess", undefined, "10.9.8.6")).statusCode).toBe(200);
  });
});

describe("GET /api/verify-email, opened again", () => {
  async function registered() {
    const email = newEmail();
    const res = await post("/api/register", {
      email,
      password: "a-long-passphrase",
      firstName: "Alex",
      lastName: "Taylor",
    });
    const mail = await eventually(() =>
      t.mail.find((m) => m.to === email && m.type === "email_verification"),
    );
    const link = /http:\/\/localhost:5000(\/api\/verify-email\?token=[\w-]+)/.exec(mail.text)![1];
    return { email, link, cookie: sessionCookieFrom(res)! };
  }
  const open = (url: string, cookie?: string) =>
    t.request({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("verifies the first time and says already verified after, signed in or not", async () => {
    const { link, cookie } = await registered();
    expect((await open(link)).headers.location).toBe("/?verified=1");
    expect((await open(link)).headers.location).toBe("/?verified=already");
    expect((await open(link, cookie)).headers.location).toBe("/?verified=already");
  });

  it("a verified member opening a spent or unknown link is told it is already verified", async () => {
    const me = await t.member();
    expect((await open("/api/verify-email?token=long-gone", me.cookie)).headers.location).toBe(
      "/?verified=already",
    );
  });

  it("a link that never worked is still broken for a visitor and an unverified member", async () => {
    const { cookie } = await registered();
    expect((await open("/api/verify-email?token=made-up")).headers.location).toBe("/?verified=0");
    expect((await open("/api/verify-email?token=made-up", cookie)).headers.location).toBe("/?verified=0");
  });

  it("an expired link for an unverified member is broken", async () => {
    const { link } = await registered();
    t.clock.advance(73 * 3_600_000);
    try {
      expect((await open(link)).headers.location).toBe("/?verified=0");
    } finally {
      t.clock.advance(-73 * 3_600_000);
    }
  });

  it("answers 400 for a malformed link", async () => {
    expect((await open("/api/verify-email")).statusCode).toBe(400);
    expect((await open(`/api/verify-email?token=${"x".repeat(201)}`)).statusCode).toBe(400);
  });
});
