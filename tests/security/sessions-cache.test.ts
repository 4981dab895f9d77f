import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dateReservations, users, venues } from "../../src/server/db/schema.ts";
import { ReadCache } from "../../src/server/modules/auth/read-cache/read-cache.ts";
import { ADMIN_SESSION_IDLE_HOURS, SESSION_IDLE_HOURS } from "../../src/shared/constants.ts";
import type { MemberDate } from "../../src/shared/member-api.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { timeoutTests } from "./session-timeouts.ts";

/**
 * Session timeouts with the in-memory session cache on (modules/auth/read-cache/; the other suites run
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

  it("keeps a projection: no password hash, TOTP secret, recovery code or token is held in memory", async () => {
    const cache = t.app.authCache!;
    await expect.poll(() => cache.active, { timeout: 5000 }).toBe(true);
    const m = await t.member();
    const secrets = {
      totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      totpPendingSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
      totpRecoveryCodes: ["a".repeat(64)],
      passwordResetToken: "b".repeat(64),
      emailVerificationToken: "c".repeat(64),
    };
    await t.db.update(users).set(secrets).where(eq(users.id, m.user.id));
    // Everything the cache holds, read the way a heap dump would see it.
    // The stores behind the cache: sessions and extras (users), couple dates, views and table figures (queries).
    const held = cache as unknown as Record<"users" | "queries", Record<string, Map<unknown, unknown>>>;
    const heldNow = () =>
      JSON.stringify([
        ...["sessions", "extras"].map((k) => [...(held.users[k]?.values() ?? [])]),
        ...["dates", "views", "tableValues"].map((k) => [...(held.queries[k]?.values() ?? [])]),
      ]);
    // The update's change notice may arrive after the next request and evict what it cached (a loaded machine
    // is slow to deliver it), so ask again until the member is held.
    let dump = "";
    await expect
      .poll(
        async () => {
          expect(await whoAmI(m)).toBe(200);
          expect((await get(m, "/api/dates/user")).statusCode).toBe(200);
          dump = heldNow();
          return dump;
        },
        { timeout: 5000 },
      )
      .toContain(m.user.email);
    for (const value of [m.user.password!, ...Object.values(secrets).flat()])
      expect(dump).not.toContain(value);
    for (const key of ["password", ...Object.keys(secrets)]) expect(dump).not.toContain(`"${key}"`);
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
    const listener = (
      cache as unknown as { listener: { client: { connection: { stream: { pause(): void } } } } }
    ).listener.client;
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

describe("members' dates with the session cache", () => {
  const dates = async (who: SignedIn) => (await get(who, "/api/dates/user")).json() as Array<MemberDate>;

  it("the rows come from the cache, but what is revealed still follows the clock", async () => {
    await expect.poll(() => t.app.authCache?.active, { timeout: 5000 }).toBe(true);
    const m = await t.member();
    const { reservation } = await arrangeDate(t.db, m.user.id, {
      at: new Date(t.clock.now().getTime() + 49 * HOUR),
    });
    await eventually(async () => ((await dates(m))[0]?.id === reservation.id ? true : null));
    expect((await dates(m))[0].venue).toBeNull();
    // (Once the notification of the new reservation has come and gone.)
    await expect.poll(() => queriesDuring(() => get(m, "/api/dates/user"))).toBe(0);
    // Two hours on, inside the 48-hour window: revealed, from the same cached rows (the first request after
    // the jump writes the session's last-seen time, nothing else).
    t.clock.advance(2 * HOUR);
    await get(m, "/api/dates/user");
    expect(await queriesDuring(() => get(m, "/api/dates/user"))).toBe(0);
    expect((await dates(m))[0].venue).toMatchObject({ address: expect.any(String) });
    t.clock.advance(-2 * HOUR);
  });

  it("a reservation changed outside a request (a job, another instance) is seen as soon as notified", async () => {
    const m = await t.member();
    const { reservation } = await arrangeDate(t.db, m.user.id, {
      at: new Date(t.clock.now().getTime() + 100 * HOUR),
    });
    await eventually(async () => ((await dates(m))[0]?.id === reservation.id ? true : null));
    await t.db
      .update(dateReservations)
      .set({ status: "confirmed" })
      .where(eq(dateReservations.id, reservation.id));
    await eventually(async () => ((await dates(m))[0].status === "confirmed" ? true : null));
    // A venue renamed: every list showing it is read again.
    await t.db.update(venues).set({ name: "Renamed" }).where(eq(venues.id, reservation.venueId!));
    t.clock.advance(60 * HOUR);
    await eventually(async () =>
      ((await dates(m))[0].venue as { name: string } | null)?.name === "Renamed" ? true : null,
    );
    t.clock.advance(-60 * HOUR);
  });

  it("a partner's reservation changing is seen in the member's list too", async () => {
    const me = await t.member();
    const partner = await t.member({ partnerId: me.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
    const { reservation } = await arrangeDate(t.db, partner.user.id, {
      at: new Date(t.clock.now().getTime() + 100 * HOUR),
    });
    await eventually(async () =>
      (await dates(me)).some((d) => d.id === reservation.id && d.status === "scheduled") ? true : null,
    );
    await t.db
      .update(dateReservations)
      .set({ status: "cancelled" })
      .where(eq(dateReservations.id, reservation.id));
    await eventually(async () =>
      (await dates(me)).some((d) => d.id === reservation.id && d.status === "cancelled") ? true : null,
    );
  });

  it("a partner's rating of a date is seen in the member's cached list (each partner rates for themselves)", async () => {
    const me = await t.member();
    const partner = await t.member({ partnerId: me.user.id, firstName: "Jordan" });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
    const { reservation } = await arrangeDate(t.db, me.user.id, {
      at: new Date(t.clock.now().getTime() - 30 * HOUR),
      status: "completed",
    });
    await eventually(async () => ((await dates(me)).some((d) => d.id === reservation.id) ? true : null));
    const rated = await t.request({
      method: "POST",
      url: `/api/dates/${reservation.id}/rating`,
      as: partner,
      payload: { rating: 2 },
    });
    expect(rated.statusCode).toBe(200);
    const seen = await eventually(async () =>
      (await dates(me)).find((d) => d.id === reservation.id && d.ratings.length === 1),
    );
    expect(seen).toMatchObject({ rating: null, ratings: [{ by: "partner", name: "Jordan", rating: 2 }] });
  });
});

describe("the back office's assignments page with the session cache", () => {
  it("is answered from memory, and a change to anything on it is seen as soon as notified", async () => {
    const admin = await t.admin();
    const m = await t.member({ firstName: "Before" });
    const { reservation } = await arrangeDate(t.db, m.user.id, {
      at: new Date(t.clock.now().getTime() + 100 * HOUR),
    });
    type Row = { id: number; status: string; user: { firstName: string } | null };
    const page = async () => (await get(admin, "/api/admin/assignments?limit=50&offset=0")).json() as Row[];
    const mine = async () => (await page()).find((r) => r.id === reservation.id);
    await eventually(mine);
    await expect
      .poll(() => queriesDuring(() => get(admin, "/api/admin/assignments?limit=50&offset=0")))
      .toBe(0);
    // A job moves the date on; the member renames themself on another instance: both are on the page.
    await t.db
      .update(dateReservations)
      .set({ status: "revealed" })
      .where(eq(dateReservations.id, reservation.id));
    await eventually(async () => ((await mine())?.status === "revealed" ? true : null));
    await t.db.update(users).set({ firstName: "After" }).where(eq(users.id, m.user.id));
    await eventually(async () => ((await mine())?.user?.firstName === "After" ? true : null));
  });
});

describe("the listener's heartbeat", () => {
  it("a connection that stops hearing its own heartbeat is dropped and opened again", async () => {
    const cache = new ReadCache({
      connectionString: t.config.databaseUrl!,
      heartbeatMs: 100,
      heartbeatTimeoutMs: 300,
    });
    await cache.start();
    try {
      expect(cache.active).toBe(true);
      const c = cache as unknown as {
        listener: { heartbeatSeq: number; client: { connection: { stream: { pause(): void } } } };
      };
      // Several heartbeats come and go on a healthy connection: a heartbeat is sent only once the one before
      // came back, so the fourth going out means three were heard, all on the connection it started with.
      const first = c.listener.client;
      await expect.poll(() => c.listener.heartbeatSeq, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
      expect(cache.active).toBe(true);
      expect(c.listener.client).toBe(first);
      c.listener.client.connection.stream.pause();
      await expect.poll(() => cache.active, { timeout: 3000 }).toBe(false);
      await expect.poll(() => cache.active, { timeout: 10_000 }).toBe(true);
    } finally {
      await cache.close();
    }
  });
});
