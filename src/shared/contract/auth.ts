/** Signing up, in and out, the current member, password resets and e-mail verification. */
import { z } from "zod";
import { publicUserSchema } from "../api-types.ts";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordRequestSchema,
  resetTokenCheckAnswerSchema,
  resetTokenCheckSchema,
  signInLinkSchema,
  twoFactorChallengeSchema,
  verifyEmailSchema,
} from "../schemas/auth.ts";
import { messageSchema, redirectResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

/** A sign-in answers the member, or (two-step sign-in on, no code sent) asks for the code: no session yet. */
const signedInOrChallenge = z.union([publicUserSchema, twoFactorChallengeSchema]);

export const authApi = {
  register: endpoint({
    method: "POST",
    path: "/api/register",
    summary: "Create an account and sign in",
    body: registerSchema,
    responses: { 201: publicUserSchema },
    // The address is taken; too many accounts from one address (the rate limit).
    errors: [409, 429],
  }),
  login: endpoint({
    method: "POST",
    path: "/api/login",
    summary: "Sign in",
    body: loginSchema,
    responses: { 200: signedInOrChallenge },
    // A wrong password or two-step code; too many attempts (the rate limit, the lockout's step-up).
    errors: [401, 429],
  }),
  /**
   * The one-time link of the lockout step-up (opened from the e-mail at /auth?signin=..., which posts it here:
   * a mail scanner fetching the link spends nothing). With two-step sign-in on, the code is still asked.
   */
  loginLink: endpoint({
    method: "POST",
    path: "/api/login/link",
    summary: "Sign in with a one-time e-mailed link",
    body: signInLinkSchema,
    responses: { 200: signedInOrChallenge },
    // A wrong two-step code; too many attempts.
    errors: [401, 429],
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/logout",
    summary: "Sign out",
    responses: { 200: messageSchema },
  }),
  // The answer is sent as text kept per user, already encoded through publicUserSchema (public-user.ts): the
  // schema documents it, and a JSON string is sent as it is, not encoded again.
  user: endpoint({
    method: "GET",
    path: "/api/auth/user",
    summary: "The signed-in member",
    responses: { 200: publicUserSchema },
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/forgot-password",
    summary: "E-mail a password reset link",
    body: forgotPasswordSchema,
    responses: { 200: messageSchema },
    errors: [429],
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/reset-password",
    summary: "Set a new password with a reset link",
    body: resetPasswordRequestSchema,
    responses: { 200: messageSchema },
    errors: [429],
  }),
  /** Asked when a reset link is opened, so a dead link says so before the member types a new password. */
  resetCheck: endpoint({
    method: "GET",
    path: "/api/reset-password/check",
    summary: "Is a reset link still good?",
    query: resetTokenCheckSchema,
    responses: { 200: resetTokenCheckAnswerSchema },
    errors: [429],
  }),
  /** The link in the verification e-mail. */
  verifyEmail: endpoint({
    method: "GET",
    path: "/api/verify-email",
    summary: "Confirm an e-mail address (the link in the e-mail)",
    query: verifyEmailSchema,
    responses: { 302: redirectResponse("Back to the app, with ?verified=1, already or 0") },
  }),
  resendVerification: endpoint({
    method: "POST",
    path: "/api/resend-verification",
    summary: "Send the verification e-mail again",
    responses: { 200: messageSchema },
    errors: [429],
  }),
  /** The spec's login path: the sign-in screen lives at /auth. */
  loginPage: endpoint({
    method: "GET",
    path: "/api/login",
    summary: "The sign-in screen",
    // Never refused: a page that cannot come back (no `next`, an unsafe one, or it given twice) goes to /auth.
    query: z.looseObject({
      next: z
        .string()
        .optional()
        .catch(undefined)
        .describe("The member page to come back to after signing in"),
    }),
    responses: { 302: redirectResponse("To /auth, keeping a safe ?next= page to come back to") },
  }),
} as const;
