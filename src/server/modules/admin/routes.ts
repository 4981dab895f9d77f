import type { FastifyInstance } from "fastify";
import { adminApi } from "../../../shared/contract/admin.ts";
import type { Deps } from "../../deps.ts";
import { route } from "../../route.ts";
import { adminAuditRoutes } from "../audit/routes.ts";
import { adminCluesRoutes } from "../clues/routes.ts";
import { adminAnalyticsRoutes } from "./analytics/routes.ts";
import { adminAssignmentsRoutes } from "./assignments/routes.ts";
import { adminAttentionRoutes } from "./attention/routes.ts";
import { adminEmailsRoutes } from "./emails/routes.ts";
import { adminMembersRoutes } from "./members/routes.ts";
import { adminOffersRoutes } from "./offers/routes.ts";
import { adminPlanningRoutes } from "./planning/routes.ts";
import { adminStats } from "./stats.ts";
import { adminSuggestionsRoutes } from "./suggestions/routes.ts";
import { adminSupportRoutes } from "./support/routes.ts";
import { adminVenuesRoutes } from "./venues/routes.ts";

/**
 * The back office. Visitors get 401 and members 403 on every /api/admin/* path before any
 * handler runs (plugins/auth-context.ts); routes outside that tree check requireAdmin themselves.
 */
export async function adminRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  route(app, adminApi.stats, {}, async () => adminStats(deps));
  adminVenuesRoutes(app, deps);
  adminMembersRoutes(app, deps);
  adminAssignmentsRoutes(app, deps);
  adminCluesRoutes(app, deps);
  adminSuggestionsRoutes(app, deps);
  adminPlanningRoutes(app, deps);
  adminOffersRoutes(app, deps);
  adminAnalyticsRoutes(app, deps);
  adminEmailsRoutes(app, deps);
  adminSupportRoutes(app, deps);
  adminAuditRoutes(app, deps);
  adminAttentionRoutes(app, deps);
}
