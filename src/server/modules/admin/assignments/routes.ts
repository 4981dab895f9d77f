import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, adminListQuerySchema, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import { userIdParamSchema } from "../../../../shared/admin/members.ts";
import {
  checkAssignmentSchema,
  createAssignmentWithOverrideSchema,
  statusChangeSchema,
} from "../../../../shared/admin/rulebook.ts";
import type { Deps } from "../../../deps.ts";
import { streamWorkbook } from "../members/stream-workbook.ts";
import { autoAssign } from "./auto.ts";
import { checkAssignment } from "./check.ts";
import { assignmentExportColumns, assignmentExportRows, listAssignmentsJson } from "./list.ts";
import { createAssignment } from "./service.ts";
import { updateAssignmentStatus } from "./status.ts";
import { undoChange } from "./undo.ts";
import { createdWithUndo } from "./undo-state.ts";

/** Assignments tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminAssignmentsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/admin/assignments", { schema: { querystring: adminListQuerySchema } }, async (req, reply) => {
    const { json, total } = await listAssignmentsJson(deps, req.query, app.authCache);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).type("application/json; charset=utf-8").send(json);
  });

  r.get("/api/admin/assignments/export", async (_req, reply) =>
    streamWorkbook(
      reply,
      "date-assignments",
      deps.now(),
      { name: "Date Assignments", columns: assignmentExportColumns },
      assignmentExportRows(deps),
    ),
  );

  r.post(
    "/api/admin/assignments",
    { schema: { body: createAssignmentWithOverrideSchema } },
    async (req, reply) => {
      const { overrideReason, ...body } = req.body;
      const by = req.user!.id;
      const override = overrideReason ? { reason: overrideReason, by } : null;
      // The new date's mail waits the undo window (undo-state.ts).
      return reply
        .code(201)
        .send(
          await createdWithUndo(deps, (tx) =>
            createAssignment(deps, { ...body, override, mayOverride: true }, tx),
          ),
        );
    },
  );

  r.post("/api/admin/assignments/check", { schema: { body: checkAssignmentSchema } }, async (req) =>
    checkAssignment(deps, req.body),
  );

  r.patch(
    "/api/admin/assignments/:assignmentId/status",
    { schema: { params: z.object({ assignmentId: adminId }), body: statusChangeSchema } },
    async (req) =>
      updateAssignmentStatus(
        deps,
        req.params.assignmentId,
        req.body.status,
        req.body.overrideReason ? { reason: req.body.overrideReason, by: req.user!.id } : null,
      ),
  );

  r.post(
    "/api/admin/assignments/:assignmentId/undo",
    { schema: { params: z.object({ assignmentId: adminId }), body: z.unknown().nullish() } },
    async (req) => undoChange(deps, req.params.assignmentId),
  );

  r.post(
    "/api/admin/assignments/auto/:userId",
    { schema: { params: userIdParamSchema, body: z.unknown().nullish() } },
    async (req, reply) => reply.code(201).send(await autoAssign(deps, req.params.userId)),
  );
}
