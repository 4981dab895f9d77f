import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminNoShowSchema, venueFeedbackSchema } from "../../../../shared/admin/assignment-evening.ts";
import {
  assignmentListQuerySchema,
  bulkPreviewSchema,
  bulkRequestSchema,
  bulkResultSchema,
  bulkUndoResultSchema,
  bulkUndoSchema,
} from "../../../../shared/admin/assignment-list.ts";
import { undoResultSchema } from "../../../../shared/admin/assignment-status.ts";
import { ASSIGNMENT_MSG, adminAssignmentSchema } from "../../../../shared/admin/assignments.ts";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
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
import { notFound } from "../../../http-error.ts";
import { ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { recheckDate } from "../../rulebook/recheck.ts";
import { streamedWorkbookDownload } from "../members/stream-workbook.ts";
import { XLSX_TYPE } from "../spreadsheet.ts";
import { autoAssign } from "./auto.ts";
import { previewBulk, runBulk, undoBulk } from "./bulk.ts";
import { checkAssignment } from "./check.ts";
import { markNoShow, saveVenueFeedback } from "./evening.ts";
import { adminAssignmentFixRoutes } from "./fix.ts";
import {
  adminAssignmentListSchema,
  assignmentExportColumns,
  assignmentExportRows,
  listAssignmentsJson,
} from "./list.ts";
import { moveAssignment } from "./move.ts";
import { readAssignment } from "./query.ts";
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
        querystring: assignmentListQuerySchema,
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
      const actor = actorOf(req.user!);
      return reply
        .code(201)
        .send(
          await createdWithUndo(deps, (tx) =>
            createAssignment(deps, { ...body, override, mayOverride: true, actor }, tx),
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
        errors: [409, 412, 422],
      },
    },
    async (req, reply) =>
      sendTagged(
        reply,
        await updateAssignmentStatus(
          deps,
          req.params.assignmentId,
          req.body.status,
          req.body.overrideReason ? { reason: req.body.overrideReason, by: req.user!.id } : null,
          { actor: actorOf(req.user!), ifMatch: ifMatchOf(req) },
        ),
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
    async (req) => {
      const { kind, message, assignment } = await undoChange(
        deps,
        req.params.assignmentId,
        actorOf(req.user!),
      );
      // What Undo put back is asked of the rulebook again (an undone fix breaks its rule again).
      const flagged = await recheckDate(deps, req.params.assignmentId).catch((err) => {
        req.log.error({ err }, "re-checking an undone date failed");
        return 0;
      });
      return {
        kind,
        message,
        assignment: (flagged ? await readAssignment(deps.db, req.params.assignmentId) : null) ?? assignment,
      };
    },
  );

  r.post(
    "/api/admin/assignments/:assignmentId/move",
    {
      schema: {
        summary: "Move a date to another time, venue or idea (one action, undoable)",
        params: z.object({ assignmentId: adminId }),
        body: moveAssignmentSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 412, 422],
      },
    },
    async (req, reply) => {
      const { overrideReason, ...body } = req.body;
      return sendTagged(
        reply,
        await moveAssignment(deps, req.params.assignmentId, {
          ...body,
          override: overrideReason ? { reason: overrideReason, by: req.user!.id } : null,
          actor: actorOf(req.user!),
          ifMatch: ifMatchOf(req),
        }),
      );
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
    async (req, reply) => reply.code(201).send(await autoAssign(deps, req.params.userId, actorOf(req.user!))),
  );

  adminAssignmentEveningRoutes(app, deps);
  adminAssignmentBulkRoutes(app, deps);
}

const assignmentParams = z.object({ assignmentId: adminId });

/** One date's own read (with its ETag), its no-show and the venue's feedback (decision 0073). */
function adminAssignmentEveningRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/assignments/:assignmentId",
    {
      schema: {
        summary: "One date assignment (with its ETag for If-Match)",
        params: assignmentParams,
        response: { 200: adminAssignmentSchema },
      },
    },
    async (req, reply) => {
      const a = await readAssignment(deps.db, req.params.assignmentId);
      if (!a) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
      return sendTagged(reply, a);
    },
  );

  r.post(
    "/api/admin/assignments/:assignmentId/no-show",
    {
      schema: {
        summary: "Mark a date that has started as a no-show (for the couple or the venue), with a note",
        params: assignmentParams,
        body: adminNoShowSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 412],
      },
    },
    async (req, reply) =>
      sendTagged(
        reply,
        await markNoShow(deps, req.params.assignmentId, req.body, {
          actor: actorOf(req.user!),
          ifMatch: ifMatchOf(req),
        }),
      ),
  );

  r.put(
    "/api/admin/assignments/:assignmentId/venue-feedback",
    {
      schema: {
        summary: "Record what the venue said about the evening",
        params: assignmentParams,
        body: venueFeedbackSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 412],
      },
    },
    async (req, reply) =>
      sendTagged(
        reply,
        await saveVenueFeedback(deps, req.params.assignmentId, req.body.feedback, {
          actor: actorOf(req.user!),
          ifMatch: ifMatchOf(req),
        }),
      ),
  );
}

/** Bulk actions on a selection: preview, run (one transaction, all or nothing) and undo of a batch. */
function adminAssignmentBulkRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/admin/assignments/bulk/preview",
    {
      schema: {
        summary: "What a bulk action would do to each selected date (changes nothing)",
        body: bulkRequestSchema,
        response: { 200: bulkPreviewSchema },
      },
    },
    async (req) => previewBulk(deps, req.body),
  );

  r.post(
    "/api/admin/assignments/bulk",
    {
      schema: {
        summary: "Cancel, message or re-plan the selected dates in one transaction (all or nothing)",
        body: bulkRequestSchema,
        response: { 200: bulkResultSchema },
        errors: [409],
      },
    },
    async (req) => runBulk(deps, req.body, actorOf(req.user!)),
  );

  r.post(
    "/api/admin/assignments/bulk/undo",
    {
      schema: {
        summary: "Undo a bulk cancel or re-plan while its e-mails wait (all or nothing)",
        body: bulkUndoSchema,
        response: { 200: bulkUndoResultSchema },
        errors: [409],
      },
    },
    async (req) => undoBulk(deps, req.body.ids, actorOf(req.user!)),
  );
  adminAssignmentFixRoutes(app, deps);
}
