/**
 * The couple's plan account as screens, e-mails and jobs read it: whose plan it is (the plan holder's, read
 * the same way by the covered partner), the account of its facts, and what the next collection costs.
 */

import type { TierId } from "../../../shared/constants.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { User, UserWithSubscription } from "../../db/schema.ts";
import { readCouple } from "../couples/couple.ts";
import { readLinks } from "../payments/links.ts";
import { accountOf, type PlanAccount } from "./account.ts";
import { factsOf } from "./facts.ts";
import { monthlyPrice } from "./schedule.ts";
import { type MemberWithPlan, readState } from "./state.ts";

export { factsOf, storeFacts } from "./facts.ts";

export interface CouplePlan {
  /**
   * Whose plan: the partner whose plan runs (or ran last, when it is cancelled); null when neither has one.
   * With their payment links and plan state.
   */
  holder: MemberWithPlan | null;
  /** The member asking is covered by their partner's plan. */
  covered: boolean;
  account: PlanAccount;
  /** The next collection with its amount (the running offer included). */
  nextCollection: { date: Date; amountPence: number; tier: TierId; retry: boolean } | null;
}

const EMPTY = accountOf(
  {
    status: null,
    tier: null,
    pendingTier: null,
    cycleEnd: null,
    cycleCoveredBy: null,
    pauseFrom: null,
    pauseUntil: null,
    creditMonths: 0,
    giftedUntil: null,
    collects: false,
    retryAt: null,
  },
  new Date(0),
);

/** Whose plan the couple's account is, from the member's and their partner's rows. */
export function planHolderOf<U extends UserWithSubscription>(
  member: U,
  partner: U | null,
  now: Date,
): U | null {
  const runs = (u: U | null) =>
    !!u &&
    (u.subscriptionStatus === "active" ||
      u.subscriptionStatus === "paused" ||
      u.subscriptionStatus === "past_due" ||
      (u.subscriptionStatus === "cancelled" && !!u.currentPeriodEnd && u.currentPeriodEnd > now));
  if (runs(member)) return member;
  if (runs(partner)) return partner;
  return member.subscriptionTier ? member : null;
}

/** The account of the plan the member is on: their own, or the plan holder's when their partner pays. */
export async function planAccountOf(db: Db | Tx, member: User, now: Date): Promise<CouplePlan> {
  const couple = await readCouple(db, member.id);
  // A deleted member has no couple: their own row, with its links and plan state.
  const self = couple?.member ?? {
    ...member,
    ...(await readLinks(db, member.id)),
    ...(await readState(db, member.id)),
  };
  const holder = planHolderOf(self, couple?.partner ?? null, now);
  if (!holder) return { holder: null, covered: false, account: EMPTY, nextCollection: null };
  const account = accountOf(factsOf(holder), now);
  const next = account.nextCollection;
  return {
    holder,
    covered: holder.id !== member.id,
    account,
    nextCollection: next
      ? { ...next, amountPence: await monthlyPrice(db, holder.id, next.tier, next.date) }
      : null,
  };
}
