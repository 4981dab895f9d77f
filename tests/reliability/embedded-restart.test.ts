/**
 * The real server without DATABASE_URL starts embedded PostgreSQL in its DATA_DIR. That postgres is SIGKILLed
 * under it: the API answers 503 (never 500) while it is gone, the app starts it again by itself, and the same
 * process answers 200 again with the data intact.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { SESSION_COOKIE } from "../../src/shared/constants.ts";
import { eventually } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { startServer } from "../helpers/server-process.ts";

const pgPort = await freePort();
const server = await startServer({
  databaseUrl: null,
  env: { EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "info" },
  timeoutMs: 120_000,
});
const password = readFileSync(path.join(server.env.DATA_DIR, "pg-password"), "utf8").trim();
const db = createDb(`postgres://unveil:${password}@127.0.0.1:${pgPort}/unveil`, 1);
const [user] = await db
  .insert(users)
  .values({
    email: `embedded-${process.pid}@example.com`,
    firstName: "Em",
    lastName: "Bedded",
    emailVerified: true,
    termsAccepted: true,
    termsAcceptedAt: new Date(),
    onboardingCompleted: true,
  })
  .returning();
const cookie = `${SESSION_COOKIE}=${await createSession(db, user.id, new Date())}`;
await db.$client.end();
afterAll(() => server.stop());

const postgresPid = () =>
  Number(readFileSync(path.join(server.env.DATA_DIR, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

const statusOf = async (p: string) => (await fetch(`${server.url}${p}`, { headers: { cookie } })).status;

describe("embedded PostgreSQL dies under the app", () => {
  it("is started again; meanwhile 503 with Retry-After, then 200 without restarting the app", async () => {
    expect(await statusOf("/api/dates/user")).toBe(200);
    const before = postgresPid();
    process.kill(before, "SIGKILL");

    const statuses = new Set<number>();
    const down = await eventually(async () => {
      const r = await fetch(`${server.url}/api/dates/user`, { headers: { cookie } });
      statuses.add(r.status);
      return r.status === 503 ? r : null;
    }, 20_000);
    expect(down.headers.get("retry-after")).toBe("5");

    await eventually(async () => {
      const s = await statusOf("/api/health");
      statuses.add(s);
      return s === 200;
    }, 60_000);
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(server.exited()).toBe(false);
    expect(postgresPid()).not.toBe(before);
    const logs = server.logs.join("\n");
    expect(logs).toMatch(/exited unexpectedly \(SIGKILL\): starting it again/);
    expect(logs).toMatch(/embedded PostgreSQL started again/);
    // The member's session and data are still there: the same database, started again.
    expect(await statusOf("/api/dates/user")).toBe(200);
  });
});
