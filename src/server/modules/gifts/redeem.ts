/**
 * Redeeming a gift code. One conditional UPDATE claims the gift (paid, scheduled or delivered, not expired):
 * under any number of concurrent attempts exactly one succeeds, the others see it redeemed. In the same
 * transaction the member gets what the gift gives:
 * - no plan: the gift's tier for its months with no Direct Debit (users.gifted_until ends it cleanly);
 * - a gifted plan running: the months are added to it;
 * - a paid plan: the months as credit, the provider skipping that many collections (the plan runs on).
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { addMonths } from "../../../shared/calendar-months.ts";
import { hasLiveSubscription, TIERS, type TierId } from "../../../shared/constants.ts";
import { GIFT, GIFT_MSG, normaliseGiftCode } from "../../../shared/gifts.ts";
import { gifts, subscriptionEvents, type User, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, HttpError, notFound } from "../../http-error.ts";
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
    const tier = g.tier as TierId;
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
  return guarded(deps, `gift-redeem:${user.id}`, async () => {
    const now = deps.now();
    const normalised = normaliseGiftCode(code);
    return deps.db.transaction(async (tx) => {
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
      const [u] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
      const tier = g.tier as TierId;
      const paying = hasLiveSubscription(u.subscriptionStatus) && !!u.paymentSubscriptionId && !u.giftedUntil;
      let redeemedAs: "plan" | "credit";
      let coveredUntil: Date | null;
      if (paying) {
        // Collections pause for the gift's months; the plan and its dates run on as before.
        await deps.payments.pauseSubscription(u.paymentSubscriptionId!, g.months, `gift-credit-${g.id}`);
        redeemedAs = "credit";
        coveredUntil = u.currentPeriodEnd ? addMonths(u.currentPeriodEnd, g.months) : null;
        await tx.insert(subscriptionEvents).values({
          userId: u.id,
          eventType: "gift_credit",
          fromTier: u.subscriptionTier,
          toTier: u.subscriptionTier,
          fromStatus: u.subscriptionStatus,
          toStatus: u.subscriptionStatus,
          reason: `gift ${g.id}: ${g.months} month${g.months === 1 ? "" : "s"} not collected`,
          occurredAt: now,
        });
      } else {
        redeemedAs = "plan";
        const running = u.giftedUntil && u.giftedUntil > now && u.subscriptionStatus === "active";
        coveredUntil = addMonths(running ? u.giftedUntil! : now, g.months);
        // A running gifted plan keeps its tier and grows; otherwise the gift's tier starts now, monthly cycles
        // rolling on (subscriptions/cycles.ts) until gifted_until.
        await tx
          .update(users)
          .set(
            running
              ? { giftedUntil: coveredUntil }
              : {
                  subscriptionTier: tier,
                  subscriptionStatus: "active",
                  currentPeriodEnd: addMonths(now, 1),
                  giftedUntil: coveredUntil,
                  pendingTier: null,
                  pausedUntil: null,
                  pauseStartsAt: null,
                  chosenTier: null,
                  chosenOfferCode: null,
                  paymentStatusAt: now,
                },
          )
          .where(eq(users.id, u.id));
        // monthly_amount 0: a gifted plan is a subscriber but adds nothing to MRR.
        await tx.insert(subscriptionEvents).values({
          userId: u.id,
          eventType: "gift_started",
          fromTier: u.subscriptionTier,
          toTier: running ? u.subscriptionTier : tier,
          fromStatus: u.subscriptionStatus,
          toStatus: "active",
          monthlyAmount: 0,
          reason: `gift ${g.id}: ${g.months} month${g.months === 1 ? "" : "s"}`,
          occurredAt: now,
        });
      }
      await tx.update(gifts).set({ redeemedAs }).where(eq(gifts.id, g.id));
      return {
        message:
          redeemedAs === "credit"
            ? GIFT_MSG.redeemedCredit(g.months)
            : GIFT_MSG.redeemedPlan(TIERS[tier].name, g.months),
        redeemedAs,
        tier,
        months: g.months,
        coveredUntil,
      };
    });
  });
}
