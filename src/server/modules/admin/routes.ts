import { and, count, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminStats } from "../../../shared/admin/common.ts";
import { dateReservations, users, venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { adminAnalyticsRoutes } from "./analytics/routes.ts";
import { adminAssignmentsRoutes } from "./assignments/routes.ts";
import { adminEmailsRoutes } from "./emails/routes.ts";
import { adminMembersRoutes } from "./members/routes.ts";
import { adminOffersRoutes } from "./offers/routes.ts";
import { adminPlanningRoutes } from "./planning/routes.ts";
import { adminSuggestionsRoutes } from "./suggestions/routes.ts";
import { adminSupportRoutes } from "./support/routes.ts";
import { adminVenuesRoutes } from "./venues/routes.ts";

/**
 * The back office (issue #5). Visitors get 401 and members 403 on every /api/admin/* path before any
 * handler runs (plugins/auth-context.ts); routes outside that tree check requireAdmin themselves.
 */
export async function adminRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.get("/api/admin/stats", async (): Promise<AdminStats> => {
    const [[m], [v], [a]] = await Promise.all([
      // Members only: not the back office's admins, nor deleted accounts (anonymised tombstones).
      deps.db
        .select({ n: count() })
        .from(users)
        .where(and(isNull(users.deletedAt), eq(users.isAdmin, false))),
      deps.db.select({ n: count() }).from(venues),
      deps.db.select({ n: count() }).from(dateReservations),
    ]);
    return { totalMembers: m.n, partnerVenues: v.n, totalAssignments: a.n };
  });
  adminVenuesRoutes(app, deps);
  adminMembersRoutes(app, deps);
  adminAssignmentsRoutes(app, deps);
  adminSuggestionsRoutes(app, deps);
  adminPlanningRoutes(app, deps);
  adminOffersRoutes(app, deps);
  adminAnalyticsRoutes(app, deps);
  adminEmailsRoutes(app, deps);
  adminSupportRoutes(app, deps);
}
