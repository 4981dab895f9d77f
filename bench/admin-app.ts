/**
 * What the back-office benches share: the real app on a filled database, an admin's session cookie to call it
 * with, and a yardstick of how busy the machine is.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app/server/app.ts";
import { createDeps } from "../src/app/server/deps-factory.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/client.ts";
import { createOrPromoteAdmin } from "../src/server/modules/admin/accounts.ts";
import { createSession } from "../src/server/modules/auth/sessions.ts";
import { outboxTransport } from "../src/server/modules/email/mailer.ts";
import { SESSION_COOKIE } from "../src/shared/constants.ts";

/** The app on `db` (at `url`), ready, and the session cookie of an admin account made for the bench. */
export async function adminApp(db: Db, url: string): Promise<{ app: FastifyInstance; cookie: string }> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: url });
  const deps = createDeps(config, db, { transport: outboxTransport(null) });
  const app = await buildApp(deps, { serveClient: false });
  await app.ready();
  const admin = await createOrPromoteAdmin(db, {
    email: "bench-admin@example.com",
    password: "bench admin pass 1",
  });
  return { app, cookie: `${SESSION_COOKIE}=${await createSession(db, admin.id, new Date())}` };
}

/** Prints how busy the machine is, to compare runs: the same CPU-bound query each time (best of three). */
export async function printMachine(db: Db): Promise<void> {
  const calibration: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await db.$client.query("SELECT count(*) FROM generate_series(1, 1000000)");
    calibration.push(performance.now() - t0);
  }
  console.log(
    `Machine: load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores; ` +
      `calibration query ${Math.min(...calibration).toFixed(0)} ms (a CPU-bound yardstick: lower is idler)`,
  );
}
