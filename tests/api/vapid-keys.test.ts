/**
 * Where the web push (VAPID) keys come from: the environment's pair wins and is never stored; without one,
 * the database keeps one pair for every instance, generated once (instances starting together agree on it),
 * never regenerated, and a pair a data folder kept before is adopted rather than replaced.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import webpush from "web-push";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { createDb } from "../../src/server/db/client.ts";
import { vapidKeys } from "../../src/server/db/schema.ts";
import { VAPID_FILE, withVapidKeys } from "../../src/server/modules/push/vapid.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

const opened: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of opened) await close();
});

async function freshDb() {
  const { url, drop } = await createTestDatabase(inject("pgBaseUrl"));
  const db = createDb(url, 4);
  opened.push(async () => {
    await db.$client.end();
    await drop();
  });
  return db;
}

async function configIn(env: Record<string, string> = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "unveil-vapid-"));
  return loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
}

const quiet = () => {};

describe("web push keys", () => {
  it("two instances starting at once on one database (each its own data folder) get the same pair, once", async () => {
    const db = await freshDb();
    const printed: string[] = [];
    const [a, b] = await Promise.all([
      withVapidKeys(await configIn(), db, (t) => printed.push(t)),
      withVapidKeys(await configIn(), db, (t) => printed.push(t)),
    ]);
    expect(a.vapid).toEqual(b.vapid);
    expect(a.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await db.select().from(vapidKeys)).toHaveLength(1);
    // Announced once, by the instance whose pair was kept, and never with the private key.
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(a.vapid?.publicKey);
    expect(printed[0]).not.toContain(a.vapid?.privateKey);

    // A redeploy (a new data folder, a later start) keeps the pair.
    const later = await withVapidKeys(await configIn(), db, quiet);
    expect(later.vapid).toEqual(a.vapid);
  });

  it("the environment's pair wins and is not stored", async () => {
    const db = await freshDb();
    const env = webpush.generateVAPIDKeys();
    const config = await withVapidKeys(
      await configIn({ VAPID_PUBLIC_KEY: env.publicKey, VAPID_PRIVATE_KEY: env.privateKey }),
      db,
      quiet,
    );
    expect(config.vapid).toEqual(env);
    expect(await db.select().from(vapidKeys)).toHaveLength(0);

    // With a pair already in the database, the environment still wins.
    const stored = await withVapidKeys(await configIn(), db, quiet);
    const again = await withVapidKeys(
      await configIn({ VAPID_PUBLIC_KEY: env.publicKey, VAPID_PRIVATE_KEY: env.privateKey }),
      db,
      quiet,
    );
    expect(again.vapid).toEqual(env);
    expect(stored.vapid).not.toEqual(env);
  });

  it("a pair a data folder kept before is adopted into the database, not replaced", async () => {
    const db = await freshDb();
    const old = webpush.generateVAPIDKeys();
    const config = await configIn();
    await writeFile(path.join(config.dataDir, VAPID_FILE), JSON.stringify(old));
    expect((await withVapidKeys(config, db, quiet)).vapid).toEqual(old);
    expect((await withVapidKeys(await configIn(), db, quiet)).vapid).toEqual(old);
  });
});
