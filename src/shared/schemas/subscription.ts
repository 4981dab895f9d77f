import { z } from "zod";
import { TIER_IDS } from "../constants.ts";

export const SUBSCRIPTION_MSG = {
  tier: "Please choose a plan",
  code: "Please enter an offer code",
  sessionToken: "Missing session token",
} as const;

/** Offer codes are trimmed and upper-cased before any comparison. */
export const offerCodeField = z
  .string({ error: SUBSCRIPTION_MSG.code })
  .trim()
  .min(1, SUBSCRIPTION_MSG.code)
  .max(40, "Offer codes are at most 40 characters")
  .transform((c) => c.toUpperCase());

export const tierField = z.enum(TIER_IDS, { error: SUBSCRIPTION_MSG.tier });

export const validateOfferSchema = z.strictObject({ code: offerCodeField, tier: tierField });

/**
 * PUT /api/account/chosen-plan: the plan being looked at on the plans page, and the offer code (null: the
 * member removed it). A code is stored only by POST /api/validate-offer-code, once it is found valid.
 */
export const chosenPlanSchema = z.strictObject({
  tier: tierField,
  offerCode: z.null().optional(),
});

export const createSubscriptionSchema = z.strictObject({
  tier: tierField,
  offerCode: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    offerCodeField.optional(),
  ),
});

export const completeSubscriptionSchema = z.strictObject({
  session_token: z
    .string({ error: SUBSCRIPTION_MSG.sessionToken })
    .min(1, SUBSCRIPTION_MSG.sessionToken)
    .max(200),
});

/** Answer of POST /api/validate-offer-code; amounts in pounds, as shown to the member. */
export interface OfferQuote {
  code: string;
  description: string | null;
  discountType: "percentage" | "fixed_amount";
  discountValue: number;
  discount: number;
  originalPrice: number;
  finalPrice: number;
  isTimeLimited: boolean;
  durationMonths: number | null;
}
