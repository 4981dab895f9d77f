import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import pino from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { users } from "./db/schema.ts";
import { seedDemo } from "./db/seed-demo.ts";
import { seedDemoCouple } from "./db/seed-member.ts";
import { createDeps } from "./deps-factory.ts";
import { createOrPromoteAdmin } from "./modules/admin/accounts.ts";
import { purgeExpiredSessions } from "./modules/auth/sessions.ts";
import { advanceSubscriptions } from "./modules/subscriptions/cycles.ts";

const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

async function main() {
  const config = loadConfig();
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
  log.info(
    `mail: ${deps.mailer.transport.kind === "smtp" ? "SMTP (SMTP_URL)" : `local outbox in ${config.outboxDir}/ (set SMTP_URL for real mail)`}`,
  );
  log.info(
    deps.payments.name === "gocardless"
      ? `payments: GoCardless (${config.payments.gocardlessEnvironment})`
      : "payments: built-in sandbox (set GOCARDLESS_ACCESS_TOKEN for GoCardless)",
  );
  const app = await buildApp(deps);
  const purge = setInterval(() => void purgeExpiredSessions(db, new Date()).catch(() => {}), 3_600_000);
  purge.unref();
  // Billing cycles roll on (booked pauses start and end, tier changes take over). Safe with several instances;
  // the scheduled jobs of the planning work move this onto pg-boss.
  const advance = () =>
    void advanceSubscriptions(deps)
      .then((n) => n && log.info(`${n} subscription cycle(s) advanced`))
      .catch((e) => log.error(e, "advancing subscriptions failed"));
  advance();
  const cycles = setInterval(advance, 10 * 60_000);
  cycles.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    clearInterval(purge);
    clearInterval(cycles);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch(() => {});
    deps.mailer.transport.close?.();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Unveil is ready at ${config.appUrl}`);
}

main().catch((err) => {
  log.fatal(err instanceof Error ? err.message : err);
  process.exit(1);
});
