/** Plan month (issue #6): the admin button and the CLI run the monthly planner; schemas and answers. */
import { z } from "zod";

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
export interface AdminPlanSummary {
  runId: number | null;
  month: string;
  dryRun: boolean;
  membersConsidered: number;
  datesPlanned: number;
  membersUnplaced: number;
  unplaced: { userId: number; name: string; reason: string }[];
  /** The first PLANNED_SHOWN planned dates with member and venue names. */
  planned: {
    userId: number;
    memberName: string;
    venueId: number;
    venueName: string;
    dateIdeaTitle: string | null;
    scheduledDate: string;
    reasons: string[];
  }[];
  elapsedMs: number;
}

/** GET /api/admin/planning/runs: the latest runs. */
export interface PlanningRunRow {
  id: number;
  month: string;
  dryRun: boolean;
  status: string;
  membersConsidered: number;
  datesPlanned: number;
  membersUnplaced: number;
  error: string | null;
  triggeredBy: { id: number; name: string } | null;
  startedAt: string;
  finishedAt: string | null;
}

/** "December 2026" for "2026-12". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The London month after `now` ("2026-12"), the one the planner plans by default. */
export function nextMonthOf(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "numeric",
  }).formatToParts(now);
  const y = Number(parts.find((p) => p.type === "year")?.value);
  const m = Number(parts.find((p) => p.type === "month")?.value);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}
