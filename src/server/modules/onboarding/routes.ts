import type { FastifyInstance } from "fastify";
import { onboardingApi as api } from "../../../shared/contract/onboarding.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { getPreferences, savePreferences } from "./service.ts";

export function onboardingRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };

  route(app, api.preferences, member, async (req) => ({
    preferences: await getPreferences(deps, requireUser(req)),
  }));

  route(app, api.savePreferences, member, async (req) => {
    const user = await savePreferences(deps, requireUser(req), req.body);
    return { user: await toPublicUser(deps, user), preferences: await getPreferences(deps, user) };
  });
}
