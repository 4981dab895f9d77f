/**
 * The in-memory session cache (src/server/modules/auth/read-cache/) on two instances: two child processes of
 * the real server on one database, each with SESSION_CACHE on. B has the session cached (it answered it
 * before); a change made through a request on A (sign-out, a device ended, a password change, a demotion, an
 * admin ending a member's sessions) is seen by B's very next request, since A answers only once B has read
 * the notification. A change made straight in the database by another process (a plan change, as the billing
 * jobs make) is seen as soon as PostgreSQL delivers its notification. The first test proves B really answers
 * from its cache (a change made with the notification trigger switched off is not seen), so the others test
 * the invalidation, not a database read.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../src/server/db/client.ts";
import {
  paymentLinks,
  planAccounts,
  planChoices,
  type Subscription,
  users,
} from "../../src/server/db/schema.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { eventually } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { type ServerProcess, startServer } from "../helpers/server-process.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

const { url: dbUrl, drop } = await createTestDatabase(inject("pgBaseUrl"));
const db = createDb(dbUrl, 2);
const env = { SESSION_CACHE: "true", JOBS_ENABLED: "false" };
const [a, b] = await Promise.all([
  startServer({ databaseUrl: dbUrl, env, timeoutMs: 90_000 }),
  startServer({ databaseUrl: dbUrl, env, timeoutMs: 90_000 }),
]);

afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
  await db.$client.end();
  await drop();
});

const PASSWORD = "two instances, one cache";
let seq = 0;
async function account({
  giftedUntil,
  subscriptionTier,
  subscriptionStatus,
  ...overrides
}: Partial<typeof users.$inferInsert> & { giftedUntil?: Date } & Partial<Subscription> = {}) {
  seq++;
  const [u] = await db
    .insert(users)
    .values({
      email: `cache${seq}@instances.example`,
      firstName: `Cache${seq}`,
      password: await hashPassword(PASSWORD),
      emailVerified: true,
      ...overrides,
    })
    .returning();
  if (giftedUntil || subscriptionTier || subscriptionStatus)
    await db.insert(planAccounts).values({ userId: u.id, giftedUntil, subscriptionTier, subscriptionStatus });
  return u;
}

async function signIn(s: ServerProcess, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${s.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0].split(";")[0];
}

const call = (s: ServerProcess, path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${s.url}${path}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
const me = (s: ServerProcess, cookie: string) => call(s, "/api/auth/user", cookie);

/** B answers the session twice (the second from its cache when the cache works). */
async function warm(s: ServerProcess, cookie: string, path = "/api/auth/user") {
  for (let i = 0; i < 2; i++) expect((await call(s, path, cookie)).status).toBe(200);
}

/** One account signed in twice (on `first`, then on `second`); the second session is warm on B. */
async function twoDevices(first: ServerProcess, second: ServerProcess): Promise<[string, string]> {
  const u = await account();
  const one = await signIn(first, u.email);
  const two = await signIn(second, u.email);
  await warm(b, two);
  return [one, two];
}

