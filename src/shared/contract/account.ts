/** The member's own account: profile, deletion, data export, password, devices, notifications, two-step. */
import { z } from "zod";
import { publicUserSchema, sessionInfoSchema } from "../api-types.ts";
import { deleteAccountSchema, deletionPreviewSchema } from "../leaving.ts";
import {
  accountExportSchema,
  otherSessionsEndedSchema,
  planOfferAnswerSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from "../schemas/account.ts";
import { changePasswordSchema, twoFactorCodeSchema, updateProfileSchema } from "../schemas/member.ts";
import { phoneChannelsSchema, updatePhoneChannelsSchema } from "../schemas/push.ts";
import { jsonFileResponse, messageSchema } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

export const accountApi = {
  updateProfile: endpoint({
    method: "PATCH",
    path: "/api/auth/user",
    summary: "Change the member's profile and notification settings",
    body: updateProfileSchema,
    responses: { 200: publicUserSchema },
    // The new address belongs to another account.
    errors: [409, 429],
  }),
  // Deleting needs the password (and the two-step code when on); the preview says first what it will do.
  deleteAccount: endpoint({
    method: "DELETE",
    path: "/api/auth/user",
    summary: "Delete the account",
    body: deleteAccountSchema,
    responses: { 200: messageSchema },
    // The last admin cannot leave.
    errors: [409, 429, 502],
  }),
  deletionPreview: endpoint({
    method: "GET",
    path: "/api/auth/user/deletion-preview",
    summary: "What deleting the account would do",
    responses: { 200: deletionPreviewSchema },
  }),
  // The membership offered to a partner whose plan holder left (a banner on the dashboard and settings).
  planOffer: endpoint({
    method: "GET",
    path: "/api/account/plan-offer",
    summary: "A membership offered after the plan holder left",
    responses: { 200: planOfferAnswerSchema },
  }),
  exportData: endpoint({
    method: "GET",
    path: "/api/account/export",
    summary: "Download everything we hold about the member",
    // A file download: the text is built and sent as it is (export.ts decides what it holds); the
    // document says what the JSON file holds. At most 10 an hour.
    responses: { 200: jsonFileResponse(accountExportSchema, "The member's data as a JSON file") },
    errors: [429],
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/account/password",
    summary: "Change the password",
    body: changePasswordSchema,
    responses: { 200: messageSchema },
    // The password was changed elsewhere meanwhile.
    errors: [409, 429],
  }),
  // Signed-in devices: each member sees their own live sessions and can end any of the others.
  sessions: endpoint({
    method: "GET",
    path: "/api/account/sessions",
    summary: "Signed-in devices",
    responses: { 200: z.array(sessionInfoSchema) },
  }),
  endSession: endpoint({
    method: "DELETE",
    path: "/api/account/sessions/:sessionId",
    summary: "Sign out one device",
    params: z.object({ sessionId: z.uuid("That device was not found.") }),
    responses: { 200: messageSchema },
  }),
  endOtherSessions: endpoint({
    method: "DELETE",
    path: "/api/account/sessions",
    summary: "Sign out every other device",
    responses: { 200: otherSessionsEndedSchema },
  }),
  notifications: endpoint({
    method: "GET",
    path: "/api/account/notifications",
    summary: "The push and teaser-clue switches",
    responses: { 200: phoneChannelsSchema },
  }),
  updateNotifications: endpoint({
    method: "PATCH",
    path: "/api/account/notifications",
    summary: "Change the push and teaser-clue switches",
    body: updatePhoneChannelsSchema,
    responses: { 200: phoneChannelsSchema },
  }),
  twoFactorSetup: endpoint({
    method: "POST",
    path: "/api/account/2fa/setup",
    summary: "Start setting up two-step sign-in",
    responses: { 200: twoFactorSetupSchema },
    // Two-step sign-in is already on.
    errors: [409],
  }),
  twoFactorEnable: endpoint({
    method: "POST",
    path: "/api/account/2fa/enable",
    summary: "Turn two-step sign-in on",
    body: twoFactorCodeSchema,
    responses: { 200: twoFactorEnabledSchema },
    // Already on, or the set-up changed meanwhile.
    errors: [409, 429],
  }),
  twoFactorDisable: endpoint({
    method: "POST",
    path: "/api/account/2fa/disable",
    summary: "Turn two-step sign-in off",
    body: twoFactorCodeSchema,
    responses: { 200: messageSchema },
    // Ten codes an hour.
    errors: [429],
  }),
} as const;
