import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUserSchema } from "../../../shared/api-types.ts";
import { partnerAcceptSchema, partnerInviteSchema } from "../../../shared/schemas/member.ts";
import {
  partnerInviteInfoSchema,
  partnerPreferencesSavedSchema,
  partnerPreferencesSchema,
  partnerQuestionnaireSchema,
  partnerStatusSchema,
} from "../../../shared/schemas/partner.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { partnerQuestionnaire, savePartnerPreferences } from "./questionnaire.ts";
import {
  acceptInvite,
  cancelInvite,
  inviteInfo,
  invitePartner,
  partnerStatus,
  unlinkPartner,
} from "./service.ts";

export function partnerRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/partner",
    {
      onRequest: memberOnly,
      schema: {
        summary: "The member's partner and any invitation waiting",
        response: { 200: partnerStatusSchema },
      },
    },
    async (req) => partnerStatus(deps, requireUser(req)),
  );
  r.post(
    "/api/partner/invite",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Invite a partner by e-mail",
        body: partnerInviteSchema,
        response: { 200: partnerStatusSchema },
        // Already linked to a partner; five invitations an hour.
        errors: [409, 429],
      },
    },
    async (req) => invitePartner(deps, requireUser(req), req.body.email),
  );
  r.delete(
    "/api/partner/invite",
    {
      onRequest: memberOnly,
      schema: { summary: "Withdraw the invitation waiting", response: { 200: partnerStatusSchema } },
    },
    async (req) => cancelInvite(deps, requireUser(req)),
  );
  // The linked partner's short questionnaire: their own needs, and the couple's shared answers to read.
  r.get(
    "/api/partner/preferences",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Which questionnaire is the member's, with the couple's answers",
        response: { 200: partnerQuestionnaireSchema },
        // The member's account is gone meanwhile.
        errors: [404],
      },
    },
    async (req) => partnerQuestionnaire(deps, requireUser(req)),
  );
  r.put(
    "/api/partner/preferences",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Save a linked partner's short questionnaire",
        body: partnerPreferencesSchema,
        response: { 200: partnerPreferencesSavedSchema },
        // The full questionnaire is this member's (they hold the plan, or the couple's answers are not in).
        errors: [404, 409],
      },
    },
    async (req) => {
      const saved = await savePartnerPreferences(deps, requireUser(req), req.body);
      return { user: await toPublicUser(deps, saved.user), questionnaire: saved.questionnaire };
    },
  );
  r.delete(
    "/api/partner",
    {
      onRequest: memberOnly,
      // No partner to unlink from.
      schema: { summary: "Unlink from the partner", response: { 200: partnerStatusSchema }, errors: [400] },
    },
    async (req) => unlinkPartner(deps, requireUser(req)),
  );
  // Public: the invitation page shows who invited before anyone signs in.
  r.get(
    "/api/partner-invite/:token",
    {
      schema: {
        summary: "Who sent an invitation",
        params: z.strictObject({ token: z.string().min(1).max(200) }),
        response: { 200: partnerInviteInfoSchema },
      },
    },
    async (req) => inviteInfo(deps, req.params.token),
  );
  r.post(
    "/api/partner-invite/accept",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Accept an invitation and link as a couple",
        body: partnerAcceptSchema,
        response: { 200: publicUserSchema },
        // An unknown or spent invitation (404); one of the two is linked to someone else, or both already pay.
        errors: [404, 409],
      },
    },
    async (req) => acceptInvite(deps, requireUser(req), req.body.token),
  );
}
