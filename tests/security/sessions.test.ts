import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema.ts";
import { purgeExpiredSessions } from "../../src/server/modules/auth/sessions.ts";
import { ADMIN_SESSION_IDLE_HOURS, SESSION_IDLE_HOURS } from "../../src/shared/constants.ts";
import { createTestApp, type SignedIn, sessionCookieFrom } from "../helpers/app.ts";
import { timeoutTests } from "./session-timeouts.ts";

/**
 * Session lifetimes and devices: idle and absolute timeouts (admins' idle timeout is shorter), the member's
 * list of signed-in devices with "sign out" per device and everywhere else, and an admin ending all of a
 * member's sessions. Times move with the app's injected clock.
 */
const t = await createTestApp({
  rateLimits: { loginPerIp: 1000 },
  env: {
    SESSION_IDLE_HOURS: String(SESSION_IDLE_HOURS),
    ADMIN_SESSION_IDLE_HOURS: String(ADMIN_SESSION_IDLE_HOURS),
  },
});
const HOUR = 3_600_000;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function signIn(who: SignedIn, userAgent: string): Promise<SignedIn> {
  const res = await t.request({
    method: "POST",
    url: "/api/login",
    headers: { "user-agent": userAgent },
    payload: { email: who.user.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return { ...who, cookie: sessionCookieFrom(res)! };
}

const whoAmI = async (who: SignedIn) =>
  (await t.request({ method: "GET", url: "/api/auth/user", as: who })).statusCode;

describe("idle and absolute timeouts", () => {
  timeoutTests(t);

  it("the retention sweep deletes idle and expired sessions and keeps live ones", async () => {
    const idle = await t.member();
    t.clock.advance((SESSION_IDLE_HOURS + 1) * HOUR);
    const live = await t.member();
    const purged = await purgeExpiredSessions(t.db, t.clock.now(), t.config.sessionIdle);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((r) => r.userId)).not.toContain(idle.user.id);
    expect(left.map((r) => r.userId)).toContain(live.user.id);
  });

  it("SESSION_IDLE_HOURS and ADMIN_SESSION_IDLE_HOURS are read from the environment and checked", async () => {
    const { loadConfig } = await import("../../src/server/config.ts");
    const c = loadConfig({ SESSION_IDLE_HOURS: "2", ADMIN_SESSION_IDLE_HOURS: "0.5" });
    expect(c.sessionIdle).toEqual({ memberMs: 2 * HOUR, adminMs: HOUR / 2 });
    expect(() => loadConfig({ SESSION_IDLE_HOURS: "-1" })).toThrow(/SESSION_IDLE_HOURS/);
    expect(() => loadConfig({ ADMIN_SESSION_IDLE_HOURS: "soon" })).toThrow(/ADMIN_SESSION_IDLE_HOURS/);
  });
});

describe("signed-in devices (GET/DELETE /api/account/sessions)", () => {
  it("lists the member's own devices, newest use first, marking this one, without any secret", async () => {
    const m = await t.member();
    const phone = await signIn(m, IPHONE);
    t.clock.advance(10 * 60_000);
    const laptop = await signIn(m, MAC_CHROME);
    const res = await t.request({ method: "GET", url: "/api/account/sessions", as: laptop });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json();
    // t.member()'s own session (no user agent), the phone and the laptop.
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, device: "Chrome on Mac" });
    expect(list.find((s: { device: string }) => s.device === "Safari on iPhone")).toMatchObject({
      current: false,
    });
    expect(Object.keys(list[0]).sort()).toEqual(["createdAt", "current", "device", "id", "ip", "lastSeenAt"]);
    const raw = res.body;
    for (const who of [m, phone, laptop]) expect(raw).not.toContain(who.cookie.split("=")[1]);
    const sids = await t.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, m.user.id));
    for (const { sid } of sids) expect(raw).not.toContain(sid);
  });

  it("signs out one other device; that device is signed out at once and this one stays", async () => {
    const m = await t.member();
    const phone = await signIn(m, IPHONE);
    const laptop = await signIn(m, MAC_CHROME);
    const list = (await t.request({ method: "GET", url: "/api/account/sessions", as: laptop })).json();
    const phoneId = list.find((s: { device: string }) => s.device === "Safari on iPhone").id;
    const res = await t.request({ method: "DELETE", url: `/api/account/sessions/${phoneId}`, as: laptop });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("That device has been signed out.");
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(laptop)).toBe(200);
    const again = await t.request({ method: "DELETE", url: `/api/account/sessions/${phoneId}`, as: laptop });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("That device was not found. It may have signed out already.");
  });

  it("ending this device's own session signs it out and clears the cookie", async () => {
    const m = await t.member();
    const phone = await signIn(m, IPHONE);
    const me = (await t.request({ method: "GET", url: "/api/account/sessions", as: phone }))
      .json()
      .find((s: { current: boolean }) => s.current);
    const res = await t.request({ method: "DELETE", url: `/api/account/sessions/${me.id}`, as: phone });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("You have been signed out.");
    expect(res.cookies.find((c) => c.name === "unveil_sid")?.value).toBe("");
    expect(await whoAmI(phone)).toBe(401);
  });

  it("signs out everywhere else in one go", async () => {
    const m = await t.member();
    const phone = await signIn(m, IPHONE);
    const laptop = await signIn(m, MAC_CHROME);
    const res = await t.request({ method: "DELETE", url: "/api/account/sessions", as: laptop });
    expect(res.json()).toEqual({ message: "Signed out of 2 other devices.", ended: 2 });
    expect(await whoAmI(m)).toBe(401);
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(laptop)).toBe(200);
    const none = await t.request({ method: "DELETE", url: "/api/account/sessions", as: laptop });
    expect(none.json()).toEqual({ message: "No other devices were signed in.", ended: 0 });
  });

  it("another member's device cannot be seen or ended", async () => {
    const victim = await t.member();
    const attacker = await t.member();
    const [victimSession] = await t.db
      .select({ id: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.userId, victim.user.id));
    const list = (await t.request({ method: "GET", url: "/api/account/sessions", as: attacker })).json();
    expect(list.map((s: { id: string }) => s.id)).not.toContain(victimSession.id);
    const res = await t.request({
      method: "DELETE",
      url: `/api/account/sessions/${victimSession.id}`,
      as: attacker,
    });
    expect(res.statusCode).toBe(404);
    expect(await whoAmI(victim)).toBe(200);
  });

  it("refuses visitors and malformed ids", async () => {
    const m = await t.member();
    for (const [method, url] of [
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions/2d1f1f7e-3c39-4d0c-9d1e-6c1f0f0b9a11"],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Not signed in");
    }
    const long = await t.request({
      method: "DELETE",
      url: `/api/account/sessions/${"x".repeat(500)}`,
      as: m,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toBeTruthy();
    for (const bad of ["1", "not-a-uuid", "%00"]) {
      const res = await t.request({ method: "DELETE", url: `/api/account/sessions/${bad}`, as: m });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("That device was not found.");
    }
    expect(await whoAmI(m)).toBe(200);
  });
});

