/**
 * Two real server processes on one database, each with its own data folder and no VAPID keys in the
 * environment (as two instances, or a redeploy, are): both hand browsers the same push key, and a third
 * started after them does too.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { startServer } from "../helpers/server-process.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

const { url: databaseUrl, drop } = await createTestDatabase(inject("pgBaseUrl"));
const [a, b] = await Promise.all([startServer({ databaseUrl }), startServer({ databaseUrl })]);
afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
  await drop();
});

const keyOf = async (url: string) => {
  const res = await fetch(`${url}/api/push/key`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { publicKey: string }).publicKey;
};

describe("push keys across instances", () => {
  it("every instance on the database serves the same public key", async () => {
    const key = await keyOf(a.url);
    expect(await keyOf(b.url)).toBe(key);
    await a.stop();
    const c = await startServer({ databaseUrl });
    expect(await keyOf(c.url)).toBe(key);
    await c.stop();
  });
});
