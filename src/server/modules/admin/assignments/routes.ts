import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { undoResultSchema } from "../../../../shared/admin/assignment-status.ts";
import { adminAssignmentSchema } from "../../../../shared/admin/assignments.ts";
import { adminId, adminListQuerySchema, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import { userIdParamSchema } from "../../../../shared/admin/members.ts";
import {
  checkAssignmentSchema,
  createAssignmentWithOverrideSchema,
  moveAssignmentSchema,
  rulebookCheckSchema,
  statusChangeSchema,
} from "../../../../shared/admin/rulebook.ts";
import { fileResponse } from "../../../../shared/schemas/responses.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { streamedWorkbookDownload } from "../members/stream-workbook.ts";
import { XLSX_TYPE } from "../spreadsheet.ts";
import { autoAssign } from "./auto.ts";
import { checkAssignment } from "./check.ts";
import {
  adminAssignmentListSchema,
  assignmentExportColumns,
  assignmentExportRows,
  listAssignmentsJson,
} from "./list.ts";
import { moveAssignment } from "./move.ts";
import { createAssignment } from "./service.ts";
import { updateAssignmentStatus } from "./status.ts";
import { undoChange } from "./undo.ts";
import { createdWithUndo } from "./undo-state.ts";

/** Assignments tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminAssignmentsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The page is sent as JSON text made ready (list.ts), which the serializer passes by: the schema documents it
  // and list.ts and page-json.ts make the text match it.
  r.get(
    "/api/admin/assignments",
    {
      schema: {
        summary: "Date assignments, one searched page",
        querystring: adminListQuerySchema,
        response: { 200: adminAssignmentListSchema },
      },
    },
    async (req, reply) => {
      const { json, total } = await listAssignmentsJson(deps, req.query, app.authCache);
      // Text, not rows: the plain reply type (Fastify sends a string as it is, without the serializer).
      const plain: FastifyReply = reply;
      return plain
        .header(TOTAL_COUNT_HEADER, String(total))
        .type("application/json; charset=utf-8")
        .send(json);
    },
  );

  r.get(
    "/api/admin/assignments/export",
    {
      schema: {
        summary: "Every date assignment as a spreadsheet",
        response: { 200: fileResponse(XLSX_TYPE, "The date assignments (.xlsx)") },
      },
    },
    async (_req, reply) =>
      sendDownload(
        reply,
        streamedWorkbookDownload(
          "date-assignments",
          deps.now(),
          { name: "Date Assignments", columns: assignmentExportColumns },
          assignmentExportRows(deps),
        ),
      ),
  );

  r.post(
    "/api/admin/assignments",
    {
      schema: {
        summary: "Assign a date",
        body: createAssignmentWithOverrideSchema,
        response: { 201: adminAssignmentSchema },
        errors: [409, 422],
      },
    },
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

  r.post(
    "/api/admin/assignments/check",
    {
      schema: {
        summary: "What assigning this date would say (books nothing)",
        body: checkAssignmentSchema,
        response: { 200: rulebookCheckSchema },
      },
    },
    async (req) => checkAssignment(deps, req.body),
  );

  r.patch(
    "/api/admin/assignments/:assignmentId/status",
    {
      schema: {
        summary: "Change a date's status",
        params: z.object({ assignmentId: adminId }),
        body: statusChangeSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 422],
      },
    },
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
    {
      schema: {
        summary: "Undo the last change while its e-mail waits",
        params: z.object({ assignmentId: adminId }),
        body: z.object({}).nullish(),
        response: { 200: undoResultSchema },
        errors: [409],
      },
    },
    async (req) => undoChange(deps, req.params.assignmentId),
  );

  r.post(
    "/api/admin/assignments/:assignmentId/move",
    {
      schema: {
        summary: "Move a date to another time, venue or idea (one action, undoable)",
        params: z.object({ assignmentId: adminId }),
        body: moveAssignmentSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 422],
      },
    },
    async (req) => {
      const { overrideReason, ...body } = req.body;
      return moveAssignment(deps, req.params.assignmentId, {
        ...body,
        override: overrideReason ? { reason: overrideReason, by: req.user!.id } : null,
      });
    },
  );

  r.post(
    "/api/admin/assignments/auto/:userId",
    {
      schema: {
        summary: "Let the matching engine assign the member's next date",
        params: userIdParamSchema,
        body: z.object({}).nullish(),
        response: { 201: adminAssignmentSchema },
        errors: [409, 422],
      },
    },
    async (req, reply) => reply.code(201).send(await autoAssign(deps, req.params.userId)),
  );
}
