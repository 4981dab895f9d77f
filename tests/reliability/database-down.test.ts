/**
 * The real server with its database behind a TCP relay on loopback: closing the relay (and every connection
 * through it) is PostgreSQL going away under the running app; opening it again on the same port is the
 * database coming back. Meanwhile the API answers 503 with Retry-After and a plain message (no driver detail),
 * the health check says the database is down, and afterwards both answer 200 again without a restart.
 */
import net from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { SESSION_COOKIE } from "../../src/shared/constants.ts";
import { eventually } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { startServer } from "../helpers/server-process.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

const { url: databaseUrl, drop } = await createTestDatabase(inject("pgBaseUrl"));
const target = new URL(databaseUrl);
const relayPort = await freePort();

/** A relay from relayPort to the real PostgreSQL; `close` drops every connection through it at once. */
function openRelay(): Promise<{ close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(relayPort, "127.0.0.1", () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const s of sockets) s.destroy();
          }),
      }),
    );
  });
}

let relay = await openRelay();
const relayed = new URL(databaseUrl);
relayed.port = String(relayPort);
const server = await startServer({ databaseUrl: relayed.toString() });

const db = createDb(databaseUrl, 2);
const [user] = await db
  .insert(users)
  .values({
    email: `down-${process.pid}@example.com`,
    firstName: "Dee",
    lastName: "Down",
    emailVerified: true,
    termsAccepted: true,
    termsAcceptedAt: new Date(),
    onboardingCompleted: true,
  })
  .returning();
const cookie = `${SESSION_COOKIE}=${await createSession(db, user.id, new Date())}`;

afterAll(async () => {
  await server.stop();
  await relay.close();
  await db.$client.end();
  await drop();
});

const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

describe("the database goes away under the running app", () => {
  it("answers 503 with Retry-After while it is away, and 200 again once it is back", async () => {
    expect((await get("/api/dates/user")).status).toBe(200);

    await relay.close();
    const down = await eventually(async () => {
      const r = await get("/api/dates/user");
      return r.status === 503 ? r : null;
    }, 20_000);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(await down.json()).toEqual({
      message: "We can't reach our database just now. Please try again in a moment.",
    });
    // Every later request too, not only the one that met the dropped connection.
    const again = await get("/api/dates/user");
    expect(again.status).toBe(503);
    expect(again.headers.get("retry-after")).toBe("5");

    // The monitor's check (no cookie) says the database is down; a browser's (its session is looked up first)
    // gets the same 503 as every route.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(await health.json()).toMatchObject({ status: "degraded", database: "down" });
    const healthSignedIn = await get("/api/health");
    expect(healthSignedIn.status).toBe(503);
    expect(healthSignedIn.headers.get("retry-after")).toBe("5");
    expect(server.logs.join("\n")).not.toMatch(/unhandled error/);

    relay = await openRelay();
    await eventually(async () => (await get("/api/health")).status === 200, 20_000);
    expect((await get("/api/dates/user")).status).toBe(200);
  });
});
