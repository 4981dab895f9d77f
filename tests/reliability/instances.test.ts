/**
 * Two app instances on one database: two child processes of the real server (main.ts), both
 * running the pg-boss jobs, on one fresh test database, mailing a real SMTP server on loopback (below) that
 * knows which process each message came from (each process names itself in EHLO through SMTP_URL's ?name=).
 *
 *  - sessions: signed in on A, the cookie works on B; signed out on B, it no longer works on A;
 *  - rate limits: wrong passwords tried on A and on B count towards one limit (rate_limits in PostgreSQL);
 *  - reveals: many dates enter the reveal window and the reveal sweep runs in three processes at the same moment
 *    (two `cli run-jobs --job date-reveals` processes and one pg-boss run in A or B): every reveal arrives once;
 *  - crash: the SMTP server stalls one reveal after taking its data, the instance sending it is SIGKILLed
 *    mid-send and started again; the others carry on: every reveal arrives, only the stalled one twice;
 *  - cron: every minute both instances were up, each due job ran once (job_runs), not once per instance.
 *
 * JOBS_TEST_FAST=1 (honoured only with NODE_ENV=test, boss.ts) makes pg-boss look for due cron ticks and dead
 * workers every second, so a tick runs within seconds of the minute and a killed worker's run is released after
 * its 10-second heartbeat. The file waits for at most one minute boundary.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, inject, it } from "vitest";
import { allJobs } from "../../src/app/server/jobs.ts";
import { DEFAULT_RATE_LIMITS } from "../../src/server/config.ts";
import { createDb } from "../../src/server/db/client.ts";
import { jobRuns, outboundMessages, users } from "../../src/server/db/schema.ts";
import { BOSS_SCHEMA } from "../../src/server/jobs/boss.ts";
import { STUCK_SENDING_MINUTES } from "../../src/server/jobs/outbound.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";
import { eventually } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { freePort } from "../helpers/free-port.ts";
import { type ServerProcess, startServer } from "../helpers/server-process.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

// ---------------------------------------------------------------------------------------------------------
// The SMTP server: every message whose data arrived counts as delivered (the worst case for duplicates: a
// message the sender never heard back about may still reach the member).

interface Delivery {
  sender: string;
  to: string;
  subject: string;
  resId: number | null;
}
const delivered: Delivery[] = [];
/** Answer each message after this long, so sweeps running side by side really overlap. */
let answerAfterMs = 0;
/**
 * Holds every answer until this many processes have each sent a message (or 45 s have passed, below the
 * app's 60-second SMTP silence limit), so the processes racing for the same reveals are all mid-sweep together
 * however slowly each one started.
 */
const gate = { senders: 0, seen: new Set<string>(), open: Promise.resolve(), release: () => {} };
function holdAnswersUntil(senders: number) {
  gate.senders = senders;
  gate.seen.clear();
  gate.open = new Promise<void>((resolve) => {
    gate.release = resolve;
    setTimeout(resolve, 45_000).unref();
  });
}
/** When set, the first message it picks is taken but never answered: its sender hangs mid-send. */
let stallIf: ((d: Delivery) => boolean) | null = null;
let stalled: Delivery | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  closeTimeout: 500,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", async () => {
      const parsed = await PostalMime.parse(Buffer.concat(chunks));
      const d: Delivery = {
        sender: session.hostNameAppearsAs,
        to: session.envelope.rcptTo.map((r) => r.address).join(","),
        subject: parsed.subject ?? "",
        resId: Number(/\/dates\/(\d+)/.exec(parsed.text ?? "")?.[1] ?? Number.NaN) || null,
      };
      delivered.push(d);
      if (stallIf?.(d)) {
        stallIf = null;
        stalled = d;
        return;
      }
      gate.seen.add(d.sender);
      if (gate.seen.size >= gate.senders) gate.release();
      await gate.open;
      setTimeout(() => cb(), answerAfterMs);
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
const smtpUrl = (name: string) => `smtp://127.0.0.1:${smtpPort}/?name=${name}`;

// ---------------------------------------------------------------------------------------------------------
// One database, two servers with jobs, and a pg-boss client of our own to queue a run as the cron would.

const { url: dbUrl, drop } = await createTestDatabase(inject("pgBaseUrl"));
const db = createDb(dbUrl, 4);

/** When each instance was up (to know which minutes both were running the jobs). */
const upTimes: Record<string, Array<{ from: number; to: number | null }>> = { a: [], b: [] };
const servers: Record<string, ServerProcess> = {};
async function start(name: "a" | "b") {
  servers[name] = await startServer({
    databaseUrl: dbUrl,
    env: { JOBS_ENABLED: "true", JOBS_TEST_FAST: "1", SMTP_URL: smtpUrl(`instance-${name}`) },
    timeoutMs: 90_000,
  });
  upTimes[name].push({ from: Date.now(), to: null });
}
async function kill(name: "a" | "b") {
  upTimes[name].at(-1)!.to = Date.now();
  await servers[name].kill("SIGKILL");
}
await Promise.all([start("a"), start("b")]);

