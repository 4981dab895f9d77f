/**
 * adminStats, the service behind GET /api/admin/stats: members leave out admins and deleted accounts; venues
 * and dates are counted whole. The endpoint answers the same figures.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { adminStats } from "../../src/server/modules/admin/stats.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();

describe("adminStats", () => {
  it("counts members (not admins or deleted accounts), venues and dates, as the endpoint does", async () => {
    const before = await adminStats(t.deps);
    const admin = await t.admin();
    const member = await t.member();
    const gone = await t.member();
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.user.id));
    await arrangeDate(t.db, member.user.id, { at: new Date(t.clock.now().getTime() + hours(72)) });

    const after = await adminStats(t.deps);
    expect(after).toEqual({
      totalMembers: before.totalMembers + 1,
      partnerVenues: before.partnerVenues + 1,
      totalAssignments: before.totalAssignments + 1,
    });
    const res = await t.request({ method: "GET", url: "/api/admin/stats", as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(after);
  });
});
