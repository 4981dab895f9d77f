import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purgeRateLimits } from "../../src/server/modules/auth/rate-limit.ts";
import { createTestApp, eventually } from "../helpers/app.ts";

const t = await createTestApp({
  rateLimits: {
    loginPerIp: 6,
    loginFailuresPerAccount: 3,
    registerPerIp: 2,
    forgotPerIp: 3,
    forgotPerAccount: 1,
    resetPerIp: 2,
  },
});
const post = (url: string, payload: unknown, ip = "127.0.0.1") =>
  t.request({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("rate limits", () => {
  it("locks an account for the address guessing after repeated wrong passwords, and says so clearly", async () => {
    const m = await t.member();
    for (let i = 0; i < 3; i++)
      expect(
        (await post("/api/login", { email: m.user.email, password: "wrong-guess" }, "10.0.0.1")).statusCode,
      ).toBe(401);
    const locked = await post("/api/login", { email: m.user.email, password: m.password }, "10.0.0.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // The member, elsewhere, is not locked out by a stranger's guessing.
    expect(
      (await post("/api/login", { email: m.user.email, password: m.password }, "10.0.0.2")).statusCode,
    ).toBe(200);
    t.clock.advance(16 * 60_000);
    expect(
      (await post("/api/login", { email: m.user.email, password: m.password }, "10.0.0.1")).statusCode,
    ).toBe(200);
  });

  it("locks the account everywhere when guesses come from many addresses", async () => {
    const m = await t.member();
    for (let i = 0; i < 18; i++)
      await post("/api/login", { email: m.user.email, password: "wrong-guess" }, `10.9.${i}.1`);
    const res = await post("/api/login", { email: m.user.email, password: m.password }, "10.9.200.1");
    expect(res.statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
  });

  it("limits sign-in attempts per address", async () => {
    const ip = "10.0.1.1";
    for (let i = 0; i < 6; i++)
      await post("/api/login", { email: `x${i}@example.com`, password: "whatever" }, ip);
    const res = await post("/api/login", { email: "y@example.com", password: "whatever" }, ip);
    expect(res.statusCode).toBe(429);
    expect(
      (await post("/api/login", { email: "y@example.com", password: "whatever" }, "10.0.1.2")).statusCode,
    ).toBe(401);
  });

  it("limits registrations per address", async () => {
    const ip = "10.0.2.1";
    const reg = (i: number) =>
      post(
        "/api/register",
        { email: `r${i}@example.com`, password: "long-enough", firstName: "Al", lastName: "Ex" },
        ip,
      );
    expect((await reg(1)).statusCode).toBe(201);
    expect((await reg(2)).statusCode).toBe(201);
    const third = await reg(3);
    expect(third.statusCode).toBe(429);
  });

  it("limits forgot-password per address; per account it quietly stops sending", async () => {
    const m = await t.member();
    const ip = "10.0.3.1";
    expect((await post("/api/forgot-password", { email: m.user.email }, ip)).statusCode).toBe(200);
    await eventually(() => t.mail.find((x) => x.to === m.user.email && x.type === "password_reset"));
    // The second request has answered, and a reset link is handed to the mailer before the answer: had it
    // sent one, it would be here.
    expect((await post("/api/forgot-password", { email: m.user.email }, ip)).statusCode).toBe(200);
    expect(t.mail.filter((x) => x.to === m.user.email && x.type === "password_reset")).toHaveLength(1);
    expect((await post("/api/forgot-password", { email: "z@example.com" }, ip)).statusCode).toBe(200);
    expect((await post("/api/forgot-password", { email: "z@example.com" }, ip)).statusCode).toBe(429);
  });

  it("limits reset attempts per address", async () => {
    const ip = "10.0.4.1";
    for (let i = 0; i < 2; i++)
      expect(
        (await post("/api/reset-password", { token: `guess${i}`, password: "long-enough" }, ip)).statusCode,
      ).toBe(400);
    expect(
      (await post("/api/reset-password", { token: "guess3", password: "long-enough" }, ip)).statusCode,
    ).toBe(429);
  });

  it("counts in PostgreSQL: concurrent hits are never lost, and the table holds no address", async () => {
    const key = "burst@example.com:10.0.5.1";
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => t.deps.limiter.hit(`test-burst:${key}`, 10, 15)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(30);
    expect((refused[0] as PromiseRejectedResult).reason.statusCode).toBe(429);
    const rows = await t.db.execute<{ key: string; count: number }>(sql`SELECT key, count FROM rate_limits`);
    expect(rows.rows.find((r) => r.count === 40)).toBeTruthy();
    for (const r of rows.rows) expect(r.key).not.toMatch(/@|10\.0\./);
    // A new window starts from zero once the old one has ended; the hourly purge deletes ended windows.
    t.clock.advance(16 * 60_000);
    await expect(t.deps.limiter.hit(`test-burst:${key}`, 10, 15)).resolves.toBeUndefined();
    t.clock.advance(16 * 60_000);
    expect(await purgeRateLimits(t.db, t.deps.now())).toBeGreaterThan(0);
    expect((await t.db.execute(sql`SELECT count(*)::int AS n FROM rate_limits`)).rows[0].n).toBe(0);
  });
});
