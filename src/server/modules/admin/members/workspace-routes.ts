import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
} from "../../../../shared/admin/member-workspace.ts";
import { userIdParamSchema } from "../../../../shared/admin/members.ts";
import { pausePreviewSchema, pauseResultSchema, pauseSchema } from "../../../../shared/pause.ts";
import { billingOverviewSchema } from "../../../../shared/schemas/billing.ts";
import { cancelSubscriptionSchema } from "../../../../shared/schemas/member.ts";
import { messageSchema } from "../../../../shared/schemas/responses.ts";
import { cancellationResultSchema } from "../../../../shared/schemas/subscription.ts";
import type { Deps } from "../../../deps.ts";
import { sendTagged } from "../../audit/etag.ts";
import { billingOverview } from "../../subscriptions/billing.ts";
import { memberTickets, recentEmails } from "./activity.ts";
import { getNeeds, saveNeeds } from "./needs.ts";
import { addNote, deleteNote, editNote, getNote, listNotes } from "./notes.ts";
import { adminCancel, adminCancelPreview, adminPause, adminPausePreview, memberRow } from "./plan.ts";
import { getUser } from "./service.ts";

/**
 * The member page as a workspace (decision 0074): notes, needs, the plan paused or cancelled for the member,
 * their billing history, e-mails and tickets. Every /api/admin/* path is guarded in plugins/auth-context.ts.
 */
export function adminMemberWorkspaceRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/users/:userId/notes",
    {
      schema: {
        summary: "The team's internal notes on a member, newest first",
        params: userIdParamSchema,
        response: { 200: z.array(adminMemberNoteSchema) },
      },
    },
    async (req) => listNotes(deps, req.params.userId),
  );

  r.post(
    "/api/admin/users/:userId/notes",
    {
      schema: {
        summary: "Add an internal note on a member",
        params: userIdParamSchema,
        body: memberNoteInputSchema,
        response: { 201: adminMemberNoteSchema },
      },
    },
    async (req, reply) => addNote(deps, req, reply, req.params.userId, req.body),
  );

  r.get(
    "/api/admin/users/:userId/notes/:noteId",
    {
      schema: {
        summary: "One internal note (with its ETag)",
        params: noteParamSchema,
        response: { 200: adminMemberNoteSchema },
      },
    },
    async (req, reply) => sendTagged(reply, await getNote(deps, req.params.userId, req.params.noteId)),
  );

  r.put(
    "/api/admin/users/:userId/notes/:noteId",
    {
      schema: {
        summary: "Edit an internal note (If-Match honoured)",
        params: noteParamSchema,
        body: memberNoteInputSchema,
        response: { 200: adminMemberNoteSchema },
        errors: [412],
      },
    },
    async (req, reply) => editNote(deps, req, reply, req.params, req.body),
  );

  r.delete(
    "/api/admin/users/:userId/notes/:noteId",
    {
      schema: {
        summary: "Delete an internal note (If-Match honoured)",
        params: noteParamSchema,
        body: z.object({}).nullish(),
        response: { 200: messageSchema },
        errors: [412],
      },
    },
    async (req) => deleteNote(deps, req, req.params),
  );

  r.get(
    "/api/admin/users/:userId/needs",
    {
      schema: {
        summary: "The member's needs as the rulebook reads them (with an ETag)",
        params: userIdParamSchema,
        response: { 200: adminMemberNeedsSchema },
      },
    },
    async (req, reply) => getNeeds(deps, reply, req.params.userId),
  );

  r.put(
    "/api/admin/users/:userId/needs",
    {
      schema: {
        summary: "Edit the member's needs on their behalf; the couple's dates ahead are checked again",
        params: userIdParamSchema,
        body: memberNeedsInputSchema,
        response: { 200: adminMemberNeedsSchema },
        errors: [412],
      },
    },
    async (req, reply) => saveNeeds(deps, req, reply, req.params.userId, req.body),
  );

  r.get(
    "/api/admin/users/:userId/billing",
    {
      schema: {
        summary: "The member's Manage Billing: plan, mandate and billing history",
        params: userIdParamSchema,
        response: { 200: billingOverviewSchema },
      },
    },
    async (req) => billingOverview(deps, await memberRow(deps, req.params.userId)),
  );

  r.get(
    "/api/admin/users/:userId/emails",
    {
      schema: {
        summary: "The member's latest e-mails and their status",
        params: userIdParamSchema,
        response: { 200: z.array(adminMemberEmailSchema) },
      },
    },
    async (req) => {
      await getUser(deps, req.params.userId);
      return recentEmails(deps, req.params.userId);
    },
  );

  r.get(
    "/api/admin/users/:userId/tickets",
    {
      schema: {
        summary: "The member's support tickets",
        params: userIdParamSchema,
        response: { 200: z.array(adminMemberTicketSchema) },
      },
    },
    async (req) => {
      await getUser(deps, req.params.userId);
      return memberTickets(deps, req.params.userId);
    },
  );

  r.get(
    "/api/admin/users/:userId/plan/pause-preview",
    {
      schema: {
        summary: "What a month off would do, as the member would see it",
        params: userIdParamSchema,
        response: { 200: pausePreviewSchema },
        errors: [409],
      },
    },
    async (req) => adminPausePreview(deps, req.params.userId),
  );

  r.post(
    "/api/admin/users/:userId/plan/pause",
    {
      schema: {
        summary: "Take a month off for the member, under the member's own rules",
        params: userIdParamSchema,
        body: pauseSchema.nullish(),
        response: { 200: pauseResultSchema },
        errors: [409],
      },
    },
    async (req) => adminPause(deps, req, req.params.userId, req.body ?? {}),
  );

  r.get(
    "/api/admin/users/:userId/plan/cancel-preview",
    {
      schema: {
        summary: "What cancelling would do, as the member is told",
        params: userIdParamSchema,
        response: { 200: adminCancelPreviewSchema },
      },
    },
    async (req) => adminCancelPreview(deps, req.params.userId),
  );

  r.post(
    "/api/admin/users/:userId/plan/cancel",
    {
      schema: {
        summary: "Cancel the member's plan for them, under the member's own rules",
        params: userIdParamSchema,
        body: cancelSubscriptionSchema,
        response: { 200: cancellationResultSchema },
        errors: [409],
      },
    },
    async (req) => adminCancel(deps, req, req.params.userId, req.body),
  );
}
