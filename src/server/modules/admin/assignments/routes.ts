import type { FastifyInstance, FastifyReply } from "fastify";
import { ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/back-office.ts";
import { adminAssignmentsApi as api } from "../../../../shared/contract/admin-assignments.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { notFound } from "../../../http-error.ts";
import { route } from "../../../route.ts";
import { guardedChangeOf, sendTagged } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { recheckDate } from "../../rulebook/recheck.ts";
import { streamedWorkbookDownload } from "../members/stream-workbook.ts";
import { autoAssign } from "./auto.ts";
import { previewBulk, runBulk, undoBulk } from "./bulk.ts";
import { checkAssignment } from "./check.ts";
import { markNoShow, saveVenueFeedback } from "./evening.ts";
import { adminAssignmentFixRoutes } from "./fix.ts";
import { assignmentExportColumns, assignmentExportRows, listAssignmentsJson } from "./list.ts";
import { moveAssignment } from "./move.ts";
import { readAssignment } from "./query.ts";
import { createAssignment } from "./service.ts";
import { updateAssignmentStatus } from "./status.ts";
import { undoChange } from "./undo.ts";
import { createdWithUndo } from "./undo-state.ts";

/** Assignments tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminAssignmentsRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.list, {}, async (req, reply) => {
    const { json, total } = await listAssignmentsJson(deps, req.query, app.authCache);
    // Text, not rows: the plain reply type (Fastify sends a string as it is, without the serializer).
    const plain: FastifyReply = reply;
    return plain.header(TOTAL_COUNT_HEADER, String(total)).type("application/json; charset=utf-8").send(json);
  });

  route(app, api.export, {}, async (_req, reply) =>
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

  route(app, api.create, {}, async (req, reply) => {
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
  });

  route(app, api.check, {}, async (req) => checkAssignment(deps, req.body));

  route(app, api.status, {}, async (req, reply) =>
    sendTagged(
      reply,
      await updateAssignmentStatus(
        deps,
        req.params.assignmentId,
        req.body.status,
        req.body.overrideReason ? { reason: req.body.overrideReason, by: req.user!.id } : null,
        guardedChangeOf(req),
      ),
    ),
  );

  route(app, api.undo, {}, async (req) => {
    const { kind, message, assignment } = await undoChange(deps, req.params.assignmentId, actorOf(req.user!));
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
  });

  route(app, api.move, {}, async (req, reply) => {
    const { overrideReason, ...body } = req.body;
    return sendTagged(
      reply,
      await moveAssignment(deps, req.params.assignmentId, {
        ...body,
        override: overrideReason ? { reason: overrideReason, by: req.user!.id } : null,
        ...guardedChangeOf(req),
      }),
    );
  });

  route(app, api.auto, {}, async (req, reply) =>
    reply.code(201).send(await autoAssign(deps, req.params.userId, actorOf(req.user!))),
  );

  adminAssignmentEveningRoutes(app, deps);
  adminAssignmentBulkRoutes(app, deps);
}

/** One date's own read (with its ETag), its no-show and the venue's feedback (decision 0073). */
function adminAssignmentEveningRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.one, {}, async (req, reply) => {
    const a = await readAssignment(deps.db, req.params.assignmentId);
    if (!a) throw notFound(ASSIGNMENT_MSG.assignmentNotFound);
    return sendTagged(reply, a);
  });

  route(app, api.noShow, {}, async (req, reply) =>
    sendTagged(reply, await markNoShow(deps, req.params.assignmentId, req.body, guardedChangeOf(req))),
  );

  route(app, api.venueFeedback, {}, async (req, reply) =>
    sendTagged(
      reply,
      await saveVenueFeedback(deps, req.params.assignmentId, req.body.feedback, guardedChangeOf(req)),
    ),
  );
}

/** Bulk actions on a selection: preview, run (one transaction, all or nothing) and undo of a batch. */
function adminAssignmentBulkRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.bulkPreview, {}, async (req) => previewBulk(deps, req.body));

  route(app, api.bulk, {}, async (req) => runBulk(deps, req.body, actorOf(req.user!)));

  route(app, api.bulkUndo, {}, async (req) => undoBulk(deps, req.body.ids, actorOf(req.user!)));
  adminAssignmentFixRoutes(app, deps);
}
