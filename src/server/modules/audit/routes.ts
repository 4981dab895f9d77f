import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditEntrySchema, auditQuerySchema } from "../../../shared/admin/audit.ts";
import { TOTAL_COUNT_HEADER } from "../../../shared/admin/common.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import { fileResponse } from "../../../shared/schemas/responses.ts";
import type { Deps } from "../../deps.ts";
import { auditCsv, listAudit } from "./service.ts";

/** The export's filters: the list's, without its paging. */
const auditExportQuerySchema = auditQuerySchema.omit({ limit: true, offset: true });

/**
 * GET /api/admin/audit: who changed what, newest first; GET /api/admin/audit/export: the same rows as CSV
 * (admin only, like every /api/admin path).
 */
export function adminAuditRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/audit",
    {
      schema: {
        summary: "Who changed what: one record's history (entity, entityId) or every change, newest first",
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listAudit(deps.db, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );
  r.get(
    "/api/admin/audit/export",
    {
      schema: {
        summary: "Every change matching the filters (newest first) as CSV",
        querystring: auditExportQuerySchema,
        response: { 200: fileResponse("text/csv", "The audit log, as CSV") },
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="audit-${londonIsoDay(deps.now())}.csv"`)
        .send(await auditCsv(deps.db, req.query)),
  );
}
