import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminPlanSummarySchema,
  planningRunRowSchema,
  planRunSchema,
} from "../../../../shared/admin/planning.ts";
import type { Deps } from "../../../deps.ts";
import { requireAdmin } from "../../../plugins/auth-context.ts";
import { listRuns, runPlanning } from "./service.ts";

/** Plan month. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminPlanningRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/admin/planning/run",
    {
      schema: {
        summary: "Plan a month's dates (or try it: dryRun)",
        body: planRunSchema,
        response: { 200: adminPlanSummarySchema },
      },
    },
    async (req) => runPlanning(deps, requireAdmin(req).id, req.body),
  );

  r.get(
    "/api/admin/planning/runs",
    { schema: { summary: "The latest planning runs", response: { 200: z.array(planningRunRowSchema) } } },
    async () => listRuns(deps),
  );
}
