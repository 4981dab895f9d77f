/**
 * What a claimed gift gives the couple (the couple is the customer: one plan, whoever redeems). Runs inside the
 * redemption's transaction with both partners' rows locked (couples/couple.ts), so two partners redeeming two
 * gifts at once queue here and the second finds the first one's plan:
 * - a paying plan holder (a Direct Debit behind the plan): the months as credit, the holder's collections pause;
 * - a gifted plan running (either partner's): the months are added to it (gifted_until moves on);
 * - no plan in the couple: the redeemer holds the gift's tier for its months, with no Direct Debit.
 */
import type { Tx } from "../../../server/db/client.ts";
import { type gifts, subscriptionEvents, type UserWithSubscription } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { conflict } from "../../../server/http-error.ts";
import type { Couple } from "../../../server/modules/couples/couple.ts";
import { saveLinks } from "../../../server/modules/payments/links.ts";
import { clearChosenPlan } from "../../../server/modules/plan-account/choices.ts";
import { factsOf } from "../../../server/modules/plan-account/facts.ts";
import { storePlan } from "../../../server/modules/plan-account/schedule.ts";
import { type MemberWithPlan, saveState } from "../../../server/modules/plan-account/state.ts";
import { addMonths } from "../../../shared/calendar-months.ts";
import { TIERS, type TierId, tierName as tierNameOf } from "../../../shared/constants.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { GIFT_MSG, giftedPlanRunning } from "../shared/schemas.ts";

type Gift = typeof gifts.$inferSelect;

export interface GiftApplied {
  message: string;
  redeemedAs: "plan" | "extended" | "credit";
  tier: string;
  months: number;
  coveredUntil: Date | null;
}

const monthsText = (n: number) => `${n} month${n === 1 ? "" : "s"}`;

export async function applyGift(
  deps: Deps,
  tx: Tx,
  g: Gift,
  couple: Couple<MemberWithPlan>,
  now: Date,
): Promise<GiftApplied> {
  const holder = couple.holder;
  const event = (
    u: UserWithSubscription,
    eventType: string,
    toTier: TierId | null,
    reason: string,
    monthlyAmount?: number,
  ) =>
    tx.insert(subscriptionEvents).values({
      userId: u.id,
      eventType,
      fromTier: u.subscriptionTier,
      toTier,
      fromStatus: u.subscriptionStatus,
      toStatus: "active",
      ...(monthlyAmount === undefined ? {} : { monthlyAmount }),
      reason,
      occurredAt: now,
    });

  if (holder?.paymentSubscriptionId && !giftedPlanRunning(holder, now.getTime())) {
    // The gift's months become credit on the plan's account: each covers a cycle instead of a collection,
    // after any month off, and survives pauses and resumes (the provider schedule is rebuilt from the
    // account, starting after them). The plan and its dates run on as before, whichever partner redeemed.
    const account = await storePlan(
      deps,
      tx,
      holder,
      { ...factsOf(holder), creditMonths: holder.creditMonths + g.months },
      `gift-credit-${g.id}`,
    );
    await tx.insert(subscriptionEvents).values({
      userId: holder.id,
      eventType: "gift_credit",
      fromTier: holder.subscriptionTier,
      toTier: holder.subscriptionTier,
      fromStatus: holder.subscriptionStatus,
      toStatus: holder.subscriptionStatus,
      reason: `gift ${g.id}: ${monthsText(g.months)} not collected`,
      occurredAt: now,
    });
    return {
      message: GIFT_MSG.redeemedCredit(g.months),
      redeemedAs: "credit",
      tier: holder.subscriptionTier ?? g.tier,
      months: g.months,
      coveredUntil: account.coveredUntil,
    };
  }

  if (holder && giftedPlanRunning(holder, now.getTime())) {
    // One gifted plan per couple: a second gift makes it longer, on the tier already running.
    const until = addMonths(holder.giftedUntil!, g.months);
    await saveState(tx, holder.id, { giftedUntil: until });
    await event(
      holder,
      "gift_extended",
      holder.subscriptionTier,
      `gift ${g.id}: ${monthsText(g.months)} more`,
      0,
    );
    const tierName = tierNameOf(holder.subscriptionTier, g.tier);
    return {
      message: GIFT_MSG.redeemedExtended(tierName, londonDay(until)),
      redeemedAs: "extended",
      tier: holder.subscriptionTier ?? g.tier,
      months: g.months,
      coveredUntil: until,
    };
  }

  // A live plan with neither a Direct Debit nor a gift behind it (one set by hand) has nothing to pause or
  // extend; a gifted plan whose end the job has not yet processed starts again on its own holder.
  if (holder && !holder.giftedUntil) throw conflict(GIFT_MSG.cannotAdd);
  const target = holder ?? couple.member;
  const tier = g.tier;
  const until = addMonths(now, g.months);
  // The gift's tier starts now, monthly cycles rolling on (features/subscriptions/server/cycles.ts) until gifted_until.
  await saveState(tx, target.id, {
    subscriptionTier: tier,
    subscriptionStatus: "active",
    currentPeriodEnd: addMonths(now, 1),
    pendingTier: null,
    giftedUntil: until,
    pausedUntil: null,
    pauseStartsAt: null,
  });
  await clearChosenPlan(tx, target.id);
  await saveLinks(tx, target.id, { paymentStatusAt: now });
  // monthly_amount 0: a gifted plan is a subscriber but adds nothing to MRR.
  await event(target, "gift_started", tier, `gift ${g.id}: ${monthsText(g.months)}`, 0);
  return {
    message: GIFT_MSG.redeemedPlan(TIERS[tier].name, g.months),
    redeemedAs: "plan",
    tier,
    months: g.months,
    coveredUntil: until,
  };
}
