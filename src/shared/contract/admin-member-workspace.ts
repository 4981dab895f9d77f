/**
 * The member page as a workspace (decision 0074): notes, needs, the plan paused or cancelled for the member,
 * their billing history, e-mails and tickets. Every /api/admin/* path is guarded in plugins/auth-context.ts.
 * A note's and the needs' reads answer an ETag; a save with If-Match is refused with 412 when they changed.
 */
import { z } from "zod";
import {
  adminCancelPreviewSchema,
  adminMemberEmailSchema,
  adminMemberNeedsSchema,
  adminMemberNoteSchema,
  adminMemberTicketSchema,
  memberNeedsInputSchema,
  memberNoteInputSchema,
  noteParamSchema,
} from "../admin/member-workspace.ts";
import { userIdParamSchema } from "../admin/members.ts";
import { pausePreviewSchema, pauseResultSchema, pauseSchema } from "../pause.ts";
import { billingOverviewSchema } from "../schemas/billing.ts";
import { cancelSubscriptionSchema } from "../schemas/member.ts";
import { messageSchema } from "../schemas/responses.ts";
import { cancellationResultSchema } from "../schemas/subscription.ts";
import { endpoint } from "./endpoint.ts";

export const adminMemberWorkspaceApi = {
  notes: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/notes",
    summary: "The team's internal notes on a member, newest first",
    params: userIdParamSchema,
    responses: { 200: z.array(adminMemberNoteSchema) },
  }),
  addNote: endpoint({
    method: "POST",
    path: "/api/admin/users/:userId/notes",
    answerHeaders: ["ETag"],
    summary: "Add an internal note on a member",
    params: userIdParamSchema,
    body: memberNoteInputSchema,
    responses: { 201: adminMemberNoteSchema },
  }),
  note: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/notes/:noteId",
    answerHeaders: ["ETag"],
    summary: "One internal note (with its ETag)",
    params: noteParamSchema,
    responses: { 200: adminMemberNoteSchema },
  }),
  editNote: endpoint({
    method: "PUT",
    path: "/api/admin/users/:userId/notes/:noteId",
    answerHeaders: ["ETag"],
    summary: "Edit an internal note (If-Match honoured)",
    params: noteParamSchema,
    body: memberNoteInputSchema,
    responses: { 200: adminMemberNoteSchema },
    errors: [412],
  }),
  deleteNote: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:userId/notes/:noteId",
    summary: "Delete an internal note (If-Match honoured)",
    params: noteParamSchema,
    body: z.object({}).nullish(),
    responses: { 200: messageSchema },
    errors: [412],
  }),
  needs: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/needs",
    answerHeaders: ["ETag"],
    summary: "The member's needs as the rulebook reads them (with an ETag)",
    params: userIdParamSchema,
    responses: { 200: adminMemberNeedsSchema },
  }),
  saveNeeds: endpoint({
    method: "PUT",
    path: "/api/admin/users/:userId/needs",
    answerHeaders: ["ETag"],
    summary: "Edit the member's needs on their behalf; the couple's dates ahead are checked again",
    params: userIdParamSchema,
    body: memberNeedsInputSchema,
    responses: { 200: adminMemberNeedsSchema },
    errors: [412],
  }),
  billing: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/billing",
    summary: "The member's Manage Billing: plan, mandate and billing history",
    params: userIdParamSchema,
    responses: { 200: billingOverviewSchema },
  }),
  emails: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/emails",
    summary: "The member's latest e-mails and their status",
    params: userIdParamSchema,
    responses: { 200: z.array(adminMemberEmailSchema) },
  }),
  tickets: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/tickets",
    summary: "The member's support tickets",
    params: userIdParamSchema,
    responses: { 200: z.array(adminMemberTicketSchema) },
  }),
  pausePreview: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/plan/pause-preview",
    summary: "What a month off would do, as the member would see it",
    params: userIdParamSchema,
    responses: { 200: pausePreviewSchema },
    errors: [409],
  }),
  pause: endpoint({
    method: "POST",
    path: "/api/admin/users/:userId/plan/pause",
    summary: "Take a month off for the member, under the member's own rules",
    params: userIdParamSchema,
    body: pauseSchema.nullish(),
    responses: { 200: pauseResultSchema },
    errors: [409],
  }),
  cancelPreview: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/plan/cancel-preview",
    summary: "What cancelling would do, as the member is told",
    params: userIdParamSchema,
    responses: { 200: adminCancelPreviewSchema },
  }),
  cancel: endpoint({
    method: "POST",
    path: "/api/admin/users/:userId/plan/cancel",
    summary: "Cancel the member's plan for them, under the member's own rules",
    params: userIdParamSchema,
    body: cancelSubscriptionSchema,
    responses: { 200: cancellationResultSchema },
    errors: [409],
  }),
} as const;
