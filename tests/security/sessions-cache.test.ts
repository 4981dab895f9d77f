import { describe, expect, it } from "vitest";
import { ADMIN_SESSION_IDLE_HOURS, SESSION_IDLE_HOURS } from "../../src/shared/constants.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { timeoutTests } from "./session-timeouts.ts";

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
const _HOUR = 3_600_000;
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

  // The same timeout tests as without the cache (sessions.test.ts).
  timeoutTests(t);

  it("signing out ends the cached session for the next request", async () => {
    const m = await t.member();
    expect(await whoAmI(m)).toBe(200);
    expect(await whoAmI(m)).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/logout", as: m })).statusCode).toBe(200);
    expect(await whoAmI(m)).toBe(401);
  });
});
