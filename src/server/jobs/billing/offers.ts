/**
 * "offer-cycles": time-limited offers (offer_code_usage with a discount_end_date) run down and end.
 *
 * What already happens elsewhere: the provider collects the discounted amount for the offer's cycles and then
 * the full price by itself (the sandbox's discount_cycles; GoCardless's intro subscription with a `count`
 * followed by the full-price one, whose "finished" webhook swaps payment_links.payment_subscription_id), and every
 * price the app computes (offerFor, the MRR) stops applying the offer at discount_end_date. What this job adds:
 *
 * 1. cycles_remaining counts down: it is kept equal to the billing cycles left before discount_end_date
 *    (monthsUntil, as the member's billing page shows it), so it drops by one as each cycle starts.
 * 2. Once discount_end_date has passed, once per usage row (claimed FOR UPDATE SKIP LOCKED, status checked):
 *    status "completed", cycles_remaining 0; if the provider's next charge is still below the full price (a
 *    schedule that does not switch by itself) the amount is set with updateSubscriptionAmount; for a member
 *    whose plan is active, a subscription_events row "offer_ended" with the full monthly price, so the MRR
 *    history stops carrying the discount. A paused or past-due plan waits until it is active again (its
 *    "resumed" event must not take the discounted price back); a cancelled or deleted one, or one now on a
 *    tier the offer does not cover (already at the full price), is completed without an event or an e-mail.
 * 3. The e-mail "your introductory price has ended, your plan is now £X a month from {date}" (service mail),
 *    once per offer_ended event: key `offer-ended:{eventId}` in outbound_messages. Sent from the events of the
 *    last 35 days that have no claimed message, so a worker stopped between 2 and 3 sends it on the next run.
 */
import { and, eq, sql } from "drizzle-orm";
import { monthsUntil } from "../../../shared/calendar-months.ts";
import { planTier, TIERS } from "../../../shared/constants.ts";
import { offerCodes, offerCodeUsage, planAccounts, subscriptionEvents, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { BILLING_MAIL_TYPES, offerEndedEmail } from "../../modules/email/billing-mails.ts";
import type { OutgoingMail } from "../../modules/email/mailer.ts";
import { mayEmail } from "../../modules/notifications/policy.ts";
import { accountOf } from "../../modules/plan-account/account.ts";
import { factsOf } from "../../modules/plan-account/facts.ts";
import { readWithPlan, stateOf } from "../../modules/plan-account/state.ts";
import { registerMailBuilder, sendClaimed } from "../outbound.ts";
import type { JobDefinition } from "../types.ts";

export const OFFER_ENDED_KIND = "offer-ended";
export const OFFER_ENDED_EVENT = "offer_ended";
/** An offer_ended event older than this gets no e-mail any more (a job stopped for weeks sends no stale news). */
const MAIL_WINDOW_DAYS = 35;
const BATCH = 200;
const DAY = 86_400_000;

export const offerEndedKey = (eventId: number) => `offer-ended:${eventId}`;

/** Keeps cycles_remaining equal to the billing cycles left before each running offer ends. */
async function countDown(deps: Deps, now: Date): Promise<number> {
  const running = await deps.db
    .select({
      id: offerCodeUsage.id,
      end: offerCodeUsage.discountEndDate,
      cycles: offerCodeUsage.cyclesRemaining,
    })
    .from(offerCodeUsage)
    .where(and(eq(offerCodeUsage.status, "active"), sql`${offerCodeUsage.discountEndDate} > ${now}`));
  const stale = running
    .map((r) => ({ id: r.id, cycles: monthsUntil(now, r.end!), was: r.cycles }))
    .filter((r) => r.cycles !== r.was);
  if (stale.length === 0) return 0;
  // Only ever down: two runs at once write the same values; a row that ended meanwhile is left alone.
  await deps.db.execute(sql`
    UPDATE offer_code_usage u SET cycles_remaining = t.n
    FROM unnest(${sql.param(stale.map((r) => r.id))}::int[], ${sql.param(stale.map((r) => r.cycles))}::int[])
      AS t(id, n)
    WHERE u.id = t.id AND u.status = 'active' AND (u.cycles_remaining IS NULL OR u.cycles_remaining > t.n)`);
  return stale.length;
}

interface Ending {
  usageId: number;
  eventId: number | null;
}

/**
 * Ends one offer whose last discounted cycle has passed, if it is still active and no other worker holds it.
 * Provider calls run while the usage row is locked: if one fails, nothing is written and the next run tries
 * again.
 */
async function endOffer(deps: Deps, usageId: number, now: Date): Promise<Ending | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ usage: offerCodeUsage, tiers: offerCodes.applicableTiers })
      .from(offerCodeUsage)
      .innerJoin(offerCodes, eq(offerCodes.id, offerCodeUsage.offerCodeId))
      .where(
        and(
          eq(offerCodeUsage.id, usageId),
          eq(offerCodeUsage.status, "active"),
          sql`${offerCodeUsage.discountEndDate} <= ${now}`,
        ),
      )
      .for("update", { of: offerCodeUsage, skipLocked: true });
    if (!row) return null;
    const usage = row.usage;
    const [member] = await readWithPlan(tx, [usage.userId]);
    const status = member?.deletedAt ? "deleted" : (member?.subscriptionStatus ?? "none");
    if (status === "paused" || status === "past_due") return null;
    const tiers = row.tiers?.filter(Boolean) ?? [];
    // A member who moved to a tier the offer does not cover has paid the full price since: nothing to announce.
    const live =
      status === "active" &&
      !!member?.subscriptionTier &&
      Object.hasOwn(TIERS, member.subscriptionTier) &&
      (tiers.length === 0 || tiers.includes(member.subscriptionTier));
    if (live && member.paymentSubscriptionId && !member.paymentNextSubscriptionId) {
      // The schedule is one subscription: make sure it collects the full price from its next charge.
      const tier = planTier(
        accountOf(factsOf(member), now).nextCollection?.tier ?? member.pendingTier ?? member.subscriptionTier,
      );
      const full = TIERS[tier].monthlyPricePence;
      const subscriptionId = member.paymentSubscriptionId;
      const next = await deps.payments.upcomingPayment(subscriptionId);
      if (next && next.amountPence < full)
        await deps.payments.updateSubscriptionAmount(subscriptionId, full, `unveil-offer-end-${usage.id}`);
    }
    await tx
      .update(offerCodeUsage)
      .set({ status: "completed", cyclesRemaining: 0 })
      .where(eq(offerCodeUsage.id, usage.id));
    if (!live) return { usageId: usage.id, eventId: null };
    const tier = planTier(member.subscriptionTier);
    // When the full price began: the offer's end, or later if the plan only became active again since
    // (a resumed pause), so the event follows the member's latest state in the MRR history.
    const [{ last }] = await tx
      .select({ last: sql<Date | null>`max(${subscriptionEvents.occurredAt})` })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, member.id));
    const lastAt = last ? new Date(last) : null;
    const end = usage.discountEndDate!;
    const at = new Date(Math.min(now.getTime(), Math.max(end.getTime(), lastAt?.getTime() ?? 0)));
    const [event] = await tx
      .insert(subscriptionEvents)
      .values({
        userId: member.id,
        eventType: OFFER_ENDED_EVENT,
        fromTier: tier,
        toTier: tier,
        fromStatus: "active",
        toStatus: "active",
        monthlyAmount: TIERS[tier].monthlyPricePence,
        reason: "The introductory offer's discounted months are over",
        occurredAt: at,
      })
      .returning({ id: subscriptionEvents.id });
    return { usageId: usage.id, eventId: event.id };
  });
}

