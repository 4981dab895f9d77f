/**
 * The Assignments tab: the searched list and its export, assigning a date (by hand or by the engine), its status,
 * a move, Undo, the evening (no-show, the venue's feedback), bulk actions and a rule-breaking date's fix.
 * Every /api/admin/* path is guarded in plugins/auth-context.ts.
 */
import { z } from "zod";
import { adminNoShowSchema, venueFeedbackSchema } from "../admin/assignment-evening.ts";
import {
  assignmentListQuerySchema,
  bulkPreviewSchema,
  bulkRequestSchema,
  bulkResultSchema,
  bulkUndoResultSchema,
  bulkUndoSchema,
} from "../admin/assignment-list.ts";
import { undoResultSchema } from "../admin/assignment-status.ts";
import { adminAssignmentSchema } from "../admin/assignments.ts";
import { adminId } from "../admin/back-office.ts";
import { userIdParamSchema } from "../admin/members.ts";
import {
  checkAssignmentSchema,
  createAssignmentWithOverrideSchema,
  keepDateSchema,
  moveAssignmentSchema,
  rulebookCheckSchema,
  statusChangeSchema,
} from "../admin/rulebook.ts";
import { XLSX_TYPE } from "../admin/spreadsheet.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

const assignmentParams = z.object({ assignmentId: adminId });

export const adminAssignmentsApi = {
  // The page is sent as JSON text made ready (server list.ts), which the serializer passes by: the schema
  // documents it, and list.ts and page-json.ts make the text match it.
  list: endpoint({
    method: "GET",
    path: "/api/admin/assignments",
    answerHeaders: ["X-Total-Count"],
    summary: "Date assignments, one searched page",
    query: assignmentListQuerySchema,
    responses: { 200: z.array(adminAssignmentSchema) },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/admin/assignments/export",
    summary: "Every date assignment as a spreadsheet",
    responses: { 200: fileResponse(XLSX_TYPE, "The date assignments (.xlsx)") },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/assignments",
    summary: "Assign a date",
    body: createAssignmentWithOverrideSchema,
    responses: { 201: adminAssignmentSchema },
    // 404: the member, venue or idea named in the body does not exist.
    errors: [404, 409, 422],
  }),
  check: endpoint({
    method: "POST",
    path: "/api/admin/assignments/check",
    summary: "What assigning this date would say (books nothing)",
    body: checkAssignmentSchema,
    responses: { 200: rulebookCheckSchema },
    errors: [404],
  }),
  status: endpoint({
    method: "PATCH",
    path: "/api/admin/assignments/:assignmentId/status",
    answerHeaders: ["ETag"],
    summary: "Change a date's status",
    params: assignmentParams,
    body: statusChangeSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [409, 412, 422],
  }),
  undo: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/undo",
    summary: "Undo the last change while its e-mail waits",
    params: assignmentParams,
    body: z.object({}).nullish(),
    responses: { 200: undoResultSchema },
    errors: [409],
  }),
  move: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/move",
    answerHeaders: ["ETag"],
    summary: "Move a date to another time, venue or idea (one action, undoable)",
    params: assignmentParams,
    body: moveAssignmentSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [409, 412, 422],
  }),
  auto: endpoint({
    method: "POST",
    path: "/api/admin/assignments/auto/:userId",
    summary: "Let the matching engine assign the member's next date",
    params: userIdParamSchema,
    body: z.object({}).nullish(),
    responses: { 201: adminAssignmentSchema },
    errors: [409, 422],
  }),

  // One date's own read (with its ETag), its no-show and the venue's feedback (decision 0073).
  one: endpoint({
    method: "GET",
    path: "/api/admin/assignments/:assignmentId",
    answerHeaders: ["ETag"],
    summary: "One date assignment (with its ETag for If-Match)",
    params: assignmentParams,
    responses: { 200: adminAssignmentSchema },
  }),
  noShow: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/no-show",
    answerHeaders: ["ETag"],
    summary: "Mark a date that has started as a no-show (for the couple or the venue), with a note",
    params: assignmentParams,
    body: adminNoShowSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [409, 412],
  }),
  venueFeedback: endpoint({
    method: "PUT",
    path: "/api/admin/assignments/:assignmentId/venue-feedback",
    answerHeaders: ["ETag"],
    summary: "Record what the venue said about the evening",
    params: assignmentParams,
    body: venueFeedbackSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [409, 412],
  }),

  // Bulk actions on a selection: preview, run (one transaction, all or nothing) and undo of a batch.
  bulkPreview: endpoint({
    method: "POST",
    path: "/api/admin/assignments/bulk/preview",
    summary: "What a bulk action would do to each selected date (changes nothing)",
    body: bulkRequestSchema,
    responses: { 200: bulkPreviewSchema },
    errors: [404],
  }),
  bulk: endpoint({
    method: "POST",
    path: "/api/admin/assignments/bulk",
    summary: "Cancel, message or re-plan the selected dates in one transaction (all or nothing)",
    body: bulkRequestSchema,
    responses: { 200: bulkResultSchema },
    // 404: a selected date that does not exist.
    errors: [404, 409],
  }),
  bulkUndo: endpoint({
    method: "POST",
    path: "/api/admin/assignments/bulk/undo",
    summary: "Undo a bulk cancel or re-plan while its e-mails wait (all or nothing)",
    body: bulkUndoSchema,
    responses: { 200: bulkUndoResultSchema },
    // 404: a date of the batch that does not exist.
    errors: [404, 409],
  }),

  // A date that breaks a rule now: accept the engine's fix, or keep it with a reason (server fix.ts).
  fixAccept: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/fix/accept",
    summary: "Accept the engine's fix of a date that breaks a rule now (moved in place, same evening)",
    params: assignmentParams,
    body: z.object({}).nullish(),
    responses: { 200: adminAssignmentSchema },
    errors: [404, 409, 422],
  }),
  fixOverride: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/fix/override",
    summary: "Keep a date that breaks a rule now, with the operator's reason",
    params: assignmentParams,
    body: keepDateSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [404, 409],
  }),
} as const;
