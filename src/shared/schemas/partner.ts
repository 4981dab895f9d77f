/**
 * Joining as a partner (issue #16, part 3): who may accept an invitation, and the partner's short
 * questionnaire. The server and the client's form use these same rules and words.
 */
import { z } from "zod";
import {
  ACCESSIBILITY_OPTIONS,
  type DATE_TYPES,
  type DAYS_OF_WEEK,
  DIETARY_OPTIONS,
  type TIMES_OF_DAY,
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
    .refine((l) => new Set(l).size === l.length, PARTNER_JOIN_MSG.duplicate);

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
export interface SharedAnswers {
  /** Whose answers they are. */
  fromFirstName: string | null;
  postcode: string;
  travelRadius: number;
  dateSpend: "£" | "££" | "£££";
  /** Ranked, first choice first. */
  dateTypes: (typeof DATE_TYPES)[number][];
  scheduling: { weekOfMonth: number; dayOfWeek: (typeof DAYS_OF_WEEK)[number] }[];
  /** Ranked, first choice first. */
  times: (typeof TIMES_OF_DAY)[number][];
}

/** GET /api/partner/preferences (and the answer to PUT). */
export interface PartnerQuestionnaire {
  /**
   * True for a linked partner who does not hold the plan, when the other partner has answered the couple's
   * questions: they answer only the short questionnaire. Otherwise the full one is theirs.
   */
  eligible: boolean;
  partnerFirstName: string | null;
  /** Present only when eligible. */
  shared: SharedAnswers | null;
  own: {
    dietaryRestrictions: (typeof DIETARY_OPTIONS)[number][];
    accessibilityNeeds: (typeof ACCESSIBILITY_OPTIONS)[number][];
    alcoholOk: boolean;
  };
  marketingOptOut: boolean;
  termsAccepted: boolean;
  /** The member's onboarding is done (either questionnaire). */
  completed: boolean;
}
