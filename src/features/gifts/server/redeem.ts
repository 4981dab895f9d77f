/**
 * Redeeming a gift code. One conditional UPDATE claims the gift (paid, scheduled or delivered, not expired):
 * under any number of concurrent attempts exactly one succeeds, the others see it redeemed. In the same
 * transaction the couple gets what the gift gives (apply.ts): credit on a paying plan, more months on a
 * gifted one, or a gifted plan of the gift's tier (plan_accounts.gifted_until ends it cleanly).
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { gifts, type User } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { badRequest, conflict, HttpError, notFound } from "../../../server/http-error.ts";
import { readCouple } from "../../../server/modules/couples/couple.ts";
import { assertInServiceArea } from "../../../server/modules/waitlist/service.ts";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import { tellPlanChange } from "../../subscriptions/server/plan-notice.ts";
import { GIFT, GIFT_MSG, normaliseGiftCode } from "../shared/schemas.ts";
import { applyGift } from "./apply.ts";
import { OPEN_STATUSES } from "./manage.ts";

type Gift = typeof gifts.$inferSelect;

/** Why a code that could not be claimed does not work, as the error to answer. */
function refusal(g: Gift | undefined, now: Date): HttpError {
  if (!g) return notFound(GIFT_MSG.unknownCode);
  if (g.status === "redeemed") return conflict(GIFT_MSG.usedCode);
  if (g.status === "refunded") return new HttpError(410, GIFT_MSG.refundedCode);
  if (g.status === "expired" || (g.expiresAt && g.expiresAt <= now))
    return new HttpError(410, GIFT_MSG.expiredCode);
  if (g.status === "pending") return notFound(GIFT_MSG.unknownCode);
  return badRequest(GIFT_MSG.unknownCode);
}

async function findByCode(deps: Deps, code: string): Promise<Gift | undefined> {
  const [g] = await deps.db
    .select()
    .from(gifts)
    .where(eq(gifts.code, normaliseGiftCode(code)));
  return g;
}

/** Counts a failed guess; refuses once there were too many in the window. */
async function guarded<T>(deps: Deps, key: string, fn: () => Promise<T>): Promise<T> {
  await deps.limiter.check(key, GIFT.redeemAttempts);
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500)
      await deps.limiter.hit(key, 1_000_000, deps.config.rateLimits.windowMinutes);
    throw e;
  }
}

/** What the code gives and who it is from, for the redeem page. */
export async function checkGiftCode(deps: Deps, code: string, ip: string) {
  return guarded(deps, `gift-check:${ip}`, async () => {
    const g = await findByCode(deps, code);
    const now = deps.now();
    if (!g || !(OPEN_STATUSES as readonly string[]).includes(g.status) || !g.expiresAt || g.expiresAt <= now)
      throw refusal(g, now);
    const tier = g.tier;
    return {
      tier,
      tierName: TIERS[tier].name,
      months: g.months,
      from: g.buyerName,
      message: g.message,
      expiresAt: g.expiresAt,
    };
  });
}

export async function redeemGift(deps: Deps, user: User, code: string) {
  // A gift is for a couple the service can plan for: refused before the code is spent (and not counted as
  // a wrong guess), so the code still works for whoever it is passed on to.
  await assertInServiceArea(deps.db, user);
  return guarded(deps, `gift-redeem:${user.id}`, async () => {
    const now = deps.now();
    const normalised = normaliseGiftCode(code);
    return deps.db.transaction(async (tx) => {
      // The couple first: claiming the gift takes a key-share lock on the redeemer's row (redeemed_by), so
      // locking the pair after it would deadlock two partners redeeming two gifts at once.
      const couple = await readCouple(tx, user.id, { lock: true });
      if (!couple) throw notFound(GIFT_MSG.unknownCode);
      const [g] = await tx
        .update(gifts)
        .set({ status: "redeemed", redeemedAt: now, redeemedBy: user.id })
        .where(
          and(
            eq(gifts.code, normalised),
            inArray(gifts.status, [...OPEN_STATUSES]),
            gt(gifts.expiresAt, now),
          ),
        )
        .returning();
      if (!g) {
        const [existing] = await tx.select().from(gifts).where(eq(gifts.code, normalised));
        throw refusal(existing, now);
      }
      const applied = await applyGift(deps, tx, g, couple, now);
      await tx.update(gifts).set({ redeemedAs: applied.redeemedAs }).where(eq(gifts.id, g.id));
      return { applied, giverName: g.buyerName };
    });
  }).then(({ applied, giverName }) => {
    // Months added to a plan that runs: both partners are told, with the next collection after them.
    if (applied.redeemedAs !== "plan")
      void tellPlanChange(deps, user.id, {
        kind: "gift_applied",
        months: applied.months,
        giverName,
        by: user.id,
      });
    return applied;
  });
}
