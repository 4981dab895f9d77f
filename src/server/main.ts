import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import pino from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { stopOnSignalsByCaller } from "./db/embedded.ts";
import { openDatabase } from "./db/open.ts";
import { users } from "./db/schema.ts";
import { seedDemo } from "./db/seed-demo.ts";
import { seedDemoCouple } from "./db/seed-member.ts";
import { createDeps } from "./deps-factory.ts";
import { type RunningJobs, startJobs } from "./jobs/boss.ts";
import { allJobs } from "./jobs/jobs.ts";
import { createOrPromoteAdmin } from "./modules/admin/accounts.ts";
import { failAbandonedRuns } from "./modules/matching/run-owner.ts";
import { withVapidKeys } from "./modules/push/vapid.ts";

const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

async function main() {
  // Web push keys: the environment's, or a pair generated at the first start (printed once, kept in DATA_DIR).
  const config = withVapidKeys(loadConfig(), (text) => process.stdout.write(text));
  log.info(
    config.databaseUrl ? "database: DATABASE_URL" : `database: embedded PostgreSQL in ${config.dataDir}/`,
  );
  const database = await openDatabase(config, (m) => log.warn(m));
  const { db } = database;

  // First start on a new embedded database: demo content and a demo admin whose password is shown once.
  const [{ n }] = await db.select({ n: count() }).from(users);
  if ((database.embedded && n === 0) || config.seedDemo) {
    const seeded = await seedDemo(db);
    log.info(seeded, "demo content seeded");
  }
  if (database.embedded && n === 0) {
    const email = "admin@unveil.local";
    const password = randomBytes(12).toString("base64url");
    await createOrPromoteAdmin(db, { email, password, firstName: "Demo", lastName: "Admin" });
    process.stdout.write(
      `\n  Demo admin created (shown once):\n    e-mail:   ${email}\n    password: ${password}\n  Change it with: npm run cli -- create-admin --email ${email} --password <new>\n\n`,
    );
    const memberPassword = randomBytes(12).toString("base64url");
    if (
      await seedDemoCouple(db, {
        email: "member@unveil.local",
        partnerEmail: "partner@unveil.local",
        password: memberPassword,
      })
    ) {
      process.stdout.write(
        `  Demo member with dates (shown once; partner@unveil.local has the same password):\n    e-mail:   member@unveil.local\n    password: ${memberPassword}\n\n`,
      );
    }
  }

  const deps = createDeps(config, db);
  const abandoned = await failAbandonedRuns(db, deps.now());
  if (abandoned > 0) log.warn(`${abandoned} plan run(s) left "running" by a stopped process marked failed`);
  log.info(
    `mail: ${deps.mailer.transport.kind === "smtp" ? "SMTP (SMTP_URL)" : `local outbox in ${config.outboxDir}/ (set SMTP_URL for real mail)`}`,
  );
  log.info(
    deps.payments.name === "gocardless"
      ? `payments: GoCardless (${config.payments.gocardlessEnvironment})`
      : "payments: built-in sandbox (set GOCARDLESS_ACCESS_TOKEN for GoCardless)",
  );
  log.info(
    deps.sms.kind === "twilio"
      ? "texts: Twilio (SMS_PROVIDER=twilio)"
      : `texts: local outbox in ${config.outboxDir}/ (set SMS_PROVIDER=twilio to send them)`,
  );
  // Request logs (a line per request) are written in 4 KB batches off the request path instead of one
  // blocking write to stdout per request; flushed on shutdown (and by pino on exit).
  const requestLog = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const app = await buildApp(deps, { logStream: requestLog });
  // The scheduled jobs (pg-boss on this database): the date lifecycle, billing, mail retries, cycles and purges.
  // Each runs once per tick however many instances run; JOBS_ENABLED=false makes an API-only instance.
  let jobs: RunningJobs | null = null;
  if (config.jobsEnabled) {
    const url = db.$client.options.connectionString;
    if (!url) throw new Error("the database connection string is unknown: cannot start the jobs");
    jobs = await startJobs(deps, url, allJobs, {
      log: (msg, err) => log.error(err instanceof Error ? { err } : {}, msg),
    });
    log.info(`jobs: ${allJobs.length} scheduled (pg-boss)`);
  } else {
    log.info("jobs: off (JOBS_ENABLED=false)");
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch(() => {});
    await jobs?.stop().catch((e) => log.error(e, "stopping the jobs failed"));
    deps.mailer.transport.close?.();
    await database.close();
    requestLog.flushSync();
    process.exit(0);
  };
  stopOnSignalsByCaller();
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // The address this process answers on (PORT=0 picks a free one), and the public one when APP_URL differs.
  const address = app.server.address();
  const local = typeof address === "object" && address ? `http://localhost:${address.port}` : config.appUrl;
  log.info(
    local === config.appUrl
      ? `Unveil is ready at ${local}`
      : `Unveil is ready at ${local} (public address ${config.appUrl})`,
  );
}

main().catch((err) => {
  log.fatal(err instanceof Error ? err.message : err);
  process.exit(1);
});
