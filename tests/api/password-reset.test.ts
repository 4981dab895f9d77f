import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp, eventually } from "../helpers/app.ts";

const t = await createTestApp();
const post = (url: string, payload: unknown, cookie?: string) =>
  t.request({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

async function resetLinkFor(email: string, after = 0): Promise<string> {
  const mail = await eventually(
    () => t.mail.filter((m) => m.to === email && m.type === "password_reset")[after],
  );
  return /\/auth\?token=([\w-]+)/.exec(mail.text)![1];
}

describe("POST /api/forgot-password", () => {
  it("answers the same for an existing and an unknown address, and mails only the existing one", async () => {
    const m = await t.member();
    const known = await post("/api/forgot-password", { email: m.user.email.toUpperCase() });
    const unknown = await post("/api/forgot-password", { email: "nobody-here@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MSG.forgotAnswer);
    const token = await resetLinkFor(m.user.email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 bytes, base64url
    expect(t.mail.some((x) => x.to === "nobody-here@example.com")).toBe(false);
  });

  it("stores only a hash of the token, expiring in one hour", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const token = await resetLinkFor(m.user.email);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.passwordResetToken).not.toBe(token);
    expect(row.passwordResetToken).toMatch(/^[0-9a-f]{64}$/);
    const ttl = row.passwordResetExpires!.getTime() - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it("answers 400 for a malformed address", async () => {
    const res = await post("/api/forgot-password", { email: "nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidEmail);
  });
});

describe("POST /api/reset-password", () => {
  it("sets the new password, ends every session, and the token works once", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const token = await resetLinkFor(m.user.email);
    const res = await post("/api/reset-password", {
      token,
      password: "brand-new-passphrase",
      confirmPassword: "brand-new-passphrase",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.resetDone);
    // The session that existed before the reset is over.
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: m })).statusCode).toBe(401);
    expect((await post("/api/login", { email: m.user.email, password: m.password })).statusCode).toBe(401);
    expect(
      (await post("/api/login", { email: m.user.email, password: "brand-new-passphrase" })).statusCode,
    ).toBe(200);
    const again = await post("/api/reset-password", { token, password: "another-passphrase" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.invalidResetToken);
  });

  it("refuses an expired token and keeps the old password", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const token = await resetLinkFor(m.user.email);
    t.clock.advance(61 * 60_000);
    try {
      const res = await post("/api/reset-password", { token, password: "too-late-passphrase" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.invalidResetToken);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
    expect((await post("/api/login", { email: m.user.email, password: m.password })).statusCode).toBe(200);
  });

  it("a newer request replaces the older link", async () => {
    const m = await t.member();
    await post("/api/forgot-password", { email: m.user.email });
    const first = await resetLinkFor(m.user.email, 0);
    await post("/api/forgot-password", { email: m.user.email });
    const second = await resetLinkFor(m.user.email, 1);
    expect(
      (await post("/api/reset-password", { token: first, password: "first-link-pass" })).statusCode,
    ).toBe(400);
    expect(
      (await post("/api/reset-password", { token: second, password: "second-link-pass" })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ token: "x", password: "short" }, MSG.passwordMin],
    [{ token: "x", password: "long-enough-1", confirmPassword: "long-enough-2" }, MSG.passwordsDontMatch],
    [{ password: "long-enough-1" }, MSG.tokenRequired],
    [{ token: "made-up-token", password: "long-enough-1" }, MSG.invalidResetToken],
  ])("answers 400 for %o", async (payload, message) => {
    const res = await post("/api/reset-password", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("a sign-in racing a reset", () => {
  it("does not get a session once the password it checked has changed", async () => {
    const m = await t.member();
    const { createSession } = await import("../../src/server/modules/auth/sessions.ts");
    const [before] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    // The password changes between the check and the session being created.
    await t.db
      .update(users)
      .set({ password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA" })
      .where(eq(users.id, m.user.id));
    expect(await createSession(t.db, m.user.id, t.clock.now(), { passwordHash: before.password })).toBeNull();
    const [after] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(await createSession(t.db, m.user.id, t.clock.now(), { passwordHash: after.password })).toEqual(
      expect.any(String),
    );
  });
});
