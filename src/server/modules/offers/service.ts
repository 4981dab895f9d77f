import { and, eq, sql } from "drizzle-orm";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import { discountPence, offerAppliesTo, offerPlanNames } from "../../../shared/offer-price.ts";
import type { OfferQuote } from "../../../shared/schemas/subscription.ts";
import type { Db, Tx } from "../../db/client.ts";
import { offerCodes, offerCodeUsage } from "../../db/schema.ts";
import { badRequest, notFound } from "../../http-error.ts";

type OfferCode = typeof offerCodes.$inferSelect;

export const OFFER_MSG = {
  unknown: "This offer code doesn't exist. Check the spelling and try again.",
  inactive: "This offer code is no longer active.",
  notYetValid: "This offer code isn't valid yet.",
  expired: "This offer code has expired.",
  usedUp: "This offer code has already been fully redeemed.",
  alreadyUsed: "You have already used this offer code.",
  wrongTier: (tiers: string) =>
    `This offer code is only for the ${tiers} plan${tiers.includes(" or ") ? "s" : ""}.`,
  minOrder: (pounds: string) => `This offer code needs a plan of at least ${pounds} a month.`,
} as const;

export interface Discount {
  offer: OfferCode;
  originalPence: number;
  discountPence: number;
  finalPence: number;
}

/**
 * Applies every rule of the offer_codes table for one member and tier. Throws a 4xx that says which rule
 * failed. Inside a transaction pass `tx` and `lock` so the usage counters cannot race.
 */
export async function evaluateOffer(
  db: Db | Tx,
  input: { code: string; tier: TierId; userId: number; now: Date; lock?: boolean },
): Promise<Discount> {
  const q = db
    .select()
    .from(offerCodes)
    .where(sql`upper(${offerCodes.code}) = ${input.code.toUpperCase()}`)
    .limit(1);
  const [offer] = input.lock ? await q.for("update") : await q;
  if (!offer) throw notFound(OFFER_MSG.unknown);
  if (!offer.isActive) throw badRequest(OFFER_MSG.inactive);
  if (offer.validFrom && offer.validFrom > input.now) throw badRequest(OFFER_MSG.notYetValid);
  if (offer.validUntil && offer.validUntil < input.now) throw badRequest(OFFER_MSG.expired);
  if (offer.maxUses !== null && offer.usesCount >= offer.maxUses) throw badRequest(OFFER_MSG.usedUp);
  if (!offerAppliesTo(offer.applicableTiers, input.tier)) {
    throw badRequest(OFFER_MSG.wrongTier(offerPlanNames(offer.applicableTiers ?? [])));
  }
  const price = TIERS[input.tier].monthlyPricePence;
  if (offer.minOrderValue !== null && price < offer.minOrderValue) {
    throw badRequest(OFFER_MSG.minOrder(`£${(offer.minOrderValue / 100).toFixed(2)}`));
  }
  const [{ used }] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(offerCodeUsage)
    .where(and(eq(offerCodeUsage.offerCodeId, offer.id), eq(offerCodeUsage.userId, input.userId)));
  // offer_code_usage keeps one row per member and code (the data model's unique pair), so a code is
  // redeemed at most once per member whatever maxUsesPerUser says.
  if (used >= Math.min(offer.maxUsesPerUser, 1)) throw badRequest(OFFER_MSG.alreadyUsed);
  const saving = discountPence(offer, price);
  return { offer, originalPence: price, discountPence: saving, finalPence: price - saving };
}

export function toQuote(d: Discount): OfferQuote {
  return {
    code: d.offer.code,
    description: d.offer.description,
    discountType: d.offer.discountType as OfferQuote["discountType"],
    discountValue: Number(d.offer.discountValue),
    discount: d.discountPence / 100,
    originalPrice: d.originalPence / 100,
    finalPrice: d.finalPence / 100,
    isTimeLimited: d.offer.durationMonths !== null,
    durationMonths: d.offer.durationMonths,
  };
}
