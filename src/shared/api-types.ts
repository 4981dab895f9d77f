/**
 * The current user and the member's devices as the API sends them. The zod schemas are the response contract
 * of the routes that answer them (the serializer encodes through them, so a column not listed never leaves);
 * the types are inferred from the same schemas.
 */
import { z } from "zod";
import { DISCOUNT_TYPES, SUBSCRIPTION_STATUSES, TIER_IDS } from "./constants.ts";

export const activeDiscountSchema = z
  .object({
    offerCode: z.string(),
    discountType: z.enum(DISCOUNT_TYPES),
    discountValue: z.string(),
    cyclesRemaining: z.number().nullable(),
    discountEndDate: z.string().nullable(),
    /** The plans it takes money off; null: every plan (on another, the plan's full price is paid). */
    applicableTiers: z.array(z.enum(TIER_IDS)).nullable(),
  })
  .meta({ id: "ActiveDiscount" });
export type ActiveDiscount = z.infer<typeof activeDiscountSchema>;

/** The current user as the API sends it: never a password, token or payment-provider id. */
export const publicUserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    onboardingCompleted: z.boolean(),
    subscriptionTier: z.enum(TIER_IDS).nullable(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    partnerId: z.number().nullable(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    marketingOptOut: z.boolean(),
    termsAccepted: z.boolean(),
    createdAt: z.string(),
    activeDiscount: activeDiscountSchema.nullable(),
    /** A new address waiting for its verification link to be followed. */
    pendingEmail: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    /** End of the billing cycle paid for (a cancelled plan runs until then). */
    currentPeriodEnd: z.string().nullable(),
    /** A tier change waiting for the next cycle. */
    pendingTier: z.enum(TIER_IDS).nullable(),
    /**
     * The end of a gifted plan with no Direct Debit behind it (the plan reads "Gift" until then and ends
     * cleanly unless the couple continue with a Direct Debit); null otherwise.
     */
    giftedUntil: z.string().nullable(),
    /** A month off booked or under way: no date from pausedFrom (null: from now) until pausedUntil. */
    pausedUntil: z.string().nullable(),
    /** Where that month off starts: after the dates the couple kept, or at the end of the paid cycle. */
    pausedFrom: z.string().nullable(),
    /**
     * When a change of plan made now takes effect: the next payment, or with a month off booked or running the
     * first payment after it (the date POST /api/subscription/change-tier answers as effectiveAt). Null
     * without a live plan.
     */
    planChangeFrom: z.string().nullable(),
    /**
     * When the plan would end if cancelled now without a refund: the end of what is paid and of any gift months
     * on the plan's account (a booked month off is dropped). Null without a live plan of the member's own.
     */
    planEndsIfCancelled: z.string().nullable(),
    /**
     * The linked partner's membership when it covers this member (one membership covers a couple): the
     * member then has no plan of their own to buy, and billing stays with the partner.
     */
    partnerPlan: z
      .object({
        tier: z.enum(TIER_IDS),
        status: z.enum(SUBSCRIPTION_STATUSES),
        firstName: z.string().nullable(),
        pausedFrom: z.string().nullable(),
        pausedUntil: z.string().nullable(),
        /** The couple's gifted plan's end, when the partner holds one (see giftedUntil). */
        giftedUntil: z.string().nullable(),
      })
      .nullable(),
    /**
     * The plan chosen before paying (at registration or on the plans page) and the offer code validated for it,
     * so any tab or device continues where the member left off; null once a plan is set up.
     */
    chosenPlan: z.object({ tier: z.enum(TIER_IDS), offerCode: z.string().nullable() }).nullable(),
    preferences: z
      .object({
        city: z.string().nullable(),
        travelRadius: z.number().nullable(),
        postcode: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "PublicUser" });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** One signed-in device in Settings, Privacy & Security (GET /api/account/sessions). */
export const sessionInfoSchema = z
  .object({
    /** Public handle used to end it; the cookie token never leaves the browser that holds it. */
    id: z.string(),
    current: z.boolean(),
    /** "Chrome on Mac", "Safari on iPhone", "Unknown device". */
    device: z.string(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
  })
  .meta({ id: "SessionInfo" });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
