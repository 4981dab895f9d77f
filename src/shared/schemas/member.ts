/** Request schemas of the member area: the client's forms and the server use these same rules. */
import { z } from "zod";
import {
  CANCELLATION_REASONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TIER_IDS,
  TRAVEL_RADIUS,
} from "../constants.ts";
import { MEMBER_MSG } from "../member-messages.ts";
import { MSG } from "../messages.ts";
import { toUkE164 } from "../phone.ts";
import { emailField } from "./auth.ts";
import { personName } from "./person-name.ts";
import { trimmedAtLeast } from "./text.ts";

export { MEMBER_MSG };

/** UK numbers: 07xxx mobiles, 01/02/03 landlines, with +44 or 0, spaces, dashes and brackets allowed. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, "");
  const national = digits.startsWith("+44") ? `0${digits.slice(3).replace(/^0/, "")}` : digits;
  return /^0[1237]\d{8,9}$/.test(national) ? national : null;
}

const phoneField = z
  .string({ error: MEMBER_MSG.phone })
  .trim()
  .max(32, MEMBER_MSG.phone)
  .transform((v, ctx) => {
    if (v === "") return null;
    // Stored in E.164 (+447700900123), the form texts are sent to.
    const n = toUkE164(v);
    if (!n) {
      ctx.addIssue({ code: "custom", message: MEMBER_MSG.phone });
      return z.NEVER;
    }
    return n;
  });

/** PATCH /api/auth/user: every field optional; unknown fields (isAdmin, tier...) are refused. */
export const updateProfileSchema = z.strictObject({
  firstName: personName(MSG.firstNameMin, MSG.firstNameMax).optional(),
  lastName: personName(MSG.lastNameMin, MSG.lastNameMax).optional(),
  /** A new address takes effect only after it is verified, and changing it needs the current password. */
  email: emailField.optional(),
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  city: z
    .string({ error: MEMBER_MSG.city })
    .trim()
    .max(100, MEMBER_MSG.city)
    .transform((v) => (v === "" ? null : v))
    .optional(),
  phone: phoneField.optional(),
  travelRadius: z
    .number({ error: MEMBER_MSG.radius })
    .int(MEMBER_MSG.radius)
    .min(TRAVEL_RADIUS.min, MEMBER_MSG.radius)
    .max(TRAVEL_RADIUS.max, MEMBER_MSG.radius)
    .optional(),
  emailNotifications: z.boolean().optional(),
  smsNotifications: z.boolean().optional(),
  marketingOptOut: z.boolean().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const cancelSubscriptionSchema = z.strictObject({
  reason: z.enum(CANCELLATION_REASONS, { error: MEMBER_MSG.reason }),
  feedback: z.string().trim().max(2000, MEMBER_MSG.feedbackMax).optional(),
});

export const changeTierSchema = z.strictObject({
  tier: z.enum(TIER_IDS, { error: MEMBER_MSG.tier }),
  /**
   * The change the screen showed waiting (null: none). When sent, a plan whose waiting change is another one
   * by now (a second tab or device changed it) is answered 409 and nothing is replaced.
   */
  pendingTier: z.enum(TIER_IDS, { error: MEMBER_MSG.tier }).nullable().optional(),
});

export const rateDateSchema = z.strictObject({
  rating: z
    .number({ error: MEMBER_MSG.rating })
    .int(MEMBER_MSG.rating)
    .min(1, MEMBER_MSG.rating)
    .max(5, MEMBER_MSG.rating),
  feedback: z.string().trim().max(2000, MEMBER_MSG.feedbackMax).optional(),
});

export const rescheduleSchema = z.strictObject({
  reason: z.string().trim().max(1000, "Please keep the reason under 1000 characters").optional(),
});

export const createTicketSchema = z.strictObject({
  subject: z
    .string({ error: MEMBER_MSG.subject })
    .regex(trimmedAtLeast(3), MEMBER_MSG.subject)
    .trim()
    .max(200, MEMBER_MSG.subject),
  body: z
    .string({ error: MEMBER_MSG.body })
    .regex(trimmedAtLeast(10), MEMBER_MSG.body)
    .trim()
    .max(5000, MEMBER_MSG.bodyMax),
  reservationId: z.number().int().positive().max(2_147_483_647).optional(),
});

export const ticketReplySchema = z.strictObject({
  body: z
    .string({ error: MEMBER_MSG.reply })
    .regex(trimmedAtLeast(1), MEMBER_MSG.reply)
    .trim()
    .max(5000, MEMBER_MSG.bodyMax),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: MEMBER_MSG.currentPassword })
    .min(1, MEMBER_MSG.currentPassword)
    .max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: MSG.passwordMin })
    .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordMax)
    .refine((p) => p.trim().length >= PASSWORD_MIN_LENGTH, MSG.passwordMin),
});

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeField = z
  .string({ error: MEMBER_MSG.code })
  .regex(trimmedAtLeast(6), MEMBER_MSG.code)
  .trim()
  .max(20, MEMBER_MSG.code);

export const twoFactorCodeSchema = z.strictObject({ code: twoFactorCodeField });

export const partnerInviteSchema = z.strictObject({ email: emailField });

export const partnerAcceptSchema = z.strictObject({
  token: z.string({ error: MEMBER_MSG.token }).min(1, MEMBER_MSG.token).max(200, MEMBER_MSG.token),
});

/** Path ids: digits only, so "1e3", "-1" or "abc" are refused before any query. */
export const idParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, "Invalid id")
    .transform(Number),
});
