/**
 * The Members and Users tabs and the member page: the searched list and its export, one member, their dates,
 * couple, signed-in devices and texts, and the admin role. Every /api/admin/* path is guarded in
 * plugins/auth-context.ts. The member page's workspace (notes, needs, plan, billing, e-mails, tickets) is in
 * admin-member-workspace.ts.
 */
import { z } from "zod";
import { adminAssignmentSchema } from "../admin/assignments.ts";
import { adminId } from "../admin/back-office.ts";
import { adminCoupleSchema, removeExclusionSchema } from "../admin/member-couple.ts";
import {
  adminSessionSchema,
  adminSessionsEndedSchema,
  adminTextSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  coupleQuerySchema,
  idParamSchema,
  userIdParamSchema,
} from "../admin/members.ts";
import { XLSX_TYPE } from "../admin/spreadsheet.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

const noBody = z.object({}).nullish();

export const adminMembersApi = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/users",
    answerHeaders: ["X-Total-Count"],
    summary: "Members and users, one searched page",
    query: adminUsersQuerySchema,
    responses: { 200: z.array(adminUserSchema) },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/admin/users/export",
    summary: "Every member as a spreadsheet",
    responses: { 200: fileResponse(XLSX_TYPE, "The members (.xlsx)") },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId",
    summary: "One member",
    params: userIdParamSchema,
    responses: { 200: adminUserSchema },
  }),
  dates: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/dates",
    summary: "Every date of the member's couple",
    params: userIdParamSchema,
    responses: { 200: z.array(adminAssignmentSchema) },
  }),
  // The couple: partner, plan holder, plan, the allowance of a London month (default now), needs, ratings.
  couple: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/couple",
    summary: "The member's couple: plan, allowance, needs and ratings",
    params: userIdParamSchema,
    query: coupleQuerySchema,
    responses: { 200: adminCoupleSchema },
  }),
  removeExclusion: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:userId/exclusions/:venueId",
    summary: "Remove a venue the couple asked not to go to (with a reason, kept on record)",
    params: userIdParamSchema.extend({ venueId: adminId }),
    body: removeExclusionSchema,
    responses: { 200: adminCoupleSchema },
  }),
  // Support and incident response: an admin can see how many devices a member is signed in on and end them all.
  sessions: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/sessions",
    summary: "The member's signed-in devices",
    params: userIdParamSchema,
    responses: { 200: z.array(adminSessionSchema) },
  }),
  // Support: "I never got the text" is answered by the provider's status and error code.
  texts: endpoint({
    method: "GET",
    path: "/api/admin/users/:userId/texts",
    summary: "The member's latest texts and their delivery status",
    params: userIdParamSchema,
    responses: { 200: z.array(adminTextSchema) },
  }),
  endSessions: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:userId/sessions",
    summary: "Sign the member out everywhere",
    params: userIdParamSchema,
    body: noBody,
    responses: { 200: adminSessionsEndedSchema },
  }),
  promote: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/promote",
    summary: "Make a user an admin",
    params: idParamSchema,
    body: noBody,
    responses: { 200: adminUserSchema },
  }),
  demote: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/demote",
    summary: "Remove a user's admin access",
    params: idParamSchema,
    body: noBody,
    responses: { 200: adminUserSchema },
    errors: [409],
  }),
} as const;
