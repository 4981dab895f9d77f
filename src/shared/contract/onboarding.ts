/** The preferences questionnaire that finishes joining. */
import { z } from "zod";
import { publicUserSchema } from "../api-types.ts";
import { preferencesSchema, savedPreferencesSchema } from "../schemas/onboarding.ts";
import { endpoint } from "./endpoint.ts";

/** The questionnaire as saved; null before the member has answered it. */
const preferencesAnswer = z.object({ preferences: savedPreferencesSchema.nullable() });
const savedAnswer = z.object({ user: publicUserSchema, preferences: savedPreferencesSchema.nullable() });

export const onboardingApi = {
  preferences: endpoint({
    method: "GET",
    path: "/api/onboarding/preferences",
    summary: "The member's questionnaire answers",
    responses: { 200: preferencesAnswer },
  }),
  savePreferences: endpoint({
    method: "POST",
    path: "/api/onboarding/preferences",
    summary: "Save the questionnaire and finish onboarding",
    body: preferencesSchema,
    responses: { 200: savedAnswer },
    // A partner whose other half already answered the couple's questions.
    errors: [409],
  }),
} as const;
