/** Couples: the partner, invitations, and a linked partner's short questionnaire. */
import { z } from "zod";
import { publicUserSchema } from "../api-types.ts";
import { partnerAcceptSchema, partnerInviteSchema } from "../schemas/member.ts";
import {
  partnerInviteInfoSchema,
  partnerPreferencesSavedSchema,
  partnerPreferencesSchema,
  partnerQuestionnaireSchema,
  partnerStatusSchema,
} from "../schemas/partner.ts";
import { endpoint } from "./endpoint.ts";

export const partnersApi = {
  status: endpoint({
    method: "GET",
    path: "/api/partner",
    summary: "The member's partner and any invitation waiting",
    responses: { 200: partnerStatusSchema },
  }),
  invite: endpoint({
    method: "POST",
    path: "/api/partner/invite",
    summary: "Invite a partner by e-mail",
    body: partnerInviteSchema,
    responses: { 200: partnerStatusSchema },
    // Already linked to a partner; five invitations an hour.
    errors: [409, 429],
  }),
  cancelInvite: endpoint({
    method: "DELETE",
    path: "/api/partner/invite",
    summary: "Withdraw the invitation waiting",
    responses: { 200: partnerStatusSchema },
  }),
  // The linked partner's short questionnaire: their own needs, and the couple's shared answers to read.
  preferences: endpoint({
    method: "GET",
    path: "/api/partner/preferences",
    summary: "Which questionnaire is the member's, with the couple's answers",
    responses: { 200: partnerQuestionnaireSchema },
    // The member's account is gone meanwhile.
    errors: [404],
  }),
  savePreferences: endpoint({
    method: "PUT",
    path: "/api/partner/preferences",
    summary: "Save a linked partner's short questionnaire",
    body: partnerPreferencesSchema,
    responses: { 200: partnerPreferencesSavedSchema },
    // The full questionnaire is this member's (they hold the plan, or the couple's answers are not in).
    errors: [404, 409],
  }),
  unlink: endpoint({
    method: "DELETE",
    path: "/api/partner",
    summary: "Unlink from the partner",
    responses: { 200: partnerStatusSchema },
    // No partner to unlink from.
    errors: [400],
  }),
  // Public: the invitation page shows who invited before anyone signs in.
  inviteInfo: endpoint({
    method: "GET",
    path: "/api/partner-invite/:token",
    summary: "Who sent an invitation",
    params: z.strictObject({ token: z.string().min(1).max(200) }),
    responses: { 200: partnerInviteInfoSchema },
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/partner-invite/accept",
    summary: "Accept an invitation and link as a couple",
    body: partnerAcceptSchema,
    responses: { 200: publicUserSchema },
    // An unknown or spent invitation (404); one of the two is linked to someone else, or both already pay.
    errors: [404, 409],
  }),
} as const;
