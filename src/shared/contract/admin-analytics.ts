/**
 * Business analytics. No input: every figure is for "now" (the server's clock). Every /api/admin/* path is
 * guarded in plugins/auth-context.ts (visitors 401, members 403); API answers are never cached
 * (plugins/security.ts).
 */
import {
  churnAnalyticsSchema,
  operationalAnalyticsSchema,
  subscriptionAnalyticsSchema,
} from "../admin/analytics.ts";
import { XLSX_TYPE } from "../admin/spreadsheet.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

export const adminAnalyticsApi = {
  subscriptions: endpoint({
    method: "GET",
    path: "/api/admin/analytics/subscriptions",
    summary: "MRR, subscribers, ARPU and the MRR of the last 12 months",
    responses: { 200: subscriptionAnalyticsSchema },
  }),
  churn: endpoint({
    method: "GET",
    path: "/api/admin/analytics/churn",
    summary: "Churn, cancellations, sign-ups and new subscriptions",
    responses: { 200: churnAnalyticsSchema },
  }),
  operational: endpoint({
    method: "GET",
    path: "/api/admin/analytics/operational",
    summary: "Dates, delivery, approvals, ratings and recent activity",
    responses: { 200: operationalAnalyticsSchema },
  }),
  subscriptionExport: endpoint({
    method: "GET",
    path: "/api/admin/analytics/subscription/export",
    summary: "Download the subscription analytics",
    responses: { 200: fileResponse(XLSX_TYPE, "The subscription figures as an .xlsx workbook") },
  }),
  operationalExport: endpoint({
    method: "GET",
    path: "/api/admin/analytics/operational/export",
    summary: "Download the operational analytics",
    responses: { 200: fileResponse(XLSX_TYPE, "The operational figures as an .xlsx workbook") },
  }),
} as const;