/** The e-mail for an offer_ended event, or null when it no longer applies (member gone or plan ended). */
async function buildOfferEnded(deps: Deps, eventId: number): Promise<OutgoingMail | null> {
  const [row] = await deps.db
    .select({ event: subscriptionEvents, member: users, planStatus: planAccounts.subscriptionStatus })
    .from(subscriptionEvents)
    .innerJoin(users, eq(users.id, subscriptionEvents.userId))
    .leftJoin(planAccounts, stateOf(users.id))
    .where(and(eq(subscriptionEvents.id, eventId), eq(subscriptionEvents.eventType, OFFER_ENDED_EVENT)));
  if (!row) return null;
  const { event, member, planStatus } = row;
  if (!mayEmail(member, "service") || planStatus === "cancelled") return null;
  const tier = event.toTier;
  if (!tier) return null;
  const r = offerEndedEmail(
    member.firstName ?? "there",
    {
      tierName: TIERS[tier].name,
      fullPence: event.monthlyAmount ?? TIERS[tier].monthlyPricePence,
      from: event.occurredAt,
    },
    deps.config.appUrl,
  );
  return {
    to: member.email,
    toName: [member.firstName, member.lastName].filter(Boolean).join(" ") || null,
    ...r,
    type: BILLING_MAIL_TYPES.offerEnded,
    userId: member.id,
  };
}

registerMailBuilder(OFFER_ENDED_KIND, (row, deps) => {
  const id = Number(row.key.split(":")[1]);
  return Number.isSafeInteger(id) ? buildOfferEnded(deps, id) : Promise.resolve(null);
});

/** Sends the e-mail of every recent offer_ended event that has none claimed yet. */
async function announce(deps: Deps, now: Date): Promise<number> {
  const since = new Date(now.getTime() - MAIL_WINDOW_DAYS * DAY);
  const events = await deps.db.execute<{ id: number; user_id: number }>(sql`
    SELECT e.id, e.user_id FROM subscription_events e
    WHERE e.event_type = ${OFFER_ENDED_EVENT} AND e.occurred_at > ${since} AND e.user_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM outbound_messages o WHERE o.key = 'offer-ended:' || e.id)
    ORDER BY e.id`);
  let sent = 0;
  for (const e of events.rows) {
    const outcome = await sendClaimed(deps, {
      key: offerEndedKey(e.id),
      kind: OFFER_ENDED_KIND,
      userId: e.user_id,
      build: () => buildOfferEnded(deps, e.id),
    });
    if (outcome === "sent") sent++;
  }
  return sent;
}

export async function runOfferCycles(deps: Deps): Promise<number> {
  const now = deps.now();
  let handled = await countDown(deps, now);
  const failures: string[] = [];
  let after = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: offerCodeUsage.id })
      .from(offerCodeUsage)
      .where(
        and(
          eq(offerCodeUsage.status, "active"),
          sql`${offerCodeUsage.discountEndDate} <= ${now}`,
          sql`${offerCodeUsage.id} > ${after}`,
        ),
      )
      .orderBy(offerCodeUsage.id)
      .limit(BATCH);
    for (const { id } of due) {
      try {
        if (await endOffer(deps, id, now)) handled++;
      } catch (e) {
        failures.push(`offer usage ${id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (due.length < BATCH) break;
    after = due[due.length - 1].id;
  }
  handled += await announce(deps, now);
  // The others were done; these are tried again on the next run. Thrown so the run shows as failed.
  if (failures.length > 0) throw new Error(failures.slice(0, 5).join("; "));
  return handled;
}

export const offerCyclesJob: JobDefinition = {
  name: "offer-cycles",
  // Hourly: a cycle boundary (and an offer's end) is noticed within the hour of its renewal.
  cron: "35 * * * *",
  run: runOfferCycles,
};
