import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditEntrySchema, auditQuerySchema } from "../../../shared/admin/audit.ts";
import { TOTAL_COUNT_HEADER } from "../../../shared/admin/common.ts";
import type { Deps } from "../../deps.ts";
import { listAudit } from "./service.ts";

/** GET /api/admin/audit: who changed what, newest first (admin only, like every /api/admin path). */
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
}
