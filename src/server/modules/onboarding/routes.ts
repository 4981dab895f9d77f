import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUserSchema } from "../../../shared/api-types.ts";
import { preferencesSchema, savedPreferencesSchema } from "../../../shared/schemas/onboarding.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { getPreferences, savePreferences } from "./service.ts";

/** The questionnaire as saved; null before the member has answered it. */
const preferencesAnswer = z.object({ preferences: savedPreferencesSchema.nullable() });
const savedAnswer = z.object({ user: publicUserSchema, preferences: savedPreferencesSchema.nullable() });

export function onboardingRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/onboarding/preferences",
    {
      onRequest: memberOnly,
      schema: { summary: "The member's questionnaire answers", response: { 200: preferencesAnswer } },
    },
    async (req) => ({
      preferences: await getPreferences(deps, requireUser(req)),
    }),
  );

  r.post(
    "/api/onboarding/preferences",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Save the questionnaire and finish onboarding",
        body: preferencesSchema,
        response: { 200: savedAnswer },
        // A partner whose other half already answered the couple's questions.
        errors: [409],
      },
    },
    async (req) => {
      const user = await savePreferences(deps, requireUser(req), req.body);
      return { user: await toPublicUser(deps, user), preferences: await getPreferences(deps, user) };
    },
  );
}
