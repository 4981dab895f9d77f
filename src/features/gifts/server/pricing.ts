import type { Db } from "../../../server/db/client.ts";
import { badRequest } from "../../../server/http-error.ts";
import { evaluateOffer } from "../../../server/modules/offers/service.ts";
import type { TierId } from "../../../shared/constants.ts";
import { GIFT, GIFT_MSG, type GiftQuote, giftBasePrice } from "../shared/schemas.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The gift's price: the tier's monthly price times the months, the length discount (GIFT), then an offer
 * code under the offers module's own rules (active, dates, uses, tiers, minimum). An offer's saving applies
 * to each gifted month it would cover on a plan: all of them, or its `durationMonths`. Visitors have no
 * account, so the per-member limit is checked only for a signed-in buyer (user id 0 has no usage rows).
 */
export async function quoteGift(
  db: Db | Tx,
  input: { tier: TierId; months: number; offerCode?: string; userId: number | null; now: Date },
): Promise<GiftQuote & { offerCodeId: number | null }> {
  const base = giftBasePrice(input.tier, input.months);
  let offerDiscountPence = 0;
  let offerCode: string | null = null;
  let offerCodeId: number | null = null;
  if (input.offerCode) {
    const d = await evaluateOffer(db, {
      code: input.offerCode,
      tier: input.tier,
      userId: input.userId ?? 0,
      now: input.now,
    });
    const months = Math.min(input.months, d.offer.durationMonths ?? input.months);
    offerDiscountPence = Math.min(base.totalPence, d.discountPence * months);
    offerCode = d.offer.code;
    offerCodeId = d.offer.id;
  }
  const totalPence = base.totalPence - offerDiscountPence;
  // A gift is a real payment: a code that would make it free is for plans, not gifts.
  if (totalPence < 100) throw badRequest(GIFT_MSG.freeGift);
  return {
    tier: input.tier,
    months: input.months,
    monthlyPence: base.monthlyPence,
    subtotalPence: base.subtotalPence,
    lengthDiscountPercent: GIFT.lengthDiscountPercent[input.months] ?? 0,
    lengthDiscountPence: base.lengthDiscountPence,
    offerCode,
    offerDiscountPence,
    totalPence,
    offerCodeId,
  };
}
