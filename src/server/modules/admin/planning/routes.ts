import type { FastifyInstance } from "fastify";
import { adminPlanningApi as api } from "../../../../shared/contract/admin-planning.ts";
import type { Deps } from "../../../deps.ts";
import { requireAdmin } from "../../../plugins/auth-context.ts";
import { route } from "../../../route.ts";
import { listRuns, runPlanning } from "./service.ts";

/** Plan month. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminPlanningRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.run, {}, async (req) => runPlanning(deps, requireAdmin(req).id, req.body));
  route(app, api.runs, {}, async () => listRuns(deps));
}
