/**
 * The operator commands (npm run cli -- <command>; src/app/server/cli.ts runs them as a process). Each works whether
 * or not the app is running: it uses the embedded database running on DATA_DIR (found from its lock file,
 * whatever its port), or starts it for the command and stops it after (unless the app started meanwhile and
 * uses it). Output and configuration come through a CliContext, so tests run commands in their own process.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../../server/config.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/open.ts";
import { describeError } from "../../server/error-text.ts";

const HELP = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email E --password P [--first-name F --last-name L]
                       create an admin account, or promote (and set the password of) an existing one
  seed-demo            add the demo venues, date ideas and offer codes (skips what exists)
  migrate              apply database migrations
  purge-sessions       delete expired sessions
  advance-subscriptions
                       roll plans whose billing cycle has ended into the next (pauses, tier changes); the
                       app does this every 10 minutes by itself
  plan-month [--dry-run] [--month YYYY-MM]
                       plan a date for every active member who still needs one in the month (default: next
                       month), in one pass; --dry-run shows what it would plan and writes nothing
  run-jobs [--job NAME]
                       run every scheduled job's sweep once now (reveals, holds, cancellations, quotas,
                       offers, reminders, campaigns, mail retries...), or only the one named; each run is
                       recorded in the admin's Scheduled jobs card
  sandbox-event <payment_failed|payment_confirmed|mandate_cancelled> --email E
                       fire a payment-provider event at a member, as the provider's webhook would
`;

/** Where a command's output goes, and the environment it reads its configuration from. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** Told of the database the command opened (and of null once it is closed), to close it on a crash. */
  opened?(database: OpenDatabase | null): void;
}

type Command = (args: string[], db: OpenDatabase["db"], ctx: CliContext) => Promise<string>;

// Each command imports what it runs when it runs: `help`, a typo or a missing option answers at once, and
// create-admin does not load the matching engine (importing the whole app took about 2 s).
const createDeps = async () => (await import("./deps-factory.ts")).createDeps;

