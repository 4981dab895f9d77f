/**
 * Leaving deliberately: deleting an account needs the password (and the two-step code when
 * it is on), and the member is told first, date by date, what happens. The server computes the preview with
 * the same code that deletes (src/server/modules/couples/leaving.ts), so the screen and the action agree.
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./constants.ts";

export const LEAVING_MSG = {
  password: "Enter your password to delete your account",
  wrongPassword: "That password is not right. Your account has not been deleted.",
  code: "Enter the 6-digit code from your authenticator app, or a recovery code",
  wrongCode: "That code is not valid. Your account has not been deleted.",
} as const;

/** DELETE /api/auth/user: an empty or missing body is refused with the password's field error. */
export const deleteAccountSchema = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z.strictObject({
    password: z
      .string({ error: LEAVING_MSG.password })
      .min(1, LEAVING_MSG.password)
      .max(PASSWORD_MAX_LENGTH, LEAVING_MSG.password),
    /** A TOTP code or a recovery code; required only when two-step sign-in is on. */
    code: z.string({ error: LEAVING_MSG.code }).trim().max(20, LEAVING_MSG.code).optional(),
  }),
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** What happens to one booked date when the member deletes their account. */
export const DATE_OUTCOMES = [
  /** Stays booked, with the partner (it may change name to theirs). */
  "stays",
  /** Stays booked with the partner if they take the membership over in time; otherwise cancelled. */
  "offered",
  /** Cancelled now. */
  "cancelled",
] as const;
export type DateOutcome = (typeof DATE_OUTCOMES)[number];

/** GET /api/auth/user/deletion-preview */
export const deletionPreviewSchema = z
  .object({
    /** Two-step sign-in is on: the code is asked for as well. */
    needsCode: z.boolean(),
    /** The member's own plan, when it ends with the account ("Your Gold membership ends now..."). */
    plan: z.string().nullable(),
    /** The linked partner and what happens to them, in one or two sentences. */
    partner: z.object({ firstName: z.string().nullable(), outcome: z.string() }).nullable(),
    /** Every date still ahead of the couple, soonest first. */
    dates: z.array(
      z.object({
        id: z.number(),
        /** ISO time. */
        at: z.string(),
        /** "Fri 4 Dec, 19:30" (London). */
        when: z.string(),
        outcome: z.enum(DATE_OUTCOMES),
        /** "stays with Sam", "will be cancelled"... */
        text: z.string(),
      }),
    ),
  })
  .meta({ id: "DeletionPreview" });
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

/** A membership the partner may take over after the plan holder left (shown on the dashboard and settings). */
export const planOfferSchema = z
  .object({
    tier: z.string(),
    tierName: z.string(),
    /** Until when the partner can set up their own Direct Debit and keep every date. */
    expiresAt: z.string(),
    /** Dates up to this time were paid for by the plan holder and stay whatever happens. */
    paidUntil: z.string(),
    /** How many dates are booked ahead (all kept when the partner subscribes in time). */
    dates: z.number(),
    /** How many of them fall after the paid cycle (cancelled if the partner does not subscribe). */
    atRisk: z.number(),
    /** The days of the dates within the paid cycle, which go ahead either way ("Fri 27 Nov"), soonest first. */
    keptDays: z.array(z.string()),
    /** The days of the dates after it, which depend on the partner's own Direct Debit, soonest first. */
    atRiskDays: z.array(z.string()),
  })
  .meta({ id: "PlanOffer" });
export type PlanOffer = z.infer<typeof planOfferSchema>;

export * from "./leaving-words.ts";
