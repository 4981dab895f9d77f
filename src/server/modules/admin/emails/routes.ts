import type { FastifyInstance } from "fastify";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/back-office.ts";
import { adminEmailsApi as api } from "../../../../shared/contract/admin-emails.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { route } from "../../../route.ts";
import { ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
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

/** Email Logs tab: the log, its export, member addresses, templates and campaigns. Guarded in auth-context.ts. */
export function adminEmailsRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.logs, {}, async (req, reply) => {
    const { rows, total } = await listEmailLogs(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
  route(app, api.logsExport, {}, async (req, reply) => sendDownload(reply, emailLogsDownload(deps, req.log)));
  route(app, api.memberEmails, {}, async (req) => exportMemberEmails(deps, req.query.marketingOptOut));

  route(app, api.templates, {}, async () => listTemplates(deps));
  route(app, api.template, {}, async (req, reply) =>
    sendTagged(reply, await getTemplate(deps, req.params.id)),
  );
  route(app, api.updateTemplate, {}, async (req, reply) =>
    sendTagged(
      reply,
      await updateTemplate(deps, actorOf(req.user!), req.params.id, req.body, ifMatchOf(req)),
    ),
  );

  route(app, api.campaigns, {}, async () => listCampaigns(deps));
  route(app, api.campaign, {}, async (req, reply) =>
    sendTagged(reply, await getCampaign(deps, req.params.id)),
  );
  route(app, api.updateCampaign, {}, async (req, reply) =>
    sendTagged(
      reply,
      await updateCampaign(deps, actorOf(req.user!), req.params.id, req.body, ifMatchOf(req)),
    ),
  );

  route(app, api.jobRuns, {}, async () => jobRunsOverview(deps));
  route(app, api.outboundMessages, {}, async (req, reply) => {
    const { rows, total } = await listOutboundMessages(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
}
