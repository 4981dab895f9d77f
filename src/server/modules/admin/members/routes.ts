import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminAssignmentSchema } from "../../../../shared/admin/assignments.ts";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import { adminCoupleSchema, removeExclusionSchema } from "../../../../shared/admin/member-couple.ts";
import {
  adminSessionSchema,
  adminSessionsEndedSchema,
  adminTextSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  coupleQuerySchema,
  idParamSchema,
  userIdParamSchema,
} from "../../../../shared/admin/members.ts";
import { fileResponse } from "../../../../shared/schemas/responses.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { requireAdmin } from "../../../plugins/auth-context.ts";
import { destroyUserSessions, listSessions } from "../../auth/sessions.ts";
import { removeAllDevices } from "../../push/devices.ts";
import { recentTexts } from "../../sms/history.ts";
import { XLSX_TYPE } from "../spreadsheet.ts";
import { coupleView, removeExclusion } from "./couple-view.ts";
import { memberExportColumns, memberExportRows } from "./export.ts";
import { demoteUser, getUser, listUsers, promoteUser, userDates } from "./service.ts";
import { streamedWorkbookDownload } from "./stream-workbook.ts";
import { adminMemberWorkspaceRoutes } from "./workspace-routes.ts";

/** Members tab, Users tab and the member page. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminMembersRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noBody = { body: z.object({}).nullish() };
  adminMemberWorkspaceRoutes(app, deps);

  r.get(
    "/api/admin/users",
    {
      schema: {
        summary: "Members and users, one searched page",
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(adminUserSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listUsers(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );

  // Registered before /:userId so "export" is never read as an id.
  r.get(
    "/api/admin/users/export",
    {
      schema: {
        summary: "Every member as a spreadsheet",
        response: { 200: fileResponse(XLSX_TYPE, "The members (.xlsx)") },
      },
    },
    async (_req, reply) =>
      sendDownload(
        reply,
        streamedWorkbookDownload(
          "members",
          deps.now(),
          { name: "Members", columns: memberExportColumns },
          memberExportRows(deps),
        ),
      ),
  );

  r.get(
    "/api/admin/users/:userId",
    { schema: { summary: "One member", params: userIdParamSchema, response: { 200: adminUserSchema } } },
    async (req) => getUser(deps, req.params.userId),
  );

  r.get(
    "/api/admin/users/:userId/dates",
    {
      schema: {
        summary: "Every date of the member's couple",
        params: userIdParamSchema,
        response: { 200: z.array(adminAssignmentSchema) },
      },
    },
    async (req) => userDates(deps, req.params.userId),
  );

  // The couple: partner, plan holder, plan, the allowance of a London month (default now), needs, ratings.
  r.get(
    "/api/admin/users/:userId/couple",
    {
      schema: {
        summary: "The member's couple: plan, allowance, needs and ratings",
        params: userIdParamSchema,
        querystring: coupleQuerySchema,
        response: { 200: adminCoupleSchema },
      },
    },
    async (req) => coupleView(deps, req.params.userId, req.query.month),
  );

  r.delete(
    "/api/admin/users/:userId/exclusions/:venueId",
    {
      schema: {
        summary: "Remove a venue the couple asked not to go to (with a reason, kept on record)",
        params: userIdParamSchema.extend({ venueId: adminId }),
        body: removeExclusionSchema,
        response: { 200: adminCoupleSchema },
      },
    },
    async (req) =>
      removeExclusion(deps, req.params.userId, req.params.venueId, req.body.reason, req.user!.id),
  );

  // Support and incident response: an admin can see how many devices a member is signed in on and end them all.
  r.get(
    "/api/admin/users/:userId/sessions",
    {
      schema: {
        summary: "The member's signed-in devices",
        params: userIdParamSchema,
        response: { 200: z.array(adminSessionSchema) },
      },
    },
    async (req) => {
      await getUser(deps, req.params.userId);
      return listSessions(deps.db, req.params.userId, null, deps.now(), deps.config.sessionIdle);
    },
  );

  // Support: "I never got the text" is answered by the provider's status and error code.
  r.get(
    "/api/admin/users/:userId/texts",
    {
      schema: {
        summary: "The member's latest texts and their delivery status",
        params: userIdParamSchema,
        response: { 200: z.array(adminTextSchema) },
      },
    },
    async (req) => {
      await getUser(deps, req.params.userId);
      return recentTexts(deps, req.params.userId);
    },
  );

  r.delete(
    "/api/admin/users/:userId/sessions",
    {
      schema: {
        summary: "Sign the member out everywhere",
        params: userIdParamSchema,
        ...noBody,
        response: { 200: adminSessionsEndedSchema },
      },
    },
    async (req) => {
      await getUser(deps, req.params.userId);
      const n = await destroyUserSessions(deps.db, req.params.userId);
      await removeAllDevices(deps.db, req.params.userId);
      req.log.info(
        { adminId: requireAdmin(req).id, userId: req.params.userId, ended: n },
        "admin ended sessions",
      );
      return {
        message:
          n === 0
            ? "This member was not signed in anywhere."
            : `Signed the member out of ${n} ${n === 1 ? "device" : "devices"}.`,
        ended: n,
      };
    },
  );

  r.post(
    "/api/admin/users/:id/promote",
    {
      schema: {
        summary: "Make a user an admin",
        params: idParamSchema,
        ...noBody,
        response: { 200: adminUserSchema },
      },
    },
    async (req) => promoteUser(deps, requireAdmin(req), req.params.id),
  );

  r.post(
    "/api/admin/users/:id/demote",
    {
      schema: {
        summary: "Remove a user's admin access",
        params: idParamSchema,
        ...noBody,
        response: { 200: adminUserSchema },
        errors: [409],
      },
    },
    async (req) => demoteUser(deps, requireAdmin(req), req.params.id),
  );
}