const boss = new PgBoss({
  connectionString: dbUrl,
  schema: BOSS_SCHEMA,
  max: 2,
  supervise: false,
  schedule: false,
});
await boss.start();

afterAll(async () => {
  await boss.stop({ graceful: false, timeout: 2000 }).catch(() => {});
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.$client.end();
  await drop();
});

const run = promisify(execFile);
/** `npm run cli -- run-jobs --job NAME` as its own process on the same database. */
async function cliRunJob(job: string, name: string): Promise<string> {
  const { stdout } = await run(
    path.resolve("node_modules/.bin/node"),
    ["src/app/server/cli.ts", "run-jobs", "--job", job],
    {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: dbUrl,
        SMTP_URL: smtpUrl(name),
      },
    },
  );
  return stdout;
}

// ---------------------------------------------------------------------------------------------------------
// Arranging: couples (owner and mutually linked partner) with a date 47 hours from now (inside the reveal
// window on the servers' real clock).

let seq = 0;
async function couplesWithRevealableDates(n: number): Promise<number[]> {
  const ids: number[] = [];
  const at = new Date(Date.now() + hours(47));
  for (let i = 0; i < n; i++) {
    seq++;
    const [me, partner] = await db
      .insert(users)
      .values(
        ["owner", "partner"].map((who) => ({
          email: `${who}${seq}@instances.example`,
          firstName: who,
          emailVerified: true,
          subscriptionTier: "gold" as const,
          subscriptionStatus: "active" as const,
        })),
      )
      .returning({ id: users.id });
    await db.update(users).set({ partnerId: partner.id }).where(eq(users.id, me.id));
    await db.update(users).set({ partnerId: me.id }).where(eq(users.id, partner.id));
    const { reservation } = await arrangeDate(db, me.id, { at });
    ids.push(reservation.id);
  }
  return ids;
}

const reveals = (resIds: number[]) =>
  delivered.filter((d) => d.subject.startsWith("Your date is revealed") && resIds.includes(d.resId ?? -1));

/** How many times each (date, recipient) reveal arrived. */
function copies(resIds: number[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of reveals(resIds)) m.set(`${d.resId}:${d.to}`, (m.get(`${d.resId}:${d.to}`) ?? 0) + 1);
  return m;
}

const revealRows = (resIds: number[]) =>
  db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.kind, "date_reveal"), inArray(outboundMessages.reservationId, resIds)));

// ---------------------------------------------------------------------------------------------------------

