/** Plan month: the admin button and the CLI run the monthly planner; schemas and answers. */
import { z } from "zod";
import { londonYearMonth, monthKey, monthKeyLabel } from "../london-time.ts";

export const PLANNING_MSG = {
  month: "Month must be given as YYYY-MM",
  monthPast: "That month has already ended",
  monthFar: "Months can be planned at most 12 months ahead",
  dryRun: "dryRun must be true or false",
  planned: "Dates Planned",
  failed: "Planning failed",
} as const;

/** POST /api/admin/planning/run. */
export const planRunSchema = z.strictObject({
  month: z
    .string({ error: PLANNING_MSG.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, PLANNING_MSG.month)
    .optional(),
  dryRun: z.boolean({ error: PLANNING_MSG.dryRun }),
});
export type PlanRunInput = z.infer<typeof planRunSchema>;

/** How many planned dates the admin answer lists (with names); the counts cover all of them. */
export const PLANNED_SHOWN = 50;

/** One pass of the planner as the admin sees it. */
export const adminPlanSummarySchema = z
  .object({
    runId: z.number().nullable(),
    month: z.string(),
    dryRun: z.boolean(),
    membersConsidered: z.number(),
    datesPlanned: z.number(),
    membersUnplaced: z.number(),
    unplaced: z.array(z.object({ userId: z.number(), name: z.string(), reason: z.string() })),
    /** The first PLANNED_SHOWN planned dates with member and venue names. */
    planned: z.array(
      z.object({
        userId: z.number(),
        memberName: z.string(),
        venueId: z.number(),
        venueName: z.string(),
        dateIdeaTitle: z.string().nullable(),
        scheduledDate: z.string(),
        reasons: z.array(z.string()),
      }),
    ),
    elapsedMs: z.number(),
  })
  .meta({ id: "AdminPlanSummary" });
export type AdminPlanSummary = z.infer<typeof adminPlanSummarySchema>;

/** GET /api/admin/planning/runs: the latest runs. */
export const planningRunRowSchema = z
  .object({
    id: z.number(),
    month: z.string(),
    dryRun: z.boolean(),
    status: z.string(),
    membersConsidered: z.number(),
    datesPlanned: z.number(),
    membersUnplaced: z.number(),
    error: z.string().nullable(),
    triggeredBy: z.object({ id: z.number(), name: z.string() }).nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "AdminPlanningRun" });
export type PlanningRunRow = z.infer<typeof planningRunRowSchema>;

/** "December 2026" for "2026-12". */
export function monthLabel(month: string): string {
  return monthKeyLabel(month);
}

/** The London month after `now` ("2026-12"), the one the planner plans by default. */
export function nextMonthOf(now: Date): string {
  const { year, month } = londonYearMonth(now);
  return month === 12 ? monthKey(year + 1, 1) : monthKey(year, month + 1);
}
