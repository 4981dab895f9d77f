import type { FastifyInstance } from "fastify";
import type { Deps } from "../../../deps.ts";
import { churnAnalytics } from "./churn.ts";
import { sendOperationalExport, sendSubscriptionExport } from "./exports.ts";
import { operationalAnalytics } from "./operational.ts";
import { subscriptionAnalytics } from "./subscriptions.ts";

/**
 * Business analytics (issue #5, point 7). No input: every figure is for "now" (the server's clock).
 * Every /api/admin/* path is guarded in plugins/auth-context.ts (visitors 401, members 403); API answers
 * are never cached (plugins/security.ts).
 */
export function adminAnalyticsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/api/admin/analytics/subscriptions", async () => subscriptionAnalytics(deps));
  app.get("/api/admin/analytics/churn", async () => churnAnalytics(deps));
  app.get("/api/admin/analytics/operational", async () => operationalAnalytics(deps));
  app.get("/api/admin/analytics/subscription/export", async (_req, reply) =>
    sendSubscriptionExport(deps, reply),
  );
  app.get("/api/admin/analytics/operational/export", async (_req, reply) =>
    sendOperationalExport(deps, reply),
  );
}
