/** Who changed what (admin only, like every /api/admin path). */
import { z } from "zod";
import { auditEntrySchema, auditQuerySchema } from "../admin/audit.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

/** The export's filters: the list's, without its paging. */
const auditExportQuerySchema = auditQuerySchema.omit({ limit: true, offset: true });

export const auditApi = {
  /** Newest first; the total in x-total-count. */
  list: endpoint({
    method: "GET",
    path: "/api/admin/audit",
    answerHeaders: ["X-Total-Count"],
    summary: "Who changed what: one record's history (entity, entityId) or every change, newest first",
    query: auditQuerySchema,
    responses: { 200: z.array(auditEntrySchema) },
  }),
  /** The same rows as CSV. */
  export: endpoint({
    method: "GET",
    path: "/api/admin/audit/export",
    summary: "Every change matching the filters (newest first) as CSV",
    query: auditExportQuerySchema,
    responses: { 200: fileResponse("text/csv", "The audit log, as CSV") },
  }),
} as const;
