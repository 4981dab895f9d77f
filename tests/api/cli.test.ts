import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/app/server/cli-commands.ts";
import { offerCodes, sandboxPayments, users, venues } from "../../src/server/db/schema.ts";
import { describeError } from "../../src/server/error-text.ts";
import { createTestApp } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp();
const spawn = promisify(execFile);
const env = () => ({ ...process.env, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: "silent" });

type Ran = { code: number; stdout: string; stderr: string };

/** The CLI as a process, as an operator runs it: its exit code and output. */
async function cliProcess(...args: string[]): Promise<Ran> {
  try {
    const { stdout, stderr } = await spawn(process.execPath, ["src/app/server/cli.ts", ...args], {
      env: env(),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/**
 * The same commands run in this process (about a second less each than starting Node and the app again): a
 * thrown failure is what src/app/server/cli.ts prints and exits 1 with.
 */
async function cli(...args: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const ctx = { env: env(), out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
  const code = await runCli(args, ctx).catch((e: unknown) => {
    err.push(`Error: ${describeError(e)}\n`);
    return 1;
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

describe("npm run cli", { timeout: 120_000 }, () => {
  it("create-admin creates an admin who can sign in (as a process)", async () => {
    const res = await cliProcess(
      "create-admin",
      "--email",
      "Boss@Example.com",
      "--password",
      "a-secure-passphrase",
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Created admin/);
    const [row] = await t.db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(row.isAdmin).toBe(true);
    const login = await t.request({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "boss@example.com", password: "a-secure-passphrase" }),
    });
    expect(login.json().isAdmin).toBe(true);
  });

  it("create-admin promotes an existing member", async () => {
    const m = await t.member();
    const res = await cli("create-admin", "--email", m.user.email, "--password", "another-passphrase");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Promoted/);
    const row = await storedMember(t.db, m.user.id);
    expect(row.isAdmin).toBe(true);
  });

  it("fails clearly on missing or bad options and unknown commands (as a process)", async () => {
    const missing = await cliProcess("create-admin", "--email", "x@example.com");
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/needs --email and --password/);
    const bad = await cli("create-admin", "--email", "not-an-email", "--password", "long-enough-pass");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/valid email/);
    const unknown = await cliProcess("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command/);
  });

  it("seed-demo adds venues of every type and price level, date ideas and offer codes, once", async () => {
    const first = await cli("seed-demo");
    expect(first.code).toBe(0);
    const types = await t.db.selectDistinct({ type: venues.type }).from(venues);
    expect(types.map((r) => r.type).sort()).toEqual([
      "activity",
      "adventure",
      "cultural",
      "restaurant",
      "wellness",
    ]);
    const levels = await t.db.selectDistinct({ level: venues.priceLevel }).from(venues);
    expect(levels).toHaveLength(3);
    expect(await t.db.$count(venues)).toBeGreaterThanOrEqual(25);
    const [welcome] = await t.db.select().from(offerCodes).where(eq(offerCodes.code, "WELCOME10"));
    expect(welcome).toMatchObject({ discountType: "percentage", discountValue: "10.00", durationMonths: 3 });
    const before = await t.db.$count(venues);
    const second = await cli("seed-demo");
    expect(second.stdout).toMatch(/Seeded 0 venues, 0 date ideas and 0 offer codes/);
    expect(await t.db.$count(venues)).toBe(before);
    const [{ bad }] = await t.db
      .select({ bad: sql<number>`count(*)::int` })
      .from(venues)
      .where(sql`${venues.latitude} is null or ${venues.latitude} < 51.2 or ${venues.latitude} > 51.8`);
    expect(bad).toBe(0);
  });

  it("sandbox-event moves a member through past_due, active and cancelled", async () => {
    const m = await t.member();
    await subscribe(t, m, "silver");
    const status = async () => (await storedMember(t.db, m.user.id)).subscriptionStatus;
    const failed = await cli("sandbox-event", "payment_failed", "--email", m.user.email);
    expect(failed.code).toBe(0);
    expect(failed.stdout).toMatch(/status past_due/);
    expect(await status()).toBe("past_due");
    const retried = await cli("sandbox-event", "payment_confirmed", "--email", m.user.email);
    expect(retried.code).toBe(0);
    // The retry booked on the failure is asked for now; the sandbox's books show it.
    expect(retried.stdout).toMatch(/retry asked for now/);
    expect(await status()).toBe("active");
    const mine = await storedMember(t.db, m.user.id);
    const books = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, mine.paymentMandateId!));
    expect(books.map((p) => [p.status, p.description])).toContainEqual([
      "confirmed",
      "Monthly membership (attempt 2)",
    ]);
    expect((await cli("sandbox-event", "mandate_cancelled", "--email", m.user.email)).code).toBe(0);
    expect(await status()).toBe("cancelled");
    const bad = await cli("sandbox-event", "explode", "--email", m.user.email);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/payment_failed, payment_confirmed, mandate_cancelled/);
    const nobody = await cli("sandbox-event", "payment_failed", "--email", "ghost@example.com");
    expect(nobody.stderr).toMatch(/No account/);
  });

  it("plan-month --dry-run prints what it would plan and writes no date; plan-month plans it", async () => {
    const m = await t.member({ firstName: "Cli", lastName: "Planned" });
    await givePreferences(t.db, m.user.id);
    await matchVenue(t.db, { name: "CLI Plan Venue" });
    const reservations = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from date_reservations`)).rows[0].n;
    const before = await reservations();
    const dry = await cli("plan-month", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Dry run for [A-Z][a-z]+ \d{4} \(run \d+, \d+ ms\)/);
    expect(dry.stdout).toMatch(/Members considered: [1-9]/);
    const would = Number(/Dates it would plan: (\d+)/.exec(dry.stdout)?.[1]);
    expect(would).toBeGreaterThanOrEqual(2); // the Gold member's two dates at least
    expect(dry.stdout).toMatch(/Members it cannot place: \d+/);
    expect(dry.stdout).toMatch(/Nothing was written \(dry run\)\./);
    expect(await reservations()).toBe(before);
    const [run] = (
      await t.db.execute<{ dry_run: boolean; status: string }>(
        sql`select dry_run, status from planning_runs order by id desc limit 1`,
      )
    ).rows;
    expect(run).toEqual({ dry_run: true, status: "done" });

    const real = await cli("plan-month");
    expect(real.code, real.stderr).toBe(0);
    const planned = Number(/Dates planned: (\d+)/.exec(real.stdout)?.[1]);
    expect(planned).toBe(would);
    expect(await reservations()).toBe(before + planned);

    const bad = await cli("plan-month", "--month", "2026-13");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--month must be YYYY-MM/);
    const past = await cli("plan-month", "--dry-run", "--month", "2020-01");
    expect(past.code).toBe(1);
    expect(past.stderr).toMatch(/already ended/);
  });

  it("run-jobs runs every job's sweep once and records it; --job runs one; a bad name is refused", async () => {
    const all = await cli("run-jobs");
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^Ran \d+ jobs:/);
    for (const name of ["date-reveals", "date-holds", "monthly-quotas", "email-campaigns", "retry-mail"]) {
      expect(all.stdout).toMatch(new RegExp(`  ${name}: \\d+ handled`));
    }
    const one = await cli("run-jobs", "--job", "date-reveals");
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^Ran 1 job:\n {2}date-reveals: 0 handled/);
    const runs = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from job_runs where name = 'date-reveals' and status = 'ok'`,
      )
    ).rows[0].n;
    expect(runs).toBe(2);
    const bad = await cli("run-jobs", "--job", "nope");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--job must be one of: .*date-reveals/);
  });
});
