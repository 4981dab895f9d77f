import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AuthCache } from "../../src/server/modules/auth/auth-cache.ts";
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

  it("a refused request (4xx) leaves the cache as it was; a GET that writes syncs like a POST", async () => {
    const m = await t.member();
    expect(await whoAmI(m)).toBe(200);
    const refused = await t.request({ method: "POST", url: "/api/does-not-exist", payload: {} });
    expect(refused.statusCode).toBe(404);
    const bad = await t.request({ method: "POST", url: "/api/login", payload: { email: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(await queriesDuring(() => get(m))).toBe(0);
    // The e-mail verification link is a GET that writes: it empties the cache like a POST.
    expect((await t.request({ method: "GET", url: "/api/verify-email?token=nope" })).statusCode).toBe(302);
    expect(await queriesDuring(() => get(m))).toBeGreaterThan(0);
  });

  it("a listener gone silent (a half-open connection) is noticed: nothing stale is served", async () => {
    const cache = t.app.authCache!;
    await expect.poll(() => cache.active, { timeout: 5000 }).toBe(true);
    const m = await t.member();
    expect(await whoAmI(m)).toBe(200);
    // The socket stops delivering anything, as a connection dropped by a NAT or a failover would, silently.
    const listener = (cache as unknown as { client: { connection: { stream: { pause(): void } } } }).client;
    listener.connection.stream.pause();
    // The session ends behind the app's back (another instance, a script): no notification can arrive.
    await t.db.execute(sql`DELETE FROM sessions WHERE user_id = ${m.user.id}`);
    // The next writing request's sync marker is not heard back: the listener is dropped as lost.
    await t.request({ method: "POST", url: "/api/logout" });
    await expect.poll(() => cache.active, { timeout: 5000 }).toBe(false);
    expect(await whoAmI(m)).toBe(401);
    // It connects again and caches again.
    await expect.poll(() => cache.active, { timeout: 10_000 }).toBe(true);
  });
});

describe("the listener's heartbeat", () => {
  it("a connection that stops hearing its own heartbeat is dropped and opened again", async () => {
    const cache = new AuthCache({
      connectionString: t.config.databaseUrl!,
      heartbeatMs: 100,
      heartbeatTimeoutMs: 300,
    });
    await cache.start();
    try {
      expect(cache.active).toBe(true);
      // Several heartbeats come and go on a healthy connection.
      await new Promise((r) => setTimeout(r, 600));
      expect(cache.active).toBe(true);
      const c = cache as unknown as { client: { connection: { stream: { pause(): void } } } };
      c.client.connection.stream.pause();
      await expect.poll(() => cache.active, { timeout: 3000 }).toBe(false);
      await expect.poll(() => cache.active, { timeout: 10_000 }).toBe(true);
    } finally {
      await cache.close();
    }
  });
});
