/** Plan month from the back office: runs the monthly planner and lists its latest runs. */
import { desc, eq, inArray } from "drizzle-orm";
import { memberName } from "../../../../shared/admin/members.ts";
import {
  type AdminPlanSummary,
  nextMonthOf,
  PLANNED_SHOWN,
  PLANNING_MSG,
  type PlanningRunRow,
  type PlanRunInput,
} from "../../../../shared/admin/planning.ts";
import { dateIdeas, planningRuns, users, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest } from "../../../http-error.ts";
import { planMonth } from "../../matching/plan.ts";
import { failAbandonedRuns } from "../../matching/run-owner.ts";
import type { PlanSummary } from "../../matching/types.ts";

const monthIndex = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return y * 12 + m - 1;
};

/** Refuses months that have ended or lie more than 12 months ahead (London months). */
export function checkMonth(month: string, now: Date): void {
  const current = monthIndex(nextMonthOf(now)) - 1;
  const asked = monthIndex(month);
  if (asked < current) throw badRequest(PLANNING_MSG.monthPast);
  if (asked > current + 12) throw badRequest(PLANNING_MSG.monthFar);
}

/** The planner's summary with names for the first planned dates (the counts cover them all). */
export async function describeSummary(deps: Pick<Deps, "db">, s: PlanSummary): Promise<AdminPlanSummary> {
  const shown = s.planned.slice(0, PLANNED_SHOWN);
  const userIds = [...new Set(shown.map((p) => p.userId))];
  const venueIds = [...new Set(shown.map((p) => p.venueId))];
  const ideaIds = [...new Set(shown.flatMap((p) => (p.dateIdeaId === null ? [] : [p.dateIdeaId])))];
  const [us, vs, is] = await Promise.all([
    userIds.length
      ? deps.db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    venueIds.length
      ? deps.db.select({ id: venues.id, name: venues.name }).from(venues).where(inArray(venues.id, venueIds))
      : [],
    ideaIds.length
      ? deps.db
          .select({ id: dateIdeas.id, title: dateIdeas.title })
          .from(dateIdeas)
          .where(inArray(dateIdeas.id, ideaIds))
      : [],
  ]);
  const userName = new Map(us.map((u) => [u.id, memberName(u)]));
  const venueName = new Map(vs.map((v) => [v.id, v.name]));
  const ideaTitle = new Map(is.map((i) => [i.id, i.title]));
  return {
    ...s,
    planned: shown.map((p) => ({
      userId: p.userId,
      memberName: userName.get(p.userId) ?? `Member ${p.userId}`,
      venueId: p.venueId,
      venueName: venueName.get(p.venueId) ?? `Venue ${p.venueId}`,
      dateIdeaTitle: p.dateIdeaId === null ? null : (ideaTitle.get(p.dateIdeaId) ?? null),
      scheduledDate: p.scheduledDate,
      reasons: p.reasons,
    })),
  };
}

/** POST /api/admin/planning/run: a dry run (nothing written but the run's record) or the real plan. */
export async function runPlanning(
  deps: Deps,
  adminId: number,
  input: PlanRunInput,
): Promise<AdminPlanSummary> {
  const month = input.month ?? nextMonthOf(deps.now());
  checkMonth(month, deps.now());
  const summary = await planMonth(deps, { month, dryRun: input.dryRun, triggeredBy: adminId });
  return describeSummary(deps, summary);
}

/** GET /api/admin/planning/runs: the latest 10 runs, newest first. */
export async function listRuns(deps: Deps): Promise<PlanningRunRow[]> {
  await failAbandonedRuns(deps.db, deps.now());
  const rows = await deps.db
    .select({
      run: planningRuns,
      admin: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(planningRuns)
    .leftJoin(users, eq(users.id, planningRuns.triggeredBy))
    .orderBy(desc(planningRuns.startedAt), desc(planningRuns.id))
    .limit(10);
  return rows.map(({ run, admin }) => ({
    id: run.id,
    month: run.month,
    dryRun: run.dryRun,
    status: run.status,
    membersConsidered: run.membersConsidered,
    datesPlanned: run.datesPlanned,
    membersUnplaced: run.membersUnplaced,
    error: run.error,
    triggeredBy: admin?.id ? { id: admin.id, name: memberName(admin) } : null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}