describe("the session cache on two instances", () => {
  it("B answers from its cache: a change made without the notification trigger is not seen", async () => {
    const u = await account();
    const cookie = await signIn(a, u.email);
    await warm(b, cookie);
    await db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_auth_cache`);
    try {
      await db.update(users).set({ firstName: "Unnotified" }).where(eq(users.id, u.id));
    } finally {
      await db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_auth_cache`);
    }
    expect((await (await me(b, cookie)).json()).firstName).toBe(u.firstName);
    // With the trigger on, the next change is seen as soon as the notification arrives.
    await db.update(users).set({ firstName: "Notified" }).where(eq(users.id, u.id));
    await eventually(async () => (await (await me(b, cookie)).json()).firstName === "Notified", 1000);
  });

  it("signing out on A ends the session on B at once", async () => {
    const u = await account();
    const cookie = await signIn(a, u.email);
    await warm(b, cookie);
    expect((await call(a, "/api/logout", cookie, { method: "POST" })).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(401);
  });

  it("a device ended from another device on A is signed out on B at once", async () => {
    const [phone, laptop] = await twoDevices(a, a);
    const devices = (await (await call(a, "/api/account/sessions", phone)).json()) as Array<{
      id: string;
      current: boolean;
    }>;
    const other = devices.find((d) => !d.current)!;
    expect((await call(a, `/api/account/sessions/${other.id}`, phone, { method: "DELETE" })).status).toBe(
      200,
    );
    expect((await me(b, laptop)).status).toBe(401);
    expect((await me(b, phone)).status).toBe(200);
  });

  it("a password changed on A signs the other devices out on B at once", async () => {
    const [here, there] = await twoDevices(a, b);
    const res = await call(a, "/api/account/password", here, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: "a brand new passphrase 2" }),
    });
    expect(res.status).toBe(200);
    expect((await me(b, there)).status).toBe(401);
    expect((await me(b, here)).status).toBe(200);
  });

  it("an admin demoted on A is refused the back office on B at once", async () => {
    const boss = await account({ isAdmin: true });
    const deputy = await account({ isAdmin: true });
    const bossCookie = await signIn(a, boss.email);
    const deputyCookie = await signIn(a, deputy.email);
    await warm(b, deputyCookie, "/api/admin/assignments?limit=1");
    const res = await call(a, `/api/admin/users/${deputy.id}/demote`, bossCookie, { method: "POST" });
    expect(res.status).toBe(200);
    expect((await call(b, "/api/admin/assignments?limit=1", deputyCookie)).status).toBe(403);
    expect((await (await me(b, deputyCookie)).json()).isAdmin).toBe(false);
  });

  it("an admin ending a member's sessions on A signs the member out on B at once", async () => {
    const admin = await account({ isAdmin: true });
    const member = await account();
    const adminCookie = await signIn(a, admin.email);
    const memberCookie = await signIn(b, member.email);
    await warm(b, memberCookie);
    const res = await call(a, `/api/admin/users/${member.id}/sessions`, adminCookie, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await me(b, memberCookie)).status).toBe(401);
  });

  it("a plan changed straight in the database (the billing jobs) shows on B, on the member and their partner", async () => {
    const member = await account({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const partner = await account({ partnerId: member.id });
    await db.update(users).set({ partnerId: partner.id }).where(eq(users.id, member.id));
    const memberCookie = await signIn(b, member.email);
    const partnerCookie = await signIn(b, partner.email);
    await warm(b, memberCookie);
    await warm(b, partnerCookie);
    expect((await (await me(b, partnerCookie)).json()).partnerPlan?.tier).toBe("gold");
    await saveState(db, member.id, { subscriptionTier: "platinum", subscriptionStatus: "past_due" });
    // No request waited here for the instances to read the notification (only requests that write do): it is
    // seen as soon as PostgreSQL delivers it, well within a second even on a loaded machine.
    const started = Date.now();
    await eventually(async () => {
      const mine = await (await me(b, memberCookie)).json();
      return mine.subscriptionTier === "platinum" && mine.subscriptionStatus === "past_due";
    }, 1000);
    await eventually(
      async () => (await (await me(b, partnerCookie)).json()).partnerPlan?.tier === "platinum",
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("the Direct Debit behind a plan and the plan chosen before paying, changed in their own tables, show on B", async () => {
    const gifted = await account({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      giftedUntil: new Date(Date.now() + 30 * 86_400_000),
    });
    const chooser = await account();
    const giftedCookie = await signIn(b, gifted.email);
    const chooserCookie = await signIn(b, chooser.email);
    await warm(b, giftedCookie);
    await warm(b, chooserCookie);
    expect((await (await me(b, giftedCookie)).json()).giftedUntil).not.toBeNull();
    expect((await (await me(b, chooserCookie)).json()).chosenPlan).toBeNull();
    // A gifted plan carried on by Direct Debit no longer shows the gift's end (payment_links).
    await db.insert(paymentLinks).values({ userId: gifted.id, paymentSubscriptionId: "SBCACHE1" });
    await db.insert(planChoices).values({ userId: chooser.id, chosenTier: "silver" });
    await eventually(async () => (await (await me(b, giftedCookie)).json()).giftedUntil === null, 1000);
    await eventually(
      async () => (await (await me(b, chooserCookie)).json()).chosenPlan?.tier === "silver",
      1000,
    );
  });

  it("a month off and a gift's end, changed in plan_accounts, show on B for the member and their partner", async () => {
    const holder = await account({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      giftedUntil: new Date(Date.now() + 30 * 86_400_000),
    });
    const partner = await account({ partnerId: holder.id });
    await db.update(users).set({ partnerId: partner.id }).where(eq(users.id, holder.id));
    const holderCookie = await signIn(b, holder.email);
    const partnerCookie = await signIn(b, partner.email);
    await warm(b, holderCookie);
    await warm(b, partnerCookie);
    expect((await (await me(b, holderCookie)).json()).pausedUntil).toBeNull();
    expect((await (await me(b, partnerCookie)).json()).partnerPlan?.pausedUntil).toBeNull();
    const until = new Date(Date.now() + 20 * 86_400_000);
    const longer = new Date(Date.now() + 60 * 86_400_000);
    await db
      .update(planAccounts)
      .set({ pausedUntil: until, giftedUntil: longer })
      .where(eq(planAccounts.userId, holder.id));
    await eventually(
      async () => (await (await me(b, holderCookie)).json()).pausedUntil === until.toISOString(),
      1000,
    );
    await eventually(async () => {
      const plan = (await (await me(b, partnerCookie)).json()).partnerPlan;
      return plan?.pausedUntil === until.toISOString() && plan?.giftedUntil === longer.toISOString();
    }, 1000);
  });

  it("the assignments total is kept on B while no reservation is added, and counted again after one is", async () => {
    const admin = await account({ isAdmin: true });
    const member = await account();
    const cookie = await signIn(a, admin.email);
    const total = async () =>
      Number((await call(b, "/api/admin/assignments?limit=1", cookie)).headers.get("x-total-count"));
    const before = await total();
    await db.execute(sql`ALTER TABLE date_reservations DISABLE TRIGGER date_reservations_count_cache`);
    try {
      await arrangeDate(db, member.id, { at: new Date(Date.now() + hours(24 * 10)) });
    } finally {
      await db.execute(sql`ALTER TABLE date_reservations ENABLE TRIGGER date_reservations_count_cache`);
    }
    expect(await total()).toBe(before); // answered from B's memory
    await arrangeDate(db, member.id, { at: new Date(Date.now() + hours(24 * 11)) });
    await eventually(async () => (await total()) === before + 2, 1000);
  });

  it("after B's listening connection is cut it listens again, and changes are seen", async () => {
    const listeners = async () =>
      Number(
        (
          await db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'unveil-auth-cache' AND datname = current_database()`,
          )
        ).rows[0].n,
      );
    expect(await listeners()).toBe(2);
    const u = await account();
    const cookie = await signIn(a, u.email);
    await warm(b, cookie);
    await db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'unveil-auth-cache' AND datname = current_database()`,
    );
    await eventually(async () => (await listeners()) === 2, 10_000);
    await db.update(users).set({ firstName: "After the cut" }).where(eq(users.id, u.id));
    await eventually(async () => (await (await me(b, cookie)).json()).firstName === "After the cut", 1000);
    expect((await call(a, "/api/logout", cookie, { method: "POST" })).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(401);
  });
});