const commands: Record<string, Command> = {
  async "create-admin"(args, db) {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
    });
    if (!values.email || !values.password) throw new Error("create-admin needs --email and --password");
    const { createOrPromoteAdmin } = await import("../../server/modules/admin/accounts.ts");
    const res = await createOrPromoteAdmin(db, {
      email: values.email,
      password: values.password,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    return res.created
      ? `Created admin ${values.email} (id ${res.id})`
      : `Promoted ${values.email} (id ${res.id}) to admin and set the password`;
  },
  async "seed-demo"(_args, db) {
    const { seedDemo } = await import("../../server/db/seed-demo.ts");
    const n = await seedDemo(db);
    return `Seeded ${n.venues} venues, ${n.dateIdeas} date ideas and ${n.offerCodes} offer codes (existing ones kept)`;
  },
  async "sandbox-event"(args, db, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { email: { type: "string" } },
    });
    const { fireSandboxEvent, SANDBOX_EVENTS } = await import(
      "../../features/payments/server/sandbox-events.ts"
    );
    if (!SANDBOX_EVENTS[positionals[0] ?? ""])
      throw new Error(`sandbox-event needs one of: ${Object.keys(SANDBOX_EVENTS).join(", ")}`);
    if (!values.email) throw new Error("sandbox-event needs --email");
    const { sql } = await import("drizzle-orm");
    const { users } = await import("../../server/db/schema.ts");
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${values.email.toLowerCase()}`);
    if (!user) throw new Error(`No account with e-mail ${values.email}`);
    return fireSandboxEvent((await createDeps())(loadConfig(ctx.env), db), user, positionals[0]!);
  },
  async migrate() {
    return "Migrations applied";
  },
  async "advance-subscriptions"(_args, db, ctx) {
    const { advanceSubscriptions } = await import("../../features/subscriptions/server/cycles.ts");
    const n = await advanceSubscriptions((await createDeps())(loadConfig(ctx.env), db));
    return `Advanced ${n} billing cycle${n === 1 ? "" : "s"}`;
  },
  async "plan-month"(args, db, ctx) {
    const { values } = parseArgs({
      args,
      options: { "dry-run": { type: "boolean" }, month: { type: "string" } },
    });
    const { monthLabel, nextMonthOf } = await import("../../shared/admin/planning.ts");
    const { checkMonth } = await import("../../server/modules/admin/planning/service.ts");
    const { planMonth } = await import("../../server/modules/matching/plan.ts");
    const deps = (await createDeps())(loadConfig(ctx.env), db);
    const month = values.month ?? nextMonthOf(deps.now());
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error("plan-month --month must be YYYY-MM");
    checkMonth(month, deps.now());
    const s = await planMonth(deps, { month, dryRun: values["dry-run"] === true, triggeredBy: null });
    const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
    const lines = [
      `${s.dryRun ? "Dry run for" : "Planned"} ${monthLabel(s.month)} (run ${s.runId}, ${s.elapsedMs} ms)`,
      `  Members considered: ${s.membersConsidered}`,
      `  ${s.dryRun ? "Dates it would plan" : "Dates planned"}: ${s.datesPlanned}`,
      `  Members it cannot place: ${s.membersUnplaced}`,
    ];
    for (const u of s.unplaced.slice(0, 20)) lines.push(`    - ${u.name} (#${u.userId}): ${u.reason}`);
    if (s.unplaced.length > 20) lines.push(`    ... and ${plural(s.membersUnplaced - 20, "more member")}`);
    if (s.dryRun) lines.push("Nothing was written (dry run).");
    return lines.join("\n");
  },
  async "run-jobs"(args, db, ctx) {
    const { values } = parseArgs({ args, options: { job: { type: "string" } } });
    const { allJobs, runDueJobs } = await import("./jobs.ts");
    const { withVapidKeys } = await import("../../server/modules/push/vapid.ts");
    const jobs = values.job ? allJobs.filter((j) => j.name === values.job) : allJobs;
    if (jobs.length === 0) {
      throw new Error(`run-jobs --job must be one of: ${allJobs.map((j) => j.name).join(", ")}`);
    }
    // The pushes sign with the same VAPID pair as the server (the database's; generated here if none yet).
    const config = await withVapidKeys(loadConfig(ctx.env), db, (text) => ctx.err(text));
    const results = await runDueJobs((await createDeps())(config, db), jobs);
    const lines = Object.entries(results).map(([name, r]) =>
      typeof r === "number" ? `  ${name}: ${r} handled` : `  ${name}: FAILED (${r.error})`,
    );
    const failed = Object.values(results).filter((r) => typeof r !== "number").length;
    if (failed > 0) throw new Error(`${failed} job${failed === 1 ? "" : "s"} failed:\n${lines.join("\n")}`);
    return `Ran ${jobs.length} job${jobs.length === 1 ? "" : "s"}:\n${lines.join("\n")}`;
  },
  async "purge-sessions"(_args, db, ctx) {
    const { purgeExpiredSessions } = await import("../../server/modules/auth/sessions.ts");
    const ended = await purgeExpiredSessions(db, new Date(), loadConfig(ctx.env).sessionIdle);
    return `Deleted ${ended} expired or idle sessions`;
  },
};

/** Runs one command: its exit code (0, 1 for bad usage, 2 for an unknown command); a failure throws. */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help") {
    ctx.out(HELP);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    ctx.err(`Unknown command "${name}".\n\n${HELP}`);
    return 2;
  }
  const config = loadConfig(ctx.env);
  const database = await openDatabase(config, (m) => ctx.err(`${m}\n`), {
    leaveRunningIfInUse: true,
  });
  ctx.opened?.(database);
  let output: string;
  try {
    output = await command(args, database.db, ctx);
  } catch (e) {
    // The command's own failure is the one to report, even if closing fails after it.
    ctx.opened?.(null);
    await database.close().catch((closing) => {
      ctx.err(`Closing the database also failed: ${describeError(closing)}\n`);
    });
    throw e;
  }
  ctx.out(`${output}\n`);
  ctx.opened?.(null);
  await database.close();
  return 0;
}
