import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema.ts";
import {
  ADMIN_SESSION_IDLE_HOURS,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_HOURS,
} from "../../src/shared/constants.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

/**
 * Session timeouts with the in-memory session cache on (modules/auth/auth-cache.ts; the other suites run
 * without it): a cached session still idles out and expires on time, last-seen is still written every few
 * minutes, a session answered from the cache costs no query, and a sign-out is seen by the next request.
 */
const t = await createTestApp({
  env: {
    SESSION_CACHE: "true",
    SESSION_IDLE_HOURS: String(SESSION_IDLE_HOURS),
    ADMIN_SESSION_IDLE_HOURS: String(ADMIN_SESSION_IDLE_HOURS),
  },
});
const HOUR = 3_600_000;
const get = (who: SignedIn, url = "/api/auth/user") => t.request({ method: "GET", url, as: who });
const whoAmI = async (who: SignedIn) => (await get(who)).statusCode;

/** Queries the app's pool runs while `fn` runs. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  const pool = t.db.$client;
  const original = pool.query;
  let n = 0;
  pool.query = ((...args: Parameters<typeof original>) => {
    n++;
    return (original as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof original;
  try {
    await fn();
  } finally {
    pool.query = original;
  }
  return n;
}

describe("timeouts and sign-out with the session cache", () => {
  it("is listening, and a cached session is answered without a query", async () => {
    await expect.poll(() => t.app.authCache?.active, { timeout: 5000 }).toBe(true);
    const m = await t.member();
    expect(await whoAmI(m)).toBe(200);
    expect(await queriesDuring(() => get(m))).toBe(0);
  });

  it("a member's cached session ends after SESSION_IDLE_HOURS without use, and use keeps it alive", async () => {
    const m = await t.member();
    expect(await whoAmI(m)).toBe(200);
    t.clock.advance((SESSION_IDLE_HOURS - 1) * HOUR);
    expect(await whoAmI(m)).toBe(200);
    t.clock.advance((SESSION_IDLE_HOURS - 1) * HOUR);
    expect(await whoAmI(m)).toBe(200);
    t.clock.advance(SESSION_IDLE_HOURS * HOUR + 60_000);
    expect(await whoAmI(m)).toBe(401);
  });

  it("an admin's cached session idles out sooner (ADMIN_SESSION_IDLE_HOURS)", async () => {
    const a = await t.admin();
    expect((await get(a, "/api/admin/stats")).statusCode).toBe(200);
    t.clock.advance(ADMIN_SESSION_IDLE_HOURS * HOUR + 60_000);
    expect((await get(a, "/api/admin/stats")).statusCode).toBe(401);
  });

  it("a cached session ends SESSION_ABSOLUTE_DAYS after sign-in however busy it is", async () => {
    const m = await t.member();
    for (let day = 1; day < SESSION_ABSOLUTE_DAYS; day++) {
      t.clock.advance(24 * HOUR);
      expect(await whoAmI(m)).toBe(200);
    }
    t.clock.advance(24 * HOUR + 60_000);
    expect(await whoAmI(m)).toBe(401);
  });

  it("last-seen is still written every few minutes, not on every request", async () => {
    const m = await t.member();
    const seen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, m.user.id)))[0]
        .at;
    const first = await seen();
    await whoAmI(m);
    t.clock.advance(60_000);
    await whoAmI(m);
    expect(await seen()).toEqual(first);
    t.clock.advance(10 * 60_000);
    await whoAmI(m);
    expect((await seen()).getTime()).toBe(t.clock.now().getTime());
  });

  it("signing out ends the cached session for the next request", async () => {
    const m = await t.member();
    expect(await whoAmI(m)).toBe(200);
    expect(await whoAmI(m)).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/logout", as: m })).statusCode).toBe(200);
    expect(await whoAmI(m)).toBe(401);
  });
});
