/**
 * Gift memberships: the request and response contract of /api/gifts, shared by the gift pages and the server,
 * with the figures, messages and words of basics.ts re-exported.
 */
import { z } from "zod";
import { EMAIL_MAX_LENGTH, TIER_IDS } from "../../../shared/constants.ts";
import { GIFT, GIFT_MSG, GIFT_STATUSES } from "../../../shared/gift-basics.ts";

export * from "../../../shared/gift-basics.ts";

/**
 * Not blank: a non-space character (checked before trimming, so the document's pattern says what is refused:
 * a blank string passes a `minLength: 1`, then the trimming would leave it empty).
 */
const text = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).regex(/\S/, message).trim().max(max, tooLong);
const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX_LENGTH, message)
    .pipe(z.email(message))
    // The document shows the text before trimming, where the pipe's e-mail check is invisible: say it.
    .meta({ format: "email" });

export const giftTierField = z.enum(TIER_IDS, { error: GIFT_MSG.tier });
/** One of the gift lengths (documented as their enum, so a generated request never tries 0 or 5). */
export const giftMonthsField = z.literal(GIFT.lengths, { error: GIFT_MSG.months });
const optionalOffer = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string()
    .trim()
    .max(40, "Offer codes are at most 40 characters")
    .transform((c) => c.toUpperCase())
    .optional(),
);

/** POST /api/gifts/quote: the price breakdown the form shows. */
export const giftQuoteSchema = z.strictObject({
  tier: giftTierField,
  months: giftMonthsField,
  offerCode: optionalOffer,
});

/** POST /api/gifts: the gift and who it is from and for; the delivery day is checked against London's today. */
export const giftPurchaseSchema = z.strictObject({
  tier: giftTierField,
  months: giftMonthsField,
  buyerName: text(GIFT_MSG.buyerName, GIFT.nameMax, GIFT_MSG.nameTooLong),
  buyerEmail: email(GIFT_MSG.buyerEmail),
  recipientNames: text(GIFT_MSG.recipientNames, GIFT.recipientNamesMax, GIFT_MSG.recipientNamesTooLong),
  recipientEmail: email(GIFT_MSG.recipientEmail),
  // A real calendar day (documented as format: date): "0000-00-00" or "2026-02-30" is refused by its shape.
  deliverOn: z.iso.date({ error: GIFT_MSG.deliverOn }),
  message: z
    .string({ error: GIFT_MSG.messageTooLong })
    .trim()
    .max(GIFT.messageMax, GIFT_MSG.messageTooLong)
    .default(""),
  offerCode: optionalOffer,
});
export type GiftPurchase = z.infer<typeof giftPurchaseSchema>;

const tokenField = z.string({ error: GIFT_MSG.token }).min(20, GIFT_MSG.token).max(100, GIFT_MSG.token);
export const giftTokenQuerySchema = z.object({ token: tokenField });
export const giftTokenBodySchema = z.strictObject({ token: tokenField });
export const giftChangeDeliverySchema = z.strictObject({
  token: tokenField,
  deliverOn: giftPurchaseSchema.shape.deliverOn,
});
export const giftCodeField = z
  .string({ error: GIFT_MSG.code })
  .regex(/\S/, GIFT_MSG.code)
  .trim()
  .max(40, GIFT_MSG.unknownCode);
export const giftRedeemSchema = z.strictObject({ code: giftCodeField });
export const giftRedeemCheckQuerySchema = z.object({ code: giftCodeField });

// ---- Answers ----

export const giftQuoteResponse = z.object({
  tier: z.enum(TIER_IDS),
  months: z.number().int(),
  monthlyPence: z.number().int(),
  subtotalPence: z.number().int(),
  lengthDiscountPercent: z.number(),
  lengthDiscountPence: z.number().int(),
  offerCode: z.string().nullable(),
  offerDiscountPence: z.number().int(),
  totalPence: z.number().int(),
});
export type GiftQuote = z.infer<typeof giftQuoteResponse>;

export const giftRedirectResponse = z.object({ redirect_url: z.string() });

/** The gift as its buyer (manage link) and admins see it; the code appears once paid. */
export const giftViewResponse = z.object({
  id: z.number().int(),
  status: z.enum(GIFT_STATUSES),
  tier: z.enum(TIER_IDS),
  months: z.number().int(),
  amountPence: z.number().int(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  recipientNames: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  deliverOn: z.string(),
  code: z.string().nullable(),
  paidAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  redeemedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  refundedAt: z.date().nullable(),
  /** What the buyer may still do. */
  canChangeDelivery: z.boolean(),
  canResend: z.boolean(),
  canCancel: z.boolean(),
});
export type GiftView = z.infer<typeof giftViewResponse>;

/** GET /api/gifts/redeem/check: what the code gives and who it is from (nothing else about the buyer). */
export const giftCheckResponse = z.object({
  tier: z.enum(TIER_IDS),
  tierName: z.string(),
  months: z.number().int(),
  from: z.string(),
  message: z.string(),
  expiresAt: z.date(),
});

export const giftRedeemResponse = z.object({
  message: z.string(),
  /** plan: a new gifted plan; extended: added to the couple's gifted plan; credit: the paying plan pauses. */
  redeemedAs: z.enum(["plan", "extended", "credit"]),
  tier: z.string(),
  months: z.number().int(),
  /** The end of the gifted plan, or of the last month not collected. */
  coveredUntil: z.date().nullable(),
});

/**
 * The back office's filter: a status, or "bought" for every gift that was paid for (all but checkouts still
 * awaiting payment, mostly abandoned ones that would crowd the list).
 */
export const ADMIN_GIFT_FILTERS = ["bought", ...GIFT_STATUSES] as const;
export type AdminGiftFilter = (typeof ADMIN_GIFT_FILTERS)[number];
/** GET /api/gifts/credit: a gift redeemed as credit on the couple's paying plan, while its pause runs. */
export const giftCreditResponse = z.object({
  credit: z
    .object({
      months: z.number().int(),
      from: z.string(),
      redeemedAt: z.date(),
      /** The provider's next collection after the skipped ones ("2027-03-12"), when it can tell. */
      nextPaymentOn: z.string().nullable(),
    })
    .nullable(),
});
export type GiftCredit = z.infer<typeof giftCreditResponse>;

export const adminGiftListQuerySchema = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
  status: z.enum(ADMIN_GIFT_FILTERS, { error: "Unknown gift status" }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const adminGiftRow = giftViewResponse.extend({
  createdAt: z.date(),
  redeemedBy: z.number().int().nullable(),
  redeemedAs: z.string().nullable(),
  /** The account that redeemed it, named (null before redemption, or once that account is deleted). */
  redeemer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminGiftRow = z.infer<typeof adminGiftRow>;
export const adminGiftListResponse = z.array(adminGiftRow);

export const adminGiftDeliverySchema = z.strictObject({ deliverOn: giftPurchaseSchema.shape.deliverOn });

export const giftAnalyticsResponse = z.object({
  revenueByMonth: z.array(
    z.object({ month: z.string(), revenuePence: z.number().int(), gifts: z.number().int() }),
  ),
  sold: z.number().int(),
  redeemed: z.number().int(),
  /** Redeemed of the gifts sold (refunded ones left out), 0-1. */
  redemptionRate: z.number(),
  /** Couples who redeemed a gifted plan and then set up a Direct Debit, of those whose gifted plan was redeemed. */
  giftToPaidConversion: z.number(),
  giftedPlansActive: z.number().int(),
});
