/**
 * A gift redeemed as credit on the couple's paying plan, for /subscription and the dashboard: who gave it, how
 * many months it covers, and the next collection after them, all from the plan's account. It is shown while
 * the account still has gift months to use or the cycle running now is one of them.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { gifts, type User } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { readCouple } from "../../../server/modules/couples/couple.ts";
import { planAccountOf } from "../../../server/modules/plan-account/load.ts";
import type { GiftCredit } from "../shared/schemas.ts";

export async function coupleGiftCredit(deps: Deps, user: User): Promise<GiftCredit> {
  const now = deps.now();
  const plan = await planAccountOf(deps.db, user, now);
  const running = plan.account.cycles[0]?.kind === "credited";
  if (!plan.holder?.paymentSubscriptionId || (plan.account.creditMonths === 0 && !running))
    return { credit: null };
  const couple = await readCouple(deps.db, user.id);
  const [g] = await deps.db
    .select()
    .from(gifts)
    .where(and(eq(gifts.redeemedAs, "credit"), inArray(gifts.redeemedBy, couple?.ids ?? [user.id])))
    .orderBy(desc(gifts.redeemedAt))
    .limit(1);
  if (!g?.redeemedAt) return { credit: null };
  return {
    credit: {
      months: g.months,
      from: g.buyerName,
      redeemedAt: g.redeemedAt,
      nextPaymentOn: plan.nextCollection?.date.toISOString().slice(0, 10) ?? null,
    },
  };
}
