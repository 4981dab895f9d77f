import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  emailCampaignRowSchema,
  emailLogRowSchema,
  emailLogsQuerySchema,
  emailTemplateRowSchema,
  exportEmailsAnswerSchema,
  exportEmailsQuerySchema,
  updateCampaignSchema,
  updateTemplateSchema,
} from "../../../../shared/admin/emails.ts";
import {
  jobRunsAnswerSchema,
  outboundMessageRowSchema,
  outboundMessagesQuerySchema,
} from "../../../../shared/admin/jobs.ts";
import { fileResponse } from "../../../../shared/schemas/responses.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { XLSX_TYPE } from "../spreadsheet.ts";
import { jobRunsOverview, listOutboundMessages } from "./jobs.ts";
import { emailLogsDownload, listEmailLogs } from "./logs.ts";
import { exportMemberEmails } from "./member-emails.ts";
import {
  getCampaign,
  getTemplate,
  listCampaigns,
  listTemplates,
  updateCampaign,
  updateTemplate,
} from "./templates.ts";

const idParams = z.object({ id: adminId });

/** Email Logs tab: the log, its export, member addresses, templates and campaigns. Guarded in auth-context.ts. */
export function adminEmailsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/email-logs",
    {
      schema: {
        summary: "One page of the e-mail log, newest first (total in X-Total-Count)",
        querystring: emailLogsQuerySchema,
        response: { 200: z.array(emailLogRowSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listEmailLogs(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );

  r.get(
    "/api/admin/email-logs/export",
    {
      schema: {
        summary: "Download the whole e-mail log",
        response: { 200: fileResponse(XLSX_TYPE, "Every logged e-mail as an .xlsx workbook") },
      },
    },
    async (req, reply) => sendDownload(reply, emailLogsDownload(deps, req.log)),
  );

  r.get(
    "/api/admin/export-emails",
    {
      schema: {
        summary: "Members' e-mail addresses, optionally by marketing choice",
        querystring: exportEmailsQuerySchema,
        response: { 200: exportEmailsAnswerSchema },
      },
    },
    async (req) => exportMemberEmails(deps, req.query.marketingOptOut),
  );

  r.get(
    "/api/admin/email-templates",
    { schema: { summary: "Every e-mail template", response: { 200: z.array(emailTemplateRowSchema) } } },
    async () => listTemplates(deps),
  );
  r.get(
    "/api/admin/email-templates/:id",
    {
      schema: {
        summary: "One e-mail template, with its ETag (send it back as If-Match when saving)",
        params: idParams,
        response: { 200: emailTemplateRowSchema },
      },
    },
    async (req, reply) => sendTagged(reply, await getTemplate(deps, req.params.id)),
  );
  r.put(
    "/api/admin/email-templates/:id",
    {
      schema: {
        summary: "Change an e-mail template (If-Match: refused with 412 when it changed since it was read)",
        params: idParams,
        body: updateTemplateSchema,
        response: { 200: emailTemplateRowSchema },
        errors: [412],
      },
    },
    async (req, reply) =>
      sendTagged(
        reply,
        await updateTemplate(deps, actorOf(req.user!), req.params.id, req.body, ifMatchOf(req)),
      ),
  );

  r.get(
    "/api/admin/email-campaigns",
    { schema: { summary: "Every e-mail campaign", response: { 200: z.array(emailCampaignRowSchema) } } },
    async () => listCampaigns(deps),
  );
  r.get(
    "/api/admin/email-campaigns/:id",
    {
      schema: {
        summary: "One e-mail campaign, with its ETag (send it back as If-Match when saving)",
        params: idParams,
        response: { 200: emailCampaignRowSchema },
      },
    },
    async (req, reply) => sendTagged(reply, await getCampaign(deps, req.params.id)),
  );
  r.put(
    "/api/admin/email-campaigns/:id",
    {
      schema: {
        summary: "Change an e-mail campaign (If-Match: refused with 412 when it changed since it was read)",
        params: idParams,
        body: updateCampaignSchema,
        response: { 200: emailCampaignRowSchema },
        errors: [412],
      },
    },
    async (req, reply) =>
      sendTagged(
        reply,
        await updateCampaign(deps, actorOf(req.user!), req.params.id, req.body, ifMatchOf(req)),
      ),
  );

  // Scheduled jobs: each job's last run and failures, and scheduled mail waiting for a retry.
  r.get(
    "/api/admin/job-runs",
    {
      schema: {
        summary: "Each scheduled job's last run, recent failures and mail waiting for a retry",
        response: { 200: jobRunsAnswerSchema },
      },
    },
    async () => jobRunsOverview(deps),
  );
  r.get(
    "/api/admin/outbound-messages",
    {
      schema: {
        summary: "Scheduled e-mails that failed or were given up on (total in X-Total-Count)",
        querystring: outboundMessagesQuerySchema,
        response: { 200: z.array(outboundMessageRowSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listOutboundMessages(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );
}
