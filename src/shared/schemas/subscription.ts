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
export const offerQuoteSchema = z
  .object({
    code: z.string(),
    description: z.string().nullable(),
    discountType: z.enum(["percentage", "fixed_amount"]),
    discountValue: z.number(),
    discount: z.number(),
    originalPrice: z.number(),
    finalPrice: z.number(),
    isTimeLimited: z.boolean(),
    durationMonths: z.number().nullable(),
  })
  .meta({ id: "OfferQuote" });
export type OfferQuote = z.infer<typeof offerQuoteSchema>;

/**
 * Where to send the member to authorise a Direct Debit at the provider (POST /api/create-subscription,
 * POST /api/subscription/update-payment-method).
 */
export const providerRedirectSchema = z.object({ redirect_url: z.string() }).meta({ id: "ProviderRedirect" });

/** POST /api/complete-subscription: the plan, and for a second tab's checkout the note that it was cancelled. */
export const completionResultSchema = z
  .object({
    tier: z.enum(TIER_IDS),
    kind: z.literal("update_mandate").optional(),
    /** True when another checkout already made the plan and this one's mandate was cancelled at the provider. */
    duplicate: z.literal(true).optional(),
    message: z.string().optional(),
  })
  .meta({ id: "CheckoutCompletion" });
export type CompletionResult = z.infer<typeof completionResultSchema>;

/** POST /api/cancel-subscription */
export const cancellationResultSchema = z.object({
  message: z.string(),
  /** Cancelled in the cooling-off period: the first payment is refunded and the plan ends now. */
  refunded: z.boolean(),
  /** ISO time the plan stops. */
  endsAt: z.string().nullable(),
});
export type CancellationResult = z.infer<typeof cancellationResultSchema>;

/** POST /api/subscription/change-tier */
export const tierChangeResultSchema = z.object({
  message: z.string(),
  /** ISO time the new tier takes over (the next payment, or the first after a month off). */
  effectiveAt: z.string().nullable(),
});
export type TierChangeResult = z.infer<typeof tierChangeResultSchema>;

/** POST /api/webhooks/payments: how many events were read, and what became of each (by event id). */
export const paymentWebhookResultSchema = z.object({
  processed: z.number(),
  outcomes: z.record(z.string(), z.string()),
});
