/**
 * A plan whose failed payment could not be recovered ends at the end of what was paid: the failed payment was for
 * the cycle running now, so the plan ends where the last paid cycle ended (the running cycle's start, from the
 * plan account), or now when that is past. The couple's dates ahead are cancelled; the date sweeps withdraw them
 * from calendars, the venue-bookings sweep tells each venue, and both partners are e-mailed here.
 */
import { and, gt, inArray } from "drizzle-orm";
import { dateReservations, subscriptionEvents } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { readCouple } from "../../../server/modules/couples/couple.ts";
import { BOOKED_STATUSES } from "../../../server/modules/couples/leaving.ts";
import { saveLinks } from "../../../server/modules/payments/links.ts";
import { accountOf } from "../../../server/modules/plan-account/account.ts";
import { factsOf } from "../../../server/modules/plan-account/load.ts";
import { cancelAtProvider } from "../../../server/modules/plan-account/schedule.ts";
import { saveState } from "../../../server/modules/plan-account/state.ts";
import { recheckCoupleAfter } from "../../../server/modules/rulebook/recheck.ts";
import { mailBothPartners } from "./recovery-mails.ts";

/** Ends the plan holder's plan if it is still behind on payment; answers whether it did. */
export async function lapseUnpaidPlan(deps: Deps, holderId: number): Promise<boolean> {
  const now = deps.now();
  const ended = await deps.db.transaction(async (tx) => {
    const couple = await readCouple(tx, holderId, { lock: true });
    if (couple?.member.subscriptionStatus !== "past_due") return null;
    const u = couple.member;
    const running = accountOf(factsOf(u), now).cycles[0];
    const paidEnd = running && running.from > now ? running.from : now;
    // Best effort: a plan behind on payment has usually had its subscription ended at the provider already.
    await cancelAtProvider(deps, u).catch(() => {});
    await saveState(tx, u.id, {
      subscriptionStatus: "cancelled",
      currentPeriodEnd: paidEnd,
      pendingTier: null,
      cycleCoveredBy: null,
      pausedUntil: null,
      pauseStartsAt: null,
      paymentRetryAt: null,
    });
    await saveLinks(tx, u.id, { paymentStatusAt: now });
    await tx.insert(subscriptionEvents).values({
      userId: u.id,
      eventType: "lapsed",
      fromTier: u.subscriptionTier,
      toTier: u.subscriptionTier,
      fromStatus: "past_due",
      toStatus: "cancelled",
      reason: "payment not recovered after its retries",
      occurredAt: now,
    });
    // No service is given after the paid end: the couple's dates from then on are called off.
    await tx
      .update(dateReservations)
      .set({ status: "cancelled" })
      .where(
        and(
          inArray(dateReservations.userId, couple.ids),
          gt(dateReservations.scheduledDate, paidEnd),
          inArray(dateReservations.status, BOOKED_STATUSES),
        ),
      );
    return paidEnd;
  });
  if (!ended) return false;
  await recheckCoupleAfter(deps, [holderId]);
  await mailBothPartners(deps, "ended", holderId, ended.toISOString());
  return true;
}
