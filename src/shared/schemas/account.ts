/**
 * Answers of the account routes (Settings: two-step sign-in, devices): the routes' response contract, so a
 * field not listed here never leaves. Request schemas of the same screens live in ./member.ts.
 */
import { z } from "zod";
import { planOfferSchema } from "../leaving.ts";

/** POST /api/account/2fa/setup */
export const twoFactorSetupSchema = z.object({
  /** base32 secret for manual entry. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG image of the QR code as a data: URL. */
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/account/2fa/enable answers the one-time recovery codes, shown once. */
export const twoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** DELETE /api/account/sessions: every other device signed out, and how many there were. */
export const otherSessionsEndedSchema = z.object({ message: z.string(), ended: z.number() });

/** GET /api/account/plan-offer: the membership offered after the plan holder left, if any. */
export const planOfferAnswerSchema = z.object({ offer: planOfferSchema.nullable() });

/**
 * The member's data export (GET /api/account/export), a JSON file: its sections, each described loosely (the
 * file holds what we keep, and grows with it). Documentation only: the file is sent as built.
 */
const section = z.looseObject({});
export const accountExportSchema = z
  .looseObject({
    exportedAt: z.iso.datetime(),
    account: section,
    subscription: section,
    preferences: section.nullable(),
    partner: section.nullable(),
    partnerInvitations: z.array(section),
    dates: z.array(section),
    ratings: z.array(section),
    supportTickets: z.array(section),
    emailsSent: z.array(section),
    signedInDevices: z.array(section),
  })
  .meta({ id: "AccountExport" });
