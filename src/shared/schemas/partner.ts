/**
 * Joining as a partner: who may accept an invitation, and the partner's short
 * questionnaire. The server and the client's form use these same rules and words.
 */
import { z } from "zod";
import { publicUserSchema } from "../api-types.ts";
import {
  ACCESSIBILITY_OPTIONS,
  DATE_TYPES,
  DAYS_OF_WEEK,
  DIETARY_OPTIONS,
  TIMES_OF_DAY,
} from "../constants.ts";
import { ONBOARDING_MSG } from "./onboarding.ts";

/** "jamie@example.com" -> "j***@example.com": enough for the right person to recognise, not for a stranger. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export const PARTNER_JOIN_MSG = {
  /** Signed in with an address the invitation was not sent to. */
  wrongAddress: (invitedMasked: string, inviterName: string | null) =>
    `This invitation was sent to ${invitedMasked}. Sign in with that address to accept it, or ask ${
      inviterName?.trim() || "your partner"
    } to invite the address you use.`,
  /** The invited address, not yet confirmed by its verification link. */
  verifyFirst: (email: string) =>
    `Please confirm your e-mail address first: open the link we sent to ${email}, then accept the invitation.`,
  notLinked: "The short questionnaire is for a linked partner. Please answer the full questionnaire instead.",
  holder: "You hold the couple's plan, so the full questionnaire is yours to answer.",
  /** The full questionnaire from a partner whose other half already answered the couple's questions. */
  sharedAnswered: (name: string | null) =>
    `${name?.trim() || "Your partner"} has answered the couple's questions for you both. Add your own needs (dietary, access, alcohol) instead.`,
  noShared:
    "Your partner hasn't answered the couple's questions yet. Please answer the full questionnaire for you both.",
  dietary: "Please choose dietary needs from the list",
  access: "Please choose access needs from the list",
  alcohol: "Please say whether drinks with alcohol are fine for you",
  marketing: "Please say whether you'd like marketing e-mails",
  terms: ONBOARDING_MSG.terms,
  duplicate: ONBOARDING_MSG.duplicate,
} as const;

const choices = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z
    .array(z.enum(options, { error: message }), { error: message })
    .max(options.length, message)
    .refine((l) => new Set(l).size === l.length, PARTNER_JOIN_MSG.duplicate)
    // The document says so too (a refinement alone is invisible in it).
    .meta({ uniqueItems: true });

/** PUT /api/partner/preferences: only what is the partner's own. Unknown fields are refused. */
export const partnerPreferencesSchema = z.strictObject({
  dietaryRestrictions: choices(DIETARY_OPTIONS, PARTNER_JOIN_MSG.dietary),
  accessibilityNeeds: choices(ACCESSIBILITY_OPTIONS, PARTNER_JOIN_MSG.access),
  alcoholOk: z.boolean({ error: PARTNER_JOIN_MSG.alcohol }),
  marketingOptOut: z.boolean({ error: PARTNER_JOIN_MSG.marketing }).default(false),
  termsAccepted: z.literal(true, { error: PARTNER_JOIN_MSG.terms }),
});
export type PartnerPreferencesInput = z.input<typeof partnerPreferencesSchema>;
export type PartnerPreferences = z.output<typeof partnerPreferencesSchema>;

/** The couple's answers, given once by the partner who holds them; the other partner reads them. */
export const sharedAnswersSchema = z
  .object({
    /** Whose answers they are. */
    fromFirstName: z.string().nullable(),
    postcode: z.string(),
    travelRadius: z.number(),
    dateSpend: z.enum(["£", "££", "£££"]),
    /** Ranked, first choice first. */
    dateTypes: z.array(z.enum(DATE_TYPES)),
    scheduling: z.array(z.object({ weekOfMonth: z.number(), dayOfWeek: z.enum(DAYS_OF_WEEK) })),
    /** Ranked, first choice first. */
    times: z.array(z.enum(TIMES_OF_DAY)),
  })
  .meta({ id: "SharedAnswers" });
export type SharedAnswers = z.infer<typeof sharedAnswersSchema>;

/** GET /api/partner/preferences (and the answer to PUT). */
export const partnerQuestionnaireSchema = z
  .object({
    /**
     * True for a linked partner who does not hold the plan, when the other partner has answered the couple's
     * questions: they answer only the short questionnaire. Otherwise the full one is theirs.
     */
    eligible: z.boolean(),
    partnerFirstName: z.string().nullable(),
    /** Present only when eligible. */
    shared: sharedAnswersSchema.nullable(),
    own: z.object({
      dietaryRestrictions: z.array(z.enum(DIETARY_OPTIONS)),
      accessibilityNeeds: z.array(z.enum(ACCESSIBILITY_OPTIONS)),
      alcoholOk: z.boolean(),
    }),
    marketingOptOut: z.boolean(),
    termsAccepted: z.boolean(),
    /** The member's onboarding is done (either questionnaire). */
    completed: z.boolean(),
  })
  .meta({ id: "PartnerQuestionnaire" });
export type PartnerQuestionnaire = z.infer<typeof partnerQuestionnaireSchema>;

/** PUT /api/partner/preferences: the member as now (onboarding done) and the questionnaire as saved. */
export const partnerPreferencesSavedSchema = z.object({
  user: publicUserSchema,
  questionnaire: partnerQuestionnaireSchema,
});

/** GET /api/partner (and the answer to inviting, cancelling and unlinking): the partner and any invitation waiting. */
export const partnerStatusSchema = z
  .object({
    partner: z.object({ id: z.number(), firstName: z.string().nullable(), email: z.string() }).nullable(),
    pendingInvite: z.object({ email: z.string(), sentAt: z.string(), expiresAt: z.string() }).nullable(),
  })
  .meta({ id: "PartnerStatus" });
export type PartnerStatus = z.infer<typeof partnerStatusSchema>;

/** GET /api/partner-invite/{token}: who invited (no session needed). */
export const partnerInviteInfoSchema = z
  .object({ inviterFirstName: z.string().nullable(), email: z.string(), expiresAt: z.string() })
  .meta({ id: "PartnerInviteInfo" });
export type PartnerInviteInfo = z.infer<typeof partnerInviteInfoSchema>;
