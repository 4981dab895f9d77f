/**
 * The Email Logs tab: the log, its export, member addresses, templates and campaigns, and the scheduled jobs'
 * runs. Every /api/admin/* path is guarded in plugins/auth-context.ts. A template's or campaign's read answers
 * its ETag; a save with If-Match is refused with 412 when it changed since.
 */
import { z } from "zod";
import { adminId } from "../admin/back-office.ts";
import {
  emailCampaignRowSchema,
  emailLogRowSchema,
  emailLogsQuerySchema,
  emailTemplateRowSchema,
  exportEmailsAnswerSchema,
  exportEmailsQuerySchema,
  updateCampaignSchema,
  updateTemplateSchema,
} from "../admin/emails.ts";
import { jobRunsAnswerSchema, outboundMessageRowSchema, outboundMessagesQuerySchema } from "../admin/jobs.ts";
import { XLSX_TYPE } from "../admin/spreadsheet.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

const idParams = z.object({ id: adminId });

export const adminEmailsApi = {
  logs: endpoint({
    method: "GET",
    path: "/api/admin/email-logs",
    answerHeaders: ["X-Total-Count"],
    summary: "One page of the e-mail log, newest first (total in X-Total-Count)",
    query: emailLogsQuerySchema,
    responses: { 200: z.array(emailLogRowSchema) },
  }),
  logsExport: endpoint({
    method: "GET",
    path: "/api/admin/email-logs/export",
    summary: "Download the whole e-mail log",
    responses: { 200: fileResponse(XLSX_TYPE, "Every logged e-mail as an .xlsx workbook") },
  }),
  memberEmails: endpoint({
    method: "GET",
    path: "/api/admin/export-emails",
    summary: "Members' e-mail addresses, optionally by marketing choice",
    query: exportEmailsQuerySchema,
    responses: { 200: exportEmailsAnswerSchema },
  }),
  templates: endpoint({
    method: "GET",
    path: "/api/admin/email-templates",
    summary: "Every e-mail template",
    responses: { 200: z.array(emailTemplateRowSchema) },
  }),
  template: endpoint({
    method: "GET",
    path: "/api/admin/email-templates/:id",
    answerHeaders: ["ETag"],
    summary: "One e-mail template, with its ETag (send it back as If-Match when saving)",
    params: idParams,
    responses: { 200: emailTemplateRowSchema },
  }),
  updateTemplate: endpoint({
    method: "PUT",
    path: "/api/admin/email-templates/:id",
    answerHeaders: ["ETag"],
    summary: "Change an e-mail template (If-Match: refused with 412 when it changed since it was read)",
    params: idParams,
    body: updateTemplateSchema,
    responses: { 200: emailTemplateRowSchema },
    errors: [412],
  }),
  campaigns: endpoint({
    method: "GET",
    path: "/api/admin/email-campaigns",
    summary: "Every e-mail campaign",
    responses: { 200: z.array(emailCampaignRowSchema) },
  }),
  campaign: endpoint({
    method: "GET",
    path: "/api/admin/email-campaigns/:id",
    answerHeaders: ["ETag"],
    summary: "One e-mail campaign, with its ETag (send it back as If-Match when saving)",
    params: idParams,
    responses: { 200: emailCampaignRowSchema },
  }),
  updateCampaign: endpoint({
    method: "PUT",
    path: "/api/admin/email-campaigns/:id",
    answerHeaders: ["ETag"],
    summary: "Change an e-mail campaign (If-Match: refused with 412 when it changed since it was read)",
    params: idParams,
    body: updateCampaignSchema,
    responses: { 200: emailCampaignRowSchema },
    errors: [412],
  }),
  // Scheduled jobs: each job's last run and failures, and scheduled mail waiting for a retry.
  jobRuns: endpoint({
    method: "GET",
    path: "/api/admin/job-runs",
    summary: "Each scheduled job's last run, recent failures and mail waiting for a retry",
    responses: { 200: jobRunsAnswerSchema },
  }),
  outboundMessages: endpoint({
    method: "GET",
    path: "/api/admin/outbound-messages",
    answerHeaders: ["X-Total-Count"],
    summary: "Scheduled e-mails that failed or were given up on (total in X-Total-Count)",
    query: outboundMessagesQuerySchema,
    responses: { 200: z.array(outboundMessageRowSchema) },
  }),
} as const;
