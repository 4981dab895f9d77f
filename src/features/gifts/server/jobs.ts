/**
 * The gifts' scheduled work, one sweep (idempotent, injected clock, mail claimed once):
 * - on the delivery day, from GIFT.deliveryHour London time, the couple's e-mail goes;
 * - unredeemed codes past their 24 months expire;
 * - couples on a gifted plan are reminded 14, 7 and 2 days before it ends (once each; a late run sends only
 *   the nearest reminder due), and the plan ends at gifted_until unless they set up a Direct Debit.
 */
import { and, eq, inArray, isNotNull, isNull, lte, not, sql } from "drizzle-orm";
import { gifts, paymentLinks, planAccounts, subscriptionEvents, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { registerMailBuilder, sendClaimed } from "../../../server/jobs/outbound.ts";
import type { JobDefinition } from "../../../server/jobs/types.ts";
import { collects, linksOf } from "../../../server/modules/payments/links.ts";
import { stateOf, withPlan } from "../../../server/modules/plan-account/state.ts";
import { recheckCoupleAfter } from "../../../server/modules/rulebook/recheck.ts";
import { londonHour, londonIsoDay } from "../../../shared/london-time.ts";
import { GIFT } from "../shared/schemas.ts";
import { giftDeliveryMail, giftEndingMail } from "./mails.ts";

const DAY = 86_400_000;

export async function deliverDueGifts(deps: Deps): Promise<number> {
  const now = deps.now();
  if (londonHour(now) < GIFT.deliveryHour) return 0;
  const due = await deps.db
    .select()
    .from(gifts)
    .where(and(inArray(gifts.status, ["paid", "scheduled"]), lte(gifts.deliverOn, londonIsoDay(now))));
  let sent = 0;
  for (const g of due) {
    // The key names the day: a delivery date moved after a failed send still gets its own message.
    const outcome = await sendClaimed(deps, {
      key: `gift-delivery:${g.id}:${g.deliverOn}`,
      kind: "gift_delivery",
      userId: null,
      build: async () => {
        const [fresh] = await deps.db.select().from(gifts).where(eq(gifts.id, g.id));
        return fresh && ["paid", "scheduled", "delivered"].includes(fresh.status)
          ? giftDeliveryMail(deps, fresh)
          : null;
      },
    });
    if (outcome !== "duplicate") {
      await deps.db
        .update(gifts)
        .set({ status: "delivered", deliveredAt: now })
        .where(and(eq(gifts.id, g.id), inArray(gifts.status, ["paid", "scheduled"])));
      sent++;
    }
  }
  return sent;
}

export async function expireGifts(deps: Deps): Promise<number> {
  const res = await deps.db
    .update(gifts)
    .set({ status: "expired" })
    .where(and(inArray(gifts.status, ["paid", "scheduled", "delivered"]), lte(gifts.expiresAt, deps.now())))
    .returning({ id: gifts.id });
  return res.length;
}

/** The reminder due `msLeft` before the end: the smallest threshold not yet passed, or null. */
export function reminderDue(msLeft: number): number | null {
  const days = [...GIFT.reminderDays].sort((a, b) => a - b);
  for (const d of days) if (msLeft <= d * DAY) return d;
  return null;
}

export async function remindGiftEnding(deps: Deps): Promise<number> {
  const now = deps.now();
  const horizon = new Date(now.getTime() + Math.max(...GIFT.reminderDays) * DAY);
  const rows = await deps.db
    .select(withPlan)
    .from(users)
    .leftJoin(paymentLinks, linksOf(users.id))
    .innerJoin(planAccounts, stateOf(users.id))
    .where(
      and(
        isNotNull(planAccounts.giftedUntil),
        not(collects(users.id)),
        isNull(users.deletedAt),
        eq(planAccounts.subscriptionStatus, "active"),
        sql`${planAccounts.giftedUntil} > ${now} AND ${planAccounts.giftedUntil} <= ${horizon}`,
      ),
    );
  let sent = 0;
  for (const u of rows) {
    const days = reminderDue(u.giftedUntil!.getTime() - now.getTime());
    if (days === null) continue;
    const outcome = await sendClaimed(deps, {
      key: `gift-ending:${u.id}:${u.giftedUntil!.getTime()}:${days}`,
      kind: "gift_ending",
      userId: u.id,
      build: async () => giftEndingMail(deps, u, u.giftedUntil!, days, u.subscriptionTier ?? ""),
    });
    if (outcome === "sent") sent++;
  }
  return sent;
}

/**
 * Gifted plans that reached gifted_until end: cancelled, so nothing is planned or booked after it. A couple
 * who set up a Direct Debit meanwhile simply carry on (the mark is cleared).
 */
export async function endGiftedPlans(deps: Deps): Promise<number> {
  const now = deps.now();
  const carried = await deps.db
    .update(planAccounts)
    .set({ giftedUntil: null })
    .where(and(isNotNull(planAccounts.giftedUntil), collects(planAccounts.userId)))
    .returning({ id: planAccounts.userId });
  const due = and(
    sql`${planAccounts.giftedUntil} <= ${now}`,
    not(collects(planAccounts.userId)),
    inArray(planAccounts.subscriptionStatus, ["active", "paused", "past_due"]),
  );
  const ended = await deps.db.transaction(async (tx) => {
    // The members' rows are locked first, as every other change of a plan locks them (plan-account/state.ts):
    // a change under way (a member's new Direct Debit, a cancellation) finishes before the plan is read here,
    // and the update below, a statement of its own, sees it.
    const locked = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(planAccounts, stateOf(users.id))
      .where(due)
      .orderBy(users.id)
      .for("no key update", { of: users });
    if (locked.length === 0) return [];
    const rows = await tx
      .update(planAccounts)
      // The period now ends at the gift's end.
      .set({ subscriptionStatus: "cancelled", currentPeriodEnd: sql`${planAccounts.giftedUntil}` })
      .where(
        and(
          inArray(
            planAccounts.userId,
            locked.map((r) => r.id),
          ),
          due,
        ),
      )
      .returning({
        id: planAccounts.userId,
        tier: planAccounts.subscriptionTier,
        status: planAccounts.subscriptionStatus,
        at: planAccounts.currentPeriodEnd,
      });
    for (const r of rows)
      await tx.insert(subscriptionEvents).values({
        userId: r.id,
        eventType: "ended",
        fromTier: r.tier,
        toTier: r.tier,
        fromStatus: "active",
        toStatus: "cancelled",
        reason: "gift ended",
        occurredAt: r.at ?? now,
      });
    return rows;
  });
  // Their dates after the gift's end now break the plan's rule: the back office sees them flagged.
  if (ended.length > 0)
    await recheckCoupleAfter(
      deps,
      ended.map((r) => r.id),
    );
  return carried.length + ended.length;
}

export async function runGiftJobs(deps: Deps): Promise<number> {
  return (
    (await deliverDueGifts(deps)) +
    (await expireGifts(deps)) +
    (await remindGiftEnding(deps)) +
    (await endGiftedPlans(deps))
  );
}

/** Every ten minutes: deliveries go soon after GIFT.deliveryHour on their day, plans end on time. */
export const giftsJob: JobDefinition = { name: "gifts", cron: "*/10 * * * *", run: runGiftJobs };

registerMailBuilder("gift_delivery", async (row, deps) => {
  const id = Number(row.key.split(":")[1]);
  const [g] = await deps.db.select().from(gifts).where(eq(gifts.id, id));
  return g && ["paid", "scheduled", "delivered"].includes(g.status) ? giftDeliveryMail(deps, g) : null;
});
registerMailBuilder("gift_ending", async (row, deps) => {
  const [, userId, until, days] = row.key.split(":");
  const [u] = await deps.db
    .select(withPlan)
    .from(users)
    .leftJoin(paymentLinks, linksOf(users.id))
    .leftJoin(planAccounts, stateOf(users.id))
    .where(eq(users.id, Number(userId)));
  if (!u?.giftedUntil || u.paymentSubscriptionId) return null;
  return giftEndingMail(deps, u, new Date(Number(until)), Number(days), u.subscriptionTier ?? "");
});
