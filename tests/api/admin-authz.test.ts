import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { adminStatsSchema } from "../../src/shared/admin/back-office.ts";
import { createTestApp } from "../helpers/app.ts";

/**
 * The authorisation matrix of the back office, generated from the app's own route table: a route added
 * later is covered without anyone remembering to list it. Visitors get 401, members 403, admins neither.
 */
const t = await createTestApp();
const member = await t.member();
const admin = await t.admin();

/** Admin-only routes outside /api/admin (spec section 7: ticket updates). */
const ADMIN_ONLY_ELSEWHERE = [/^PUT \/api\/support\/tickets\/:id$/];

const adminRoutes = t.app.routeTable.filter(
  (r) =>
    r.url === "/api/admin" ||
    r.url.startsWith("/api/admin/") ||
    ADMIN_ONLY_ELSEWHERE.some((re) => re.test(`${r.method} ${r.url}`)),
);

function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, "1");
}

function call(method: string, url: string, as?: typeof member) {
  const body = ["POST", "PUT", "PATCH", "DELETE"].includes(method);
  return t.request({
    method: method as "GET",
    url: concrete(url),
    as,
    ...(body ? { payload: {} } : {}),
  });
}

describe("admin authorisation matrix", () => {
  it("the route table lists the back office", () => {
    expect(adminRoutes.map((r) => `${r.method} ${r.url}`)).toContain("GET /api/admin/stats");
  });

  it.each(adminRoutes)("$method $url refuses a visitor with 401", async ({ method, url }) => {
    const res = await call(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it.each(adminRoutes)("$method $url refuses a member with 403", async ({ method, url }) => {
    const res = await call(method, url, member);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
  });

  it.each(adminRoutes)(
    "$method $url lets an admin through without a server error",
    async ({ method, url }) => {
      const res = await call(method, url, admin);
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it("a member whose admin flag was removed is refused at once (the flag is read per request)", async () => {
    const former = await t.admin();
    expect((await call("GET", "/api/admin/stats", former)).statusCode).toBe(200);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, former.user.id));
    expect((await call("GET", "/api/admin/stats", former)).statusCode).toBe(403);
  });

  it("the admin-only route outside /api/admin is in the matrix", () => {
    expect(adminRoutes.map((r) => `${r.method} ${r.url}`)).toContain("PUT /api/support/tickets/:id");
  });
});

describe("GET /api/admin/stats", () => {
  it("counts members (not deleted accounts), venues and assignments", async () => {
    const before = (await call("GET", "/api/admin/stats", admin)).json();
    await t.member();
    await t.db.insert(users).values({ email: `gone-${Date.now()}@deleted.invalid`, deletedAt: new Date() });
    const after = (await call("GET", "/api/admin/stats", admin)).json();
    expect(after.totalMembers).toBe(before.totalMembers + 1);
    expect(after).toEqual({
      totalMembers: expect.any(Number),
      partnerVenues: expect.any(Number),
      totalAssignments: expect.any(Number),
    });
    expect(Object.keys(after).sort()).toEqual(Object.keys(adminStatsSchema.shape).sort());
  });
});
