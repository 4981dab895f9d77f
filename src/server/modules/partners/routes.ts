import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { partnerAcceptSchema, partnerInviteSchema } from "../../../shared/schemas/member.ts";
import { partnerPreferencesSchema } from "../../../shared/schemas/partner.ts";
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
  r.get("/api/partner", { onRequest: memberOnly }, async (req) => partnerStatus(deps, requireUser(req)));
  r.post(
    "/api/partner/invite",
    { onRequest: memberOnly, schema: { body: partnerInviteSchema } },
    async (req) => invitePartner(deps, requireUser(req), req.body.email),
  );
  r.delete("/api/partner/invite", { onRequest: memberOnly }, async (req) =>
    cancelInvite(deps, requireUser(req)),
  );
  // The linked partner's short questionnaire: their own needs, and the couple's shared answers to read.
  r.get("/api/partner/preferences", { onRequest: memberOnly }, async (req) =>
    partnerQuestionnaire(deps, requireUser(req)),
  );
  r.put(
    "/api/partner/preferences",
    { onRequest: memberOnly, schema: { body: partnerPreferencesSchema } },
    async (req) => {
      const saved = await savePartnerPreferences(deps, requireUser(req), req.body);
      return { user: await toPublicUser(deps, saved.user), questionnaire: saved.questionnaire };
    },
  );
  r.delete("/api/partner", { onRequest: memberOnly }, async (req) => unlinkPartner(deps, requireUser(req)));
  // Public: the invitation page shows who invited before anyone signs in.
  r.get(
    "/api/partner-invite/:token",
    { schema: { params: z.strictObject({ token: z.string().min(1).max(200) }) } },
    async (req) => inviteInfo(deps, req.params.token),
  );
  r.post(
    "/api/partner-invite/accept",
    { onRequest: memberOnly, schema: { body: partnerAcceptSchema } },
    async (req) => acceptInvite(deps, requireUser(req), req.body.token),
  );
}
