import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { allJobs, runDueJobs } from "../../src/app/server/jobs.ts";
import { jobRuns } from "../../src/server/db/schema.ts";
import { purgeJobRuns, startJobs } from "../../src/server/jobs/boss.ts";
import { createTestApp, eventually } from "../helpers/app.ts";

const t = await createTestApp();

describe("pg-boss wiring", () => {
  it("startJobs runs a job on the app's database, records the run, and stops cleanly", async () => {
    let runs = 0;
    const jobs = await startJobs(
      t.deps,
      t.config.databaseUrl!,
      [
        // Cron once a year: only the trigger below runs it.
        {
          name: "test-ping",
          cron: "0 3 1 1 *",
          run: async () => {
            runs++;
            return 3;
          },
        },
        {
          name: "test-broken",
          cron: "0 3 1 1 *",
          run: async () => {
            throw new Error("boom");
          },
        },
      ],
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      expect(await jobs.trigger("test-ping")).toBe(true);
      expect(await jobs.trigger("test-broken")).toBe(true);
      const ok = await eventually(async () => {
        const rows = await t.db.select().from(jobRuns).where(eq(jobRuns.name, "test-ping"));
        return rows.find((r) => r.status === "ok");
      }, 15_000);
      expect(ok).toMatchObject({ processed: 3, error: null });
      expect(ok.finishedAt).not.toBeNull();
      const failed = await eventually(async () => {
        const rows = await t.db.select().from(jobRuns).where(eq(jobRuns.name, "test-broken"));
        return rows.find((r) => r.status === "failed");
      }, 15_000);
      expect(failed.error).toBe("boom");
      expect(runs).toBe(1);
      // The schedule is stored with London time.
      const s = await t.db.$client.query(
        "select name, cron, options from pgboss.schedule where name = 'test-ping'",
      );
      expect(s.rows[0]).toMatchObject({ cron: "0 3 1 1 *" });
      expect(JSON.stringify(s.rows[0].options)).toContain("Europe/London");
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it("runDueJobs runs every registered job once and records each run", async () => {
    const result = await runDueJobs(t.deps);
    expect(Object.keys(result)).toEqual(allJobs.map((j) => j.name));
    for (const name of Object.keys(result)) expect(typeof result[name], name).toBe("number");
    const names = new Set((await t.db.select({ name: jobRuns.name }).from(jobRuns)).map((r) => r.name));
    for (const j of allJobs) expect(names.has(j.name)).toBe(true);
  });
});

describe("purge", () => {
  it("old runs are deleted and a run left running for over an hour is marked failed", async () => {
    const now = t.clock.now();
    const h = (n: number) => new Date(now.getTime() - n * 3_600_000);
    await t.db.insert(jobRuns).values([
      { name: "purge-test-old", startedAt: h(24 * 15), status: "ok" },
      { name: "purge-test-stuck", startedAt: h(2), status: "running" },
      { name: "purge-test-busy", startedAt: h(0.5), status: "running" },
    ]);
    await purgeJobRuns(t.deps);
    const rows = await t.db.select().from(jobRuns);
    const by = (name: string) => rows.find((r) => r.name === name);
    expect(by("purge-test-old")).toBeUndefined();
    expect(by("purge-test-stuck")).toMatchObject({ status: "failed" });
    expect(by("purge-test-busy")).toMatchObject({ status: "running" });
  });

  it("a new run of a job marks its predecessor failed when that one's worker stopped long ago", async () => {
    const now = t.clock.now();
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    const [killed, other, recent] = await t.db
      .insert(jobRuns)
      .values([
        { name: "data-retention", startedAt: ago(600), status: "running" },
        { name: "purge-sessions", startedAt: ago(600), status: "running" },
        { name: "data-retention", startedAt: ago(30), status: "running" },
      ])
      .returning();
    await runDueJobs(
      t.deps,
      allJobs.filter((j) => j.name === "data-retention"),
    );
    const row = async (id: number) => (await t.db.select().from(jobRuns).where(eq(jobRuns.id, id)))[0];
    expect(await row(killed.id)).toMatchObject({
      status: "failed",
      error: "the worker stopped before the run finished",
    });
    // Another job's run, and a run of this one started within two heartbeats, are left alone.
    expect(await row(other.id)).toMatchObject({ status: "running" });
    expect(await row(recent.id)).toMatchObject({ status: "running" });
    const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.name, "data-retention"));
    expect(runs.filter((r) => r.id > recent.id).map((r) => r.status)).toEqual(["ok"]);
  });
});
