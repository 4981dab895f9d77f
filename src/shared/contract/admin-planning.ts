/** Plan month. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
import { z } from "zod";
import { adminPlanSummarySchema, planningRunRowSchema, planRunSchema } from "../admin/planning.ts";
import { endpoint } from "./endpoint.ts";

export const adminPlanningApi = {
  run: endpoint({
    method: "POST",
    path: "/api/admin/planning/run",
    summary: "Plan a month's dates (or try it: dryRun)",
    body: planRunSchema,
    responses: { 200: adminPlanSummarySchema },
  }),
  runs: endpoint({
    method: "GET",
    path: "/api/admin/planning/runs",
    summary: "The latest planning runs",
    responses: { 200: z.array(planningRunRowSchema) },
  }),
} as const;
