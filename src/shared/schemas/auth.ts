import { z } from "zod";
import { AUTH_MSG } from "../auth-messages.ts";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TIER_IDS } from "../constants.ts";
import { MSG } from "../messages.ts";
import { personName } from "./person-name.ts";
import { trimmedAtLeast } from "./text.ts";

// The auth screens' own messages live apart from the schemas, so code that shows one (the sign-in link card,
// the verification result every page checks) does not bring zod into the app's first file.
export { AUTH_MSG } from "../auth-messages.ts";

/** Trimmed, lower-cased e-mail: addresses are compared case-insensitively everywhere. */
export const emailField = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, MSG.invalidEmail)
  .pipe(z.email({ error: MSG.invalidEmail }))
  .transform((e) => e.toLowerCase())
  // The document shows the text before trimming, where the pipe's e-mail check is invisible: say it.
  .meta({ format: "email" });

/**
 * A new password: long enough once trimmed (a pattern, so the document says it), and not one of the most common
 * passwords. That list (tens of thousands of entries) stays on the server, out of the app's bundle: the description
 * names the rule and its message, which the server answers with a 400 on this field.
 */
const newPassword = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(PASSWORD_MAX_LENGTH, MSG.passwordMax)
  .regex(trimmedAtLeast(PASSWORD_MIN_LENGTH), MSG.passwordMin)
  .meta({
    description: `At least ${PASSWORD_MIN_LENGTH} characters once trimmed, and not one of the most common passwords (compared trimmed and lower-cased; refused with 400: "${AUTH_MSG.commonPassword}").`,
  });

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH),
  /** The second factor, sent on the second try when the account has two-factor sign-in on. */
  code: z.string().trim().max(20).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/login/link: the one-time link's token, and the code when two-step sign-in is on. */
export const signInLinkSchema = z.object({
  token: z
    .string({ error: "The sign-in link is incomplete" })
    .min(10, "The sign-in link is incomplete")
    .max(200),
  code: z.string().trim().max(20).optional(),
});

export const registerSchema = z.object({
  email: emailField,
  password: newPassword,
  firstName: personName(MSG.firstNameMin, MSG.firstNameMax),
  lastName: personName(MSG.lastNameMin, MSG.lastNameMax),
  /** The plan chosen on the landing page (?tier=gold), kept with the account for any tab or device. */
  tier: z.enum(TIER_IDS, { error: "Please choose a plan" }).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The reset form: the two fields the member types. */
export const resetPasswordFormSchema = z
  .object({
    password: newPassword,
    confirmPassword: z
      .string({ error: MSG.confirmRequired })
      .min(PASSWORD_MIN_LENGTH, MSG.confirmRequired)
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** What the server receives: {password, token} (confirmPassword is optional but checked when sent). */
export const resetPasswordRequestSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    token: z.string({ error: MSG.tokenRequired }).min(1, MSG.tokenRequired).max(200, MSG.invalidResetToken),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ["confirmPassword"],
  });

/** GET /api/reset-password/check?token=: is the reset link still good? Answers { valid }. */
export const resetTokenCheckSchema = z.object({
  token: z.string({ error: MSG.tokenRequired }).min(1, MSG.tokenRequired).max(200, MSG.invalidResetToken),
});
export const resetTokenCheckAnswerSchema = z.object({ valid: z.boolean() });
export type ResetTokenCheck = z.infer<typeof resetTokenCheckAnswerSchema>;

export const verifyEmailSchema = z.object({
  token: z.string().min(1, MSG.invalidVerifyToken).max(200, MSG.invalidVerifyToken),
});

/** POST /api/login (or /api/login/link) when the account has two-step sign-in and no code was sent: 200, no session yet. */
export const twoFactorChallengeSchema = z
  .object({ twoFactorRequired: z.literal(true), message: z.string() })
  .meta({ id: "TwoFactorChallenge" });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
