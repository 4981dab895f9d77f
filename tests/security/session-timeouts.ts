import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema.ts";
import {
  ADMIN_SESSION_IDLE_HOURS,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_HOURS,
} from "../../src/shared/constants.ts";
import type { SignedIn, TestApp } from "../helpers/app.ts";

const HOUR = 3_600_000;

/**
 * Idle and absolute timeouts and the throttled last-seen write, for an app with the real idle timeouts: run by
 * sessions.test.ts (sessions looked up in the database) and sessions-cache.test.ts (the in-memory cache on).
 */
export function timeoutTests(t: TestApp): void {
  const whoAmI = async (who: SignedIn) =>
    (await t.request({ method: "GET", url: "/api/auth/user", as: who })).statusCode;

  it("a member's session ends after SESSION_IDLE_HOURS without use, and use keeps it alive", async () => {
    const m = await t.member();
    t.clock.advance((SESSION_IDLE_HOURS - 1) * HOUR);
    expect(await whoAmI(m)).toBe(200); // used: the idle clock starts again
    t.clock.advance((SESSION_IDLE_HOURS - 1) * HOUR);
    expect(await whoAmI(m)).toBe(200);
    t.clock.advance(SESSION_IDLE_HOURS * HOUR + 60_000);
    expect(await whoAmI(m)).toBe(401);
  });

  it("an admin's session idles out sooner (ADMIN_SESSION_IDLE_HOURS), closing the back office", async () => {
    const a = await t.admin();
    t.clock.advance((ADMIN_SESSION_IDLE_HOURS - 1) * HOUR);
    expect((await t.request({ method: "GET", url: "/api/admin/stats", as: a })).statusCode).toBe(200);
    t.clock.advance(ADMIN_SESSION_IDLE_HOURS * HOUR + 60_000);
    expect((await t.request({ method: "GET", url: "/api/admin/stats", as: a })).statusCode).toBe(401);
  });

  it("a session ends SESSION_ABSOLUTE_DAYS after sign-in however busy it is", async () => {
    const m = await t.member();
    for (let day = 1; day < SESSION_ABSOLUTE_DAYS; day++) {
      t.clock.advance(24 * HOUR);
      expect(await whoAmI(m)).toBe(200);
    }
    t.clock.advance(24 * HOUR + 60_000);
    expect(await whoAmI(m)).toBe(401);
  });

  it("last-seen is written at most every few minutes, not on every request", async () => {
    const m = await t.member();
    const seen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, m.user.id)))[0]
        .at;
    const first = await seen();
    t.clock.advance(60_000);
    await whoAmI(m);
    expect(await seen()).toEqual(first);
    t.clock.advance(10 * 60_000);
    await whoAmI(m);
    expect((await seen()).getTime()).toBe(t.clock.now().getTime());
  });
}
