import type { FastifyInstance } from "fastify";
import { TOTAL_COUNT_HEADER } from "../../../shared/admin/back-office.ts";
import { auditApi as api } from "../../../shared/contract/audit.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import type { Deps } from "../../deps.ts";
import { route } from "../../route.ts";
import { auditCsv, listAudit } from "./service.ts";

/**
 * GET /api/admin/audit: who changed what, newest first; GET /api/admin/audit/export: the same rows as CSV
 * (admin only, like every /api/admin path).
 */
export function adminAuditRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.list, {}, async (req, reply) => {
    const { rows, total } = await listAudit(deps.db, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
  route(app, api.export, {}, async (req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="audit-${londonIsoDay(deps.now())}.csv"`)
      .send(await auditCsv(deps.db, req.query)),
  );
}