describe("an admin ends a member's sessions (GET/DELETE /api/admin/users/:userId/sessions)", () => {
  it("lists the member's devices and signs them out everywhere", async () => {
    const admin = await t.admin();
    const m = await t.member();
    const phone = await signIn(m, IPHONE);
    const list = await t.request({ method: "GET", url: `/api/admin/users/${m.user.id}/sessions`, as: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).not.toHaveProperty("current");
    const res = await t.request({
      method: "DELETE",
      url: `/api/admin/users/${m.user.id}/sessions`,
      as: admin,
    });
    expect(res.json()).toEqual({ message: "Signed the member out of 2 devices.", ended: 2 });
    expect(await whoAmI(m)).toBe(401);
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(admin)).toBe(200);
    const again = await t.request({
      method: "DELETE",
      url: `/api/admin/users/${m.user.id}/sessions`,
      as: admin,
    });
    expect(again.json()).toEqual({ message: "This member was not signed in anywhere.", ended: 0 });
  });

  it("is for admins only, and an unknown member is a 404", async () => {
    const admin = await t.admin();
    const m = await t.member();
    const other = await t.member();
    const url = `/api/admin/users/${other.user.id}/sessions`;
    expect((await t.request({ method: "DELETE", url })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url, as: m })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url, as: m })).statusCode).toBe(403);
    expect(await whoAmI(other)).toBe(200);
    const missing = await t.request({ method: "DELETE", url: "/api/admin/users/999999/sessions", as: admin });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({ method: "DELETE", url: "/api/admin/users/abc/sessions", as: admin });
    expect(bad.statusCode).toBe(400);
  });
});
