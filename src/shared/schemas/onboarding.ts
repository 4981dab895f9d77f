import { z } from "zod";
import {
  ACCESSIBILITY_OPTIONS,
  DATE_TYPES,
  DAYS_OF_WEEK,
  DIETARY_OPTIONS,
  TIMES_OF_DAY,
  TRAVEL_RADIUS,
} from "../constants.ts";
import { normalisePostcode } from "../postcode.ts";

export const ONBOARDING_MSG = {
  postcode: "Please enter a valid UK postcode",
  radius: `Travel radius must be between ${TRAVEL_RADIUS.min} and ${TRAVEL_RADIUS.max} miles`,
  budget: "Please select a budget",
  dateTypes: "Please select date types",
  scheduling: "Please select at least 3 scheduling options",
  times: "Please select preferred times",
  terms: "You must accept the Terms & Conditions to continue",
  duplicate: "Each choice may appear only once",
  ranks: "Ranks must run 1, 2, 3... in the order chosen",
} as const;

export const MIN_SCHEDULING_OPTIONS = 3;

/**
 * Ranks must be 1..n with no gaps or repeats, and each item chosen once: so at most one entry per option. The
 * document carries the bound and uniqueItems; the rest (each key once, ranks 1..n) is in the description, since
 * JSON Schema cannot say it of a field inside the items.
 */
function ranked<T extends z.ZodTypeAny>(item: T, key: string, message: string, options: number) {
  return (
    z
      .array(item, { error: message })
      .min(1, message)
      // More entries than options means one is repeated.
      .max(options, ONBOARDING_MSG.duplicate)
      .meta({
        uniqueItems: true,
        description: `Each ${key} at most once, ranked 1, 2, 3... with no gaps or repeats (refused with 400: "${ONBOARDING_MSG.duplicate}" or "${ONBOARDING_MSG.ranks}")`,
      })
      .superRefine((list, ctx) => {
        const keys = list.map((x) => (x as Record<string, unknown>)[key]);
        if (new Set(keys).size !== keys.length)
          ctx.addIssue({ code: "custom", message: ONBOARDING_MSG.duplicate });
        const ranks = list.map((x) => (x as { rank: number }).rank).sort((a, b) => a - b);
        if (ranks.some((r, i) => r !== i + 1))
          ctx.addIssue({ code: "custom", message: ONBOARDING_MSG.ranks });
      })
  );
}

const uniqueList = <T extends readonly [string, ...string[]]>(options: T) =>
  z
    .array(z.enum(options))
    .max(options.length)
    .default([])
    .refine((l) => new Set(l).size === l.length, ONBOARDING_MSG.duplicate)
    // The document says so too (a refinement alone is invisible in it).
    .meta({ uniqueItems: true });

export const postcodeField = z
  .string({ error: ONBOARDING_MSG.postcode })
  .max(16, ONBOARDING_MSG.postcode)
  .transform((v, ctx) => {
    const normalised = normalisePostcode(v);
    if (!normalised) {
      ctx.addIssue({ code: "custom", message: ONBOARDING_MSG.postcode });
      return z.NEVER;
    }
    return normalised;
  });

export const travelRadiusField = z
  .number({ error: ONBOARDING_MSG.radius })
  .int(ONBOARDING_MSG.radius)
  .min(TRAVEL_RADIUS.min, ONBOARDING_MSG.radius)
  .max(TRAVEL_RADIUS.max, ONBOARDING_MSG.radius);

export const dateTypePreferenceSchema = z.object({
  type: z.enum(DATE_TYPES),
  rank: z.number().int().min(1).max(DATE_TYPES.length),
});
export const timePreferenceSchema = z.object({
  time: z.enum(TIMES_OF_DAY),
  rank: z.number().int().min(1).max(TIMES_OF_DAY.length),
});
export const schedulingPreferenceSchema = z.object({
  weekOfMonth: z.number().int().min(1).max(4),
  dayOfWeek: z.enum(DAYS_OF_WEEK),
});

/** The preferences payload (member-app.md section 3), checked the same way by the form and the server. */
export const preferencesSchema = z.strictObject({
  postcode: postcodeField,
  travelRadius: travelRadiusField,
  dateSpend: z.enum(["£", "££", "£££"], { error: ONBOARDING_MSG.budget }),
  dateTypePreferences: ranked(dateTypePreferenceSchema, "type", ONBOARDING_MSG.dateTypes, DATE_TYPES.length),
  schedulingPreferences: z
    .array(schedulingPreferenceSchema, { error: ONBOARDING_MSG.scheduling })
    .min(MIN_SCHEDULING_OPTIONS, ONBOARDING_MSG.scheduling)
    .max(28)
    .refine(
      (l) => new Set(l.map((s) => `${s.weekOfMonth}:${s.dayOfWeek}`)).size === l.length,
      ONBOARDING_MSG.duplicate,
    ),
  timePreferences: ranked(timePreferenceSchema, "time", ONBOARDING_MSG.times, TIMES_OF_DAY.length),
  dietaryRestrictions: uniqueList(DIETARY_OPTIONS),
  accessibilityNeeds: uniqueList(ACCESSIBILITY_OPTIONS),
  alcoholOk: z.boolean().default(true),
  openToTrying: z.boolean().default(false),
  marketingOptOut: z.boolean().default(false),
  termsAccepted: z.literal(true, { error: ONBOARDING_MSG.terms }),
});
export type PreferencesInput = z.input<typeof preferencesSchema>;
export type Preferences = z.output<typeof preferencesSchema>;

/**
 * The questionnaire as saved (GET /api/onboarding/preferences and the answer to POST): the payload's fields plus
 * when it was last saved. A partner who answered only the short questionnaire has no budget of their own.
 */
export const savedPreferencesSchema = z
  .object({
    postcode: z.string(),
    travelRadius: z.number(),
    dateSpend: z.enum(["£", "££", "£££"]).nullable(),
    dateTypePreferences: z.array(dateTypePreferenceSchema),
    schedulingPreferences: z.array(schedulingPreferenceSchema),
    timePreferences: z.array(timePreferenceSchema),
    dietaryRestrictions: z.array(z.enum(DIETARY_OPTIONS)),
    accessibilityNeeds: z.array(z.enum(ACCESSIBILITY_OPTIONS)),
    alcoholOk: z.boolean(),
    openToTrying: z.boolean(),
    marketingOptOut: z.boolean(),
    termsAccepted: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "SavedPreferences" });
export type SavedPreferences = z.infer<typeof savedPreferencesSchema>;

/** Section 9's defaults for a new questionnaire. */
export const PREFERENCE_DEFAULTS = {
  postcode: "",
  travelRadius: TRAVEL_RADIUS.onboardingDefault,
  dateTypePreferences: [],
  schedulingPreferences: [],
  timePreferences: [],
  dietaryRestrictions: [],
  accessibilityNeeds: [],
  alcoholOk: true,
  openToTrying: false,
  marketingOptOut: false,
  termsAccepted: false,
} as const;