describe("two instances on one database", () => {
  it("a session started on A works on B, and signing out on B ends it on A", async () => {
    const password = "two instances, one session";
    await db.insert(users).values({
      email: "both@instances.example",
      password: await hashPassword(password),
      emailVerified: true,
    });
    const login = await fetch(`${servers.a.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "both@instances.example", password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(";")[0];
    const me = (s: ServerProcess) => fetch(`${s.url}/api/auth/user`, { headers: { cookie } });
    const onB = await me(servers.b);
    expect(onB.status).toBe(200);
    expect((await onB.json()).email).toBe("both@instances.example");
    expect((await fetch(`${servers.b.url}/api/logout`, { method: "POST", headers: { cookie } })).status).toBe(
      200,
    );
    expect((await me(servers.b)).status).toBe(401);
    expect((await me(servers.a)).status).toBe(401);
  });

  it("sign-in limits count across both: wrong passwords split between A and B lock the account", async () => {
    const password = "the right passphrase";
    await db.insert(users).values({
      email: "guessed@instances.example",
      password: await hashPassword(password),
      emailVerified: true,
    });
    const login = (s: ServerProcess, pw: string) =>
      fetch(`${s.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "guessed@instances.example", password: pw }),
      });
    // DEFAULT_RATE_LIMITS.loginFailuresPerAccount (8) wrong guesses, half on each instance: with counters kept
    // in each process, each would have seen only four and the right password would still get in.
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginFailuresPerAccount; i++)
      expect((await login(i % 2 ? servers.b : servers.a, `guess ${i}`)).status).toBe(401);
    for (const s of [servers.a, servers.b]) {
      const locked = await login(s, password);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("the reveal sweep run by three processes at once sends each reveal exactly once", async () => {
    const resIds = await couplesWithRevealableDates(20);
    answerAfterMs = 20;
    holdAnswersUntil(3);
    try {
      // Two CLI processes and a queued run (taken by A or B) start the same sweep at the same moment.
      const [cli1, cli2] = await Promise.all([
        cliRunJob("date-reveals", "cli-1"),
        cliRunJob("date-reveals", "cli-2"),
        boss.send("date-reveals"),
      ]);
      expect(cli1).toMatch(/date-reveals: \d+ handled/);
      expect(cli2).toMatch(/date-reveals: \d+ handled/);
      await eventually(async () => {
        const rows = await revealRows(resIds);
        return rows.length === 40 && rows.every((r) => r.status === "sent");
      }, 60_000);
    } finally {
      answerAfterMs = 0;
      holdAnswersUntil(0);
    }
    const got = copies(resIds);
    expect(got.size).toBe(40);
    expect([...got.values()].every((n) => n === 1)).toBe(true);
    // The sweeps really overlapped: each of the three processes sent some of them.
    expect(new Set(reveals(resIds).map((d) => d.sender)).size).toBeGreaterThanOrEqual(3);
    const rows = await revealRows(resIds);
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  }, 120_000);

  it("an instance killed mid-send loses no reveal and duplicates at most the one it was sending", async () => {
    const resIds = await couplesWithRevealableDates(8);
    // The fourth reveal a server sends is taken by the SMTP server but never answered.
    stallIf = (d) => d.sender.startsWith("instance-") && reveals(resIds).length >= 4;
    await boss.send("date-reveals");
    const hung = await eventually(() => stalled, 60_000);
    const victim = hung.sender === "instance-a" ? "a" : "b";
    await kill(victim);
    // Its run was still going: recorded as running, its claim of the hung message still "sending".
    const [{ running }] = (
      await db.execute<{ running: number }>(
        sql`select count(*)::int as running from job_runs where name = 'date-reveals' and status = 'running'`,
      )
    ).rows;
    expect(running).toBeGreaterThan(0);
    const restart = start(victim);

    // The survivor (or the restarted instance) carries on with the dates the dead one never reached, once
    // pg-boss has failed the dead run for its missing heartbeat.
    await boss.send("date-reveals");
    await eventually(async () => {
      const rows = await revealRows(resIds);
      return rows.length === 16 && rows.filter((r) => r.status === "sent").length === 15;
    }, 60_000);
    // The one left is the hung message, its claim still the dead worker's.
    const [stuck] = (await revealRows(resIds)).filter((r) => r.status === "sending");
    const [to] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, stuck.userId ?? 0));
    expect([stuck.reservationId, to.email]).toEqual([hung.resId, hung.to]);

    // The hung message's claim is taken over once it is older than STUCK_SENDING_MINUTES: rather than wait,
    // the claim is dated back past the lease, as if that time had passed; then the mail retry runs.
    await db
      .update(outboundMessages)
      .set({
        claimedAt: sql`${outboundMessages.claimedAt} - make_interval(mins => ${STUCK_SENDING_MINUTES + 1})`,
      })
      .where(eq(outboundMessages.id, stuck.id));
    await boss.send("retry-mail");
    await eventually(async () => (await revealRows(resIds)).every((r) => r.status === "sent"), 60_000);
    await restart;

    const got = copies(resIds);
    expect(got.size).toBe(16);
    const twice = [...got].filter(([, n]) => n > 1);
    expect(twice).toEqual([[`${hung.resId}:${hung.to}`, 2]]);
  }, 120_000);

  it("every minute both instances ran the jobs, each due job ran once", async () => {
    // Both instances up without a break from `from` to `to`.
    const bothUp = (from: number, to: number) =>
      ["a", "b"].every((n) => upTimes[n].some((u) => u.from <= from && (u.to === null || u.to >= to)));
    // Minutes whose tick both instances saw (up from a second before to 5 seconds after: a tick's runs start
    // within a second or two), read 10 seconds after; waits for one if the file has not run across one yet.
    const minutes = () => {
      const out: number[] = [];
      const first = Math.ceil(Math.min(...upTimes.a.map((u) => u.from)) / 60_000) * 60_000;
      for (let m = first; m + 10_000 <= Date.now(); m += 60_000) {
        if (bothUp(m - 1000, m + 5_000)) out.push(m);
      }
      return out;
    };
    const checked = await eventually(() => (minutes().length > 0 ? minutes() : null), 75_000);
    // date-reveals and retry-mail were also run by hand above; every other job only runs on its cron.
    const cronOnly = allJobs.filter((j) => j.name !== "date-reveals" && j.name !== "retry-mail");
    const runs = await db.select().from(jobRuns);
    for (const m of checked) {
      for (const job of cronOnly) {
        const n = runs.filter(
          (r) => r.name === job.name && r.startedAt.getTime() >= m && r.startedAt.getTime() < m + 60_000,
        ).length;
        expect(n, `${job.name} at ${new Date(m).toISOString()}`).toBe(firesAt(job.cron, new Date(m)) ? 1 : 0);
      }
    }
    expect(runs.some((r) => r.name === "date-cancellations" && r.status === "ok")).toBe(true);
  }, 90_000);
});

/** Whether a cron (minute and hour fields only, Europe/London) fires at this minute. */
function firesAt(cron: string, at: Date): boolean {
  const [minute, hour, ...rest] = cron.split(" ");
  if (rest.some((f) => f !== "*")) throw new Error(`firesAt does not read "${cron}"`);
  const london = Number(
    at.toLocaleString("en-GB", { timeZone: "Europe/London", hour: "2-digit", hour12: false }),
  );
  const field = (f: string, v: number) =>
    f === "*" || (f.startsWith("*/") ? v % Number(f.slice(2)) === 0 : Number(f) === v);
  return field(minute, at.getUTCMinutes()) && field(hour, london % 24);
}
