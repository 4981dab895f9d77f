import type { FastifyInstance } from "fastify";
import { partnersApi as api } from "../../../shared/contract/partners.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
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
  const member = { onRequest: memberOnly };
  route(app, api.status, member, async (req) => partnerStatus(deps, requireUser(req)));
  route(app, api.invite, member, async (req) => invitePartner(deps, requireUser(req), req.body.email));
  route(app, api.cancelInvite, member, async (req) => cancelInvite(deps, requireUser(req)));
  route(app, api.preferences, member, async (req) => partnerQuestionnaire(deps, requireUser(req)));
  route(app, api.savePreferences, member, async (req) => {
    const saved = await savePartnerPreferences(deps, requireUser(req), req.body);
    return { user: await toPublicUser(deps, saved.user), questionnaire: saved.questionnaire };
  });
  route(app, api.unlink, member, async (req) => unlinkPartner(deps, requireUser(req)));
  route(app, api.inviteInfo, {}, async (req) => inviteInfo(deps, req.params.token));
  route(app, api.accept, member, async (req) => acceptInvite(deps, requireUser(req), req.body.token));
}
