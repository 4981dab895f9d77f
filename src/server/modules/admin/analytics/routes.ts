import type { FastifyInstance } from "fastify";
import { adminAnalyticsApi as api } from "../../../../shared/contract/admin-analytics.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { route } from "../../../route.ts";
import { churnAnalytics } from "./churn.ts";
import { operationalExport, subscriptionExport } from "./exports.ts";
import { operationalAnalytics } from "./operational.ts";
import { subscriptionAnalytics } from "./subscriptions.ts";

/**
 * Business analytics. No input: every figure is for "now" (the server's clock).
 * Every /api/admin/* path is guarded in plugins/auth-context.ts (visitors 401, members 403); API answers
 * are never cached (plugins/security.ts).
 */
export function adminAnalyticsRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.subscriptions, {}, async () => subscriptionAnalytics(deps));
  route(app, api.churn, {}, async () => churnAnalytics(deps));
  route(app, api.operational, {}, async () => operationalAnalytics(deps));
  route(app, api.subscriptionExport, {}, async (_req, reply) =>
    sendDownload(reply, await subscriptionExport(deps)),
  );
  route(app, api.operationalExport, {}, async (_req, reply) =>
    sendDownload(reply, await operationalExport(deps)),
  );
}
