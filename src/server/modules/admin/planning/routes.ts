import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { planRunSchema } from "../../../../shared/admin/planning.ts";
import type { Deps } from "../../../deps.ts";
import { requireAdmin } from "../../../plugins/auth-context.ts";
import { listRuns, runPlanning } from "./service.ts";

/** Plan month (issue #6). Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminPlanningRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/admin/planning/run", { schema: { body: planRunSchema } }, async (req) =>
    runPlanning(deps, requireAdmin(req).id, req.body),
  );

  r.get("/api/admin/planning/runs", async () => listRuns(deps));
}
