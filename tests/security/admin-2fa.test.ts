import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { userTwoFactor } from "../../src/server/db/schema.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp } from "../helpers/app.ts";

/**
 * ADMIN_2FA_REQUIRED=true (recommended in production): the back office, including the admin route outside
 * /api/admin, stays closed to an admin without two-step verification, while setting it up stays open.
 */
const strict = await createTestApp({ env: { ADMIN_2FA_REQUIRED: "true" } });
const relaxed = await createTestApp();

describe("ADMIN_2FA_REQUIRED", () => {
  it("is off unless set, and read from the environment", () => {
    expect(loadConfig({}).admin2faRequired).toBe(false);
    expect(loadConfig({ ADMIN_2FA_REQUIRED: "true" }).admin2faRequired).toBe(true);
    expect(() => loadConfig({ ADMIN_2FA_REQUIRED: "yes please" })).toThrow(/ADMIN_2FA_REQUIRED/);
  });

  it("keeps the back office closed to an admin without two-step verification", async () => {
    const admin = await strict.admin();
    for (const [method, url, payload] of [
      ["GET", "/api/admin/stats", undefined],
      ["GET", "/api/admin/users", undefined],
      ["POST", "/api/admin/offer-codes", { code: "NOPE2FA", discountValue: 10 }],
      ["PUT", "/api/support/tickets/1", { status: "closed" }],
    ] as const) {
      const res = await strict.request({ method, url, as: admin, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(MSG.adminTwoFactorRequired);
    }
  });

  it("lets the admin set it up, then opens", async () => {
    const admin = await strict.admin();
    expect((await strict.request({ method: "GET", url: "/api/auth/user", as: admin })).statusCode).toBe(200);
    const setup = await strict.request({ method: "POST", url: "/api/account/2fa/setup", as: admin });
    expect(setup.statusCode).toBe(200);
    const withTotp = await strict.admin();
    await strict.db
      .insert(userTwoFactor)
      .values({ userId: withTotp.user.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() });
    expect((await strict.request({ method: "GET", url: "/api/admin/stats", as: withTotp })).statusCode).toBe(
      200,
    );
  });

  it("changes nothing for members (still 403 admin only) or visitors (401)", async () => {
    const member = await strict.member();
    const res = await strict.request({ method: "GET", url: "/api/admin/stats", as: member });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.adminOnly);
    expect((await strict.request({ method: "GET", url: "/api/admin/stats" })).statusCode).toBe(401);
  });

  it("when unset, an admin without two-step verification is let in (and asked by the page)", async () => {
    const admin = await relaxed.admin();
    const res = await relaxed.request({ method: "GET", url: "/api/admin/stats", as: admin });
    expect(res.statusCode).toBe(200);
    const me = await relaxed.request({ method: "GET", url: "/api/auth/user", as: admin });
    expect(me.json()).toMatchObject({ isAdmin: true, twoFactorEnabled: false });
  });
});
