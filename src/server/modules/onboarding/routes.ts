import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { preferencesSchema } from "../../../shared/schemas/onboarding.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { getPreferences, savePreferences } from "./service.ts";

export function onboardingRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/onboarding/preferences", { onRequest: memberOnly }, async (req) => ({
    preferences: await getPreferences(deps, requireUser(req)),
  }));

  r.post(
    "/api/onboarding/preferences",
    { onRequest: memberOnly, schema: { body: preferencesSchema } },
    async (req) => {
      const user = await savePreferences(deps, requireUser(req), req.body);
      return { user: await toPublicUser(deps, user), preferences: await getPreferences(deps, user) };
    },
  );
}
