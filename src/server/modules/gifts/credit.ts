/**
 * A gift redeemed as credit on the couple's paying plan, for /subscription and the dashboard: who gave it, how
 * many collections it skips, and the provider's next collection after them. No column keeps the credit's end,
 * so it is shown from redemption until the skipped months could have run (its months plus the cycle running
 * when it was redeemed); the provider's own next charge date is the one named.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { addMonths } from "../../../shared/calendar-months.ts";
import type { GiftCredit } from "../../../shared/gifts.ts";
import { gifts, type User } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { readCouple } from "../couples/couple.ts";

export async function coupleGiftCredit(deps: Deps, user: User): Promise<GiftCredit> {
  const couple = await readCouple(deps.db, user.id);
  const holder = couple?.holder;
  if (!couple || !holder?.paymentSubscriptionId) return { credit: null };
  const [g] = await deps.db
    .select()
    .from(gifts)
    .where(and(eq(gifts.redeemedAs, "credit"), inArray(gifts.redeemedBy, couple.ids)))
    .orderBy(desc(gifts.redeemedAt))
    .limit(1);
  const now = deps.now();
  if (!g?.redeemedAt || addMonths(g.redeemedAt, g.months + 1) <= now) return { credit: null };
  const next = await deps.payments.upcomingPayment(holder.paymentSubscriptionId).catch(() => null);
  return {
    credit: {
      months: g.months,
      from: g.buyerName,
      redeemedAt: g.redeemedAt,
      nextPaymentOn: next?.chargeDate ?? null,
    },
  };
}
