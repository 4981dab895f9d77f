import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  churnAnalyticsSchema,
  operationalAnalyticsSchema,
  subscriptionAnalyticsSchema,
} from "../../../../shared/admin/analytics.ts";
import { fileResponse } from "../../../../shared/schemas/responses.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { XLSX_TYPE } from "../spreadsheet.ts";
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/analytics/subscriptions",
    {
      schema: {
        summary: "MRR, subscribers, ARPU and the MRR of the last 12 months",
        response: { 200: subscriptionAnalyticsSchema },
      },
    },
    async () => subscriptionAnalytics(deps),
  );
  r.get(
    "/api/admin/analytics/churn",
    {
      schema: {
        summary: "Churn, cancellations, sign-ups and new subscriptions",
        response: { 200: churnAnalyticsSchema },
      },
    },
    async () => churnAnalytics(deps),
  );
  r.get(
    "/api/admin/analytics/operational",
    {
      schema: {
        summary: "Dates, delivery, approvals, ratings and recent activity",
        response: { 200: operationalAnalyticsSchema },
      },
    },
    async () => operationalAnalytics(deps),
  );
  r.get(
    "/api/admin/analytics/subscription/export",
    {
      schema: {
        summary: "Download the subscription analytics",
        response: { 200: fileResponse(XLSX_TYPE, "The subscription figures as an .xlsx workbook") },
      },
    },
    async (_req, reply) => sendDownload(reply, await subscriptionExport(deps)),
  );
  r.get(
    "/api/admin/analytics/operational/export",
    {
      schema: {
        summary: "Download the operational analytics",
        response: { 200: fileResponse(XLSX_TYPE, "The operational figures as an .xlsx workbook") },
      },
    },
    async (_req, reply) => sendDownload(reply, await operationalExport(deps)),
  );
}
