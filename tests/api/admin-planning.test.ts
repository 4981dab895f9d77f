/** Plan month from the back office: POST /api/admin/planning/run and GET /api/admin/planning/runs. */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminPlanSummarySchema,
  PLANNING_MSG,
  planningRunRowSchema,
} from "../../src/shared/admin/planning.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
let admin: SignedIn;
let member: SignedIn;
let halal: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin({ firstName: "Pat", lastName: "Planner" });
  member = await t.member({ firstName: "Casey", lastName: "Planned" });
  await givePreferences(t.db, member.user.id);
  const other = await t.member();
  await givePreferences(t.db, other.user.id, {}, { subscriptionTier: "silver" });
  halal = await t.member({ firstName: "Hana", lastName: "Halal" });
  await givePreferences(t.db, halal.user.id, { dietaryRestrictions: ["Halal"] });
  for (let i = 0; i < 4; i++) await matchVenue(t.db, { name: `Plan Venue ${i}` });
});

const run = (payload: unknown, as: SignedIn | null = admin) =>
  t.request({
    method: "POST",
    url: "/api/admin/planning/run",
    as: as ?? undefined,
    ...(payload === undefined
      ? {}
      : {
          payload: typeof payload === "string" ? payload : JSON.stringify(payload),
          headers: { "content-type": "application/json" },
        }),
  });
const runs = (as: SignedIn | null = admin) =>
  t.request({ method: "GET", url: "/api/admin/planning/runs", as: as ?? undefined });

async function n(q: ReturnType<typeof sql>): Promise<number> {
  return (await t.db.execute<{ n: number }>(q)).rows[0].n;
}
const dates = () => n(sql`select count(*)::int as n from date_reservations`);
const quotas = () => n(sql`select count(*)::int as n from user_monthly_quotas`);
const planningRows = () => n(sql`select count(*)::int as n from planning_runs`);

describe("who may plan", () => {
  it("visitors 401 and members 403 on both routes; nothing runs", async () => {
    expect((await run({ dryRun: true }, null)).statusCode).toBe(401);
    expect((await run({ dryRun: true }, member)).statusCode).toBe(403);
    expect((await runs(null)).statusCode).toBe(401);
    expect((await runs(member)).statusCode).toBe(403);
    expect(await planningRows()).toBe(0);
  });
});

describe("POST /api/admin/planning/run", () => {
  it("refuses malformed bodies with a message, running nothing", async () => {
    const cases: [unknown, number, string | null][] = [
      [undefined, 400, null],
      [{}, 400, PLANNING_MSG.dryRun],
      [{ dryRun: "yes" }, 400, PLANNING_MSG.dryRun],
      [{ dryRun: true, month: "2026-13" }, 400, PLANNING_MSG.month],
      [{ dryRun: true, month: "12/2026" }, 400, PLANNING_MSG.month],
      [{ dryRun: true, month: 202612 }, 400, PLANNING_MSG.month],
      [{ dryRun: true, month: "2026-10" }, 400, PLANNING_MSG.monthPast],
      [{ dryRun: true, month: "2028-01" }, 400, PLANNING_MSG.monthFar],
      [{ dryRun: true, extra: 1 }, 400, null],
      ["{not json", 400, null],
    ];
    for (const [body, status, message] of cases) {
      const res = await run(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await planningRows()).toBe(0);
  });

  it("a dry run shows who it would plan and who it cannot place, and writes no date", async () => {
    const before = [await dates(), await quotas()];
    const res = await run({ dryRun: true });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ month: "2026-12", dryRun: true, membersConsidered: 3 });
    expect(s.datesPlanned).toBe(3); // Gold 2 + Silver 1
    expect(s.membersUnplaced).toBe(1);
    expect(s.unplaced).toEqual([
      { userId: halal.user.id, name: "Hana Halal", reason: expect.stringMatching(/Halal/) },
    ]);
    const mine = s.planned.filter((p: { userId: number }) => p.userId === member.user.id);
    expect(mine).toHaveLength(2);
    for (const p of s.planned) {
      expect(p.venueName).toMatch(/^Plan Venue \d$/);
      expect(p.scheduledDate >= "2026-12-01").toBe(true);
      expect(p.reasons.length).toBeGreaterThanOrEqual(2);
    }
    expect(mine[0].memberName).toBe("Casey Planned");
    expect([await dates(), await quotas()]).toEqual(before);
    expect(await planningRows()).toBe(1);
  });

  it("applies the plan; a second run (or a double click) plans nothing more", async () => {
    const before = await dates();
    const [a, b] = await Promise.all([run({ dryRun: false }), run({ dryRun: false, month: "2026-12" })]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const total = a.json().datesPlanned + b.json().datesPlanned;
    expect(total).toBe(3);
    expect(await dates()).toBe(before + 3);
    expect(
      await n(
        sql`select count(*)::int as n from date_reservations where jsonb_array_length(match_reasons) >= 2`,
      ),
    ).toBe(3);
    const again = (await run({ dryRun: false })).json();
    expect(again.datesPlanned).toBe(0);
    expect(await dates()).toBe(before + 3);
  });
});

describe("GET /api/admin/planning/runs", () => {
  it("answers the latest runs, newest first, with who ran them", async () => {
    for (let i = 0; i < 7; i++) await run({ dryRun: true });
    const res = await runs();
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(10);
    const ids = list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect(list[0]).toMatchObject({
      month: "2026-12",
      dryRun: true,
      status: "done",
      membersConsidered: expect.any(Number),
      triggeredBy: { id: admin.user.id, name: "Pat Planner" },
      error: null,
    });
    expect(list.some((r: { dryRun: boolean; datesPlanned: number }) => !r.dryRun && r.datesPlanned > 0)).toBe(
      true,
    );
  });
});

describe("response contract", () => {
  const keysOf = (o: object) => Object.keys(o).sort();

  it("a run's summary and the runs list leave with exactly their schema's fields", async () => {
    const res = await run({ dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(keysOf(summary)).toEqual(keysOf(adminPlanSummarySchema.shape));
    for (const p of summary.planned)
      expect(keysOf(p)).toEqual(keysOf(adminPlanSummarySchema.shape.planned.element.shape));
    const list = (await runs()).json();
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) expect(keysOf(row)).toEqual(keysOf(planningRunRowSchema.shape));
  });
});
