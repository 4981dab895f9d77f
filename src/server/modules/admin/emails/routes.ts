import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  emailLogsQuerySchema,
  exportEmailsQuerySchema,
  updateCampaignSchema,
  updateTemplateSchema,
} from "../../../../shared/admin/emails.ts";
import { outboundMessagesQuerySchema } from "../../../../shared/admin/jobs.ts";
import type { Deps } from "../../../deps.ts";
import { jobRunsOverview, listOutboundMessages } from "./jobs.ts";
import { listEmailLogs, streamEmailLogsExport } from "./logs.ts";
import { exportMemberEmails } from "./member-emails.ts";
import { listCampaigns, listTemplates, updateCampaign, updateTemplate } from "./templates.ts";

const idParams = z.object({ id: adminId });

/** Email Logs tab: the log, its export, member addresses, templates and campaigns. Guarded in auth-context.ts. */
export function adminEmailsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/admin/email-logs", { schema: { querystring: emailLogsQuerySchema } }, async (req, reply) => {
    const { rows, total } = await listEmailLogs(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  r.get("/api/admin/email-logs/export", async (_req, reply) => streamEmailLogsExport(deps, reply));

  r.get("/api/admin/export-emails", { schema: { querystring: exportEmailsQuerySchema } }, async (req) =>
    exportMemberEmails(deps, req.query.marketingOptOut),
  );

  r.get("/api/admin/email-templates", async () => listTemplates(deps));
  r.put(
    "/api/admin/email-templates/:id",
    { schema: { params: idParams, body: updateTemplateSchema } },
    async (req) => updateTemplate(deps, req.params.id, req.body),
  );

  r.get("/api/admin/email-campaigns", async () => listCampaigns(deps));
  r.put(
    "/api/admin/email-campaigns/:id",
    { schema: { params: idParams, body: updateCampaignSchema } },
    async (req) => updateCampaign(deps, req.params.id, req.body),
  );

  // Scheduled jobs (issue #6): each job's last run and failures, and scheduled mail waiting for a retry.
  r.get("/api/admin/job-runs", async () => jobRunsOverview(deps));
  r.get(
    "/api/admin/outbound-messages",
    { schema: { querystring: outboundMessagesQuerySchema } },
    async (req, reply) => {
      const { rows, total } = await listOutboundMessages(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );
}
