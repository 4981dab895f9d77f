/**
 * A plan run whose process is gone (killed mid-run) is marked failed when the runs are read: each run records
 * the PostgreSQL session doing it, and a run whose session has ended, or that no session claimed within a
 * minute, says "Stopped before it finished: run it again" instead of "running" for ever.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { planningRuns } from "../../src/server/db/schema.ts";
import { ABANDONED_RUN_ERROR, failAbandonedRuns } from "../../src/server/modules/matching/run-owner.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

const runs = async () => {
  const res = await t.request({ method: "GET", url: "/api/admin/planning/runs", as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{ id: number; status: string; error: string | null; finishedAt: string | null }>;
};

async function runningRow(values: Partial<typeof planningRuns.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(planningRuns)
    .values({ month: "2026-12", dryRun: true, status: "running", startedAt: NOW, ...values })
    .returning();
  return row;
}

/** A row owned by a session of its own, as a run in another process is, with a way to end that session. */
async function ownedRow() {
  const session = await t.db.$client.connect();
  const { rows } = await session.query<{ pid: number }>("select pg_backend_pid() as pid");
  const row = await runningRow({ ownerPid: rows[0].pid });
  await t.db.execute(sql`
    update planning_runs set owner_backend_start = (select backend_start from pg_stat_activity where pid = ${rows[0].pid})
    where id = ${row.id}
  `);
  return { row, kill: () => session.release(true) };
}

describe("a run whose process is gone", () => {
  it("a real run records the session doing it and ends done", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/admin/planning/run",
      as: admin,
      payload: { dryRun: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(planningRuns).where(eq(planningRuns.id, res.json().runId));
    expect(row.status).toBe("done");
    expect(row.ownerPid).toEqual(expect.any(Number));
    expect(row.ownerBackendStart).toBeInstanceOf(Date);
  });

  it("stays running while its session lives, and is marked failed once the session ends", async () => {
    const { row, kill } = await ownedRow();
    expect((await runs()).find((r) => r.id === row.id)).toMatchObject({ status: "running", error: null });

    kill();
    await expect
      .poll(async () => (await runs()).find((r) => r.id === row.id), { timeout: 10_000 })
      .toMatchObject({ status: "failed", error: ABANDONED_RUN_ERROR, finishedAt: NOW.toISOString() });
  });

  it("a session of the same number started later is not the run's owner", async () => {
    const { row, kill } = await ownedRow();
    await t.db.execute(sql`
      update planning_runs set owner_backend_start = owner_backend_start - interval '1 microsecond' where id = ${row.id}
    `);
    expect((await runs()).find((r) => r.id === row.id)).toMatchObject({ status: "failed" });
    kill();
  });

  it("a run no session claimed is failed after a minute, not before", async () => {
    const recent = await runningRow({ startedAt: new Date(NOW.getTime() - 30_000) });
    const old = await runningRow({ startedAt: new Date(NOW.getTime() - 61_000) });
    const list = await runs();
    expect(list.find((r) => r.id === recent.id)).toMatchObject({ status: "running" });
    expect(list.find((r) => r.id === old.id)).toMatchObject({ status: "failed", error: ABANDONED_RUN_ERROR });
  });

  it("done and failed runs are left as they are; at start-up the same sweep answers how many it marked", async () => {
    const done = await runningRow({ status: "done", ownerPid: 1 });
    await runningRow({ ownerPid: 2_000_000_000 });
    expect(await failAbandonedRuns(t.db, NOW)).toBe(1);
    expect(await failAbandonedRuns(t.db, NOW)).toBe(0);
    const [still] = await t.db.select().from(planningRuns).where(eq(planningRuns.id, done.id));
    expect(still).toMatchObject({ status: "done", error: null });
  });
});
