/**
 * The app as browser tests see it: the built client, the real server, and its own embedded PostgreSQL in a
 * temporary directory (never the app's .data/). Mail goes to the outbox directory named by E2E_OUTBOX.
 */
import { writeFileSync } from "node:fs";
import webpush from "web-push";
import { buildApp } from "../../src/app/server/app.ts";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createDb } from "../../src/server/db/client.ts";
import { offerCodes } from "../../src/server/db/schema.ts";
import { createOrPromoteAdmin } from "../../src/server/modules/admin/accounts.ts";
import { createTestDatabase, startTestPostgres } from "../helpers/test-postgres.ts";

const port = Number(process.env.E2E_PORT ?? 5179);
const pgServer = await startTestPostgres();
const database = await createTestDatabase(pgServer.baseUrl);
// A fresh VAPID pair per run, from the environment as production sets it: without one the server answers that
// push is not set up, and the opt-in journey could not be tested (dist/vapid-keys.json is never touched).
const vapid = webpush.generateVAPIDKeys();
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  DATABASE_URL: database.url,
  OUTBOX_DIR: process.env.E2E_OUTBOX ?? "/tmp/unveil-e2e-outbox",
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  // As in production: who is signed in, and the reads kept beside it, come from the per-instance cache that
  // PostgreSQL's notifications keep true (NODE_ENV=test alone turns it off, as the API tests want).
  SESSION_CACHE: "true",
});
const db = createDb(database.url);
// Browser tests arrange data (dates, venues) straight in this database: they find it through this file.
if (process.env.E2E_DB_URL_FILE) writeFileSync(process.env.E2E_DB_URL_FILE, database.url);
// Browser tests sign in many times from one address: generous limits here, the API tests cover the limits.
config.rateLimits = {
  ...config.rateLimits,
  loginPerIp: 10_000,
  registerPerIp: 10_000,
  forgotPerIp: 10_000,
  resetPerIp: 10_000,
};
await createOrPromoteAdmin(db, {
  email: "admin@e2e.test",
  password: "admin-password-123",
  firstName: "Ada",
  lastName: "Admin",
});
// The offer code the joining journey applies (no codes are seeded otherwise).
await db
  .insert(offerCodes)
  .values({
    code: "WELCOME10",
    discountType: "percentage",
    discountValue: "10.00",
    durationMonths: 3,
    description: "10% off your first 3 months",
  })
  .onConflictDoNothing();
const app = await buildApp(createDeps(config, db), { serveClient: true });
await app.listen({ port, host: "127.0.0.1" });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => {});
  await db.$client.end().catch(() => {});
  await pgServer.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
