import { and, gt, inArray, isNull, lte, notInArray, or } from "drizzle-orm";
import { planAccounts, subscriptionEvents, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { rollOver } from "../../../server/modules/plan-account/account.ts";
import { factsOf, storeFacts } from "../../../server/modules/plan-account/facts.ts";
import { type PlanState, readWithPlan, stateOf } from "../../../server/modules/plan-account/state.ts";
import { recheckCoupleAfter } from "../../../server/modules/rulebook/recheck.ts";

/** The claim's conditions, on the plan as read after the lock. */
function dueToRoll(u: PlanState, now: Date): boolean {
  return (
    (u.subscriptionStatus === "active" || u.subscriptionStatus === "paused") &&
    !!u.currentPeriodEnd &&
    u.currentPeriodEnd <= now &&
    (!u.giftedUntil || u.giftedUntil > u.currentPeriodEnd)
  );
}

/**
 * Moves every plan whose paid cycle has ended into its next state: a booked pause starts, a pause that has
 * run its month resumes, a pending tier takes over, and the cycle rolls on. A plan behind on payment is
 * left to its retries (payments/recovery.ts). Safe to run from several instances at once: rows are claimed with
 * SKIP LOCKED, one at a time.
 */
export async function advanceSubscriptions(deps: Deps): Promise<number> {
  const now = deps.now();
  let changed = 0;
  // Plans claimed and then found not due after all: never claimed again in this run, so a row on which the
  // claim and dueToRoll disagree (a timestamp finer than a millisecond, say) cannot hold the run in a loop.
  const skipped: number[] = [];
  for (;;) {
    let moved: number | null = null;
    const done = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(planAccounts, stateOf(users.id))
        .where(
          // A plan behind on payment does not roll on: its retries and its end are payments/recovery.ts's.
          and(
            inArray(planAccounts.subscriptionStatus, ["active", "paused"]),
            lte(planAccounts.currentPeriodEnd, now),
            // A gifted plan's last month does not roll on: the gifts job ends it (features/gifts/server/jobs.ts).
            or(isNull(planAccounts.giftedUntil), gt(planAccounts.giftedUntil, planAccounts.currentPeriodEnd)),
            skipped.length > 0 ? notInArray(users.id, skipped) : undefined,
          ),
        )
        .limit(1)
        .for("update", { skipLocked: true, of: users });
      if (!claimed) return true;
      const [u] = await readWithPlan(tx, [claimed.id]);
      // The conditions above were read with the plan account as it was when the statement began: a change
      // committed before the lock was taken shows here, and the plan is no longer due (the next claim skips it).
      if (!dueToRoll(u, now)) {
        skipped.push(u.id);
        return false;
      }
      const event = (
        eventType: string,
        toStatus: string,
        toTier = u.subscriptionTier,
        at = now,
        fromStatus = u.subscriptionStatus,
      ) =>
        tx.insert(subscriptionEvents).values({
          userId: u.id,
          eventType,
          fromTier: u.subscriptionTier,
          toTier,
          fromStatus,
          toStatus,
          occurredAt: at,
        });
      // The account's rule for a cycle ending (plan-account/account.ts): a booked month off starts, a gift
      // month covers the cycle, or it is collected; a pending tier takes over.
      const end = u.currentPeriodEnd!;
      const next = rollOver(factsOf(u));
      await storeFacts(tx, u.id, next);
      if (next.status === "paused" && u.subscriptionStatus !== "paused")
        await event("paused", "paused", u.subscriptionTier, end);
      if (next.status === "active" && u.subscriptionStatus === "paused")
        await event("resumed", "active", u.subscriptionTier, end);
      if (next.cycleCoveredBy === "credited") await event("credit_used", "active", next.tier, end, "active");
      if (next.tier !== u.subscriptionTier) await event("tier_changed", "active", next.tier, end, "active");
      changed++;
      moved = u.id;
      return false;
    });
    if (done) break;
    // Lapsed, paused, resumed: the couple's dates ahead are asked again.
    if (moved !== null) await recheckCoupleAfter(deps, [moved]);
  }
  return changed;
}
