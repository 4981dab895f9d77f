/**
 * The monthly and billing jobs on a real database with the injected clock: quotas for the month by
 * tier, offers that end after their months, renewal reminders three days ahead.
 */

import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { advanceSubscriptions } from "../../src/features/subscriptions/server/cycles.ts";
import {
  offerCodes,
  offerCodeUsage,
  outboundMessages,
  sandboxPayments,
  sandboxSubscriptions,
  subscriptionEvents,
  userMonthlyQuotas,
} from "../../src/server/db/schema.ts";
import { billingJobs } from "../../src/server/jobs/billing/index.ts";
import { runOfferCycles } from "../../src/server/jobs/billing/offers.ts";
import { ensureMonthlyQuotas, quotaMonths } from "../../src/server/jobs/billing/quotas.ts";
import { sendRenewalReminders } from "../../src/server/jobs/billing/renewals.ts";
import { retryDueMail } from "../../src/server/jobs/outbound.ts";
import { coupleOf } from "../../src/server/modules/couples/couple.ts";
import { Mailer, type Transport } from "../../src/server/modules/email/mailer.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { consumeQuota } from "../../src/server/modules/quota/quota.ts";
import { addMonths } from "../../src/shared/calendar-months.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp();
const DAY = 86_400_000;

beforeEach(() => {
  t.mail.length = 0;
});

const mailsTo = (email: string, type?: string) =>
  t.mail.filter((m) => m.to === email && (!type || m.type === type));

async function quotaRows(userId: number) {
  return t.db
    .select()
    .from(userMonthlyQuotas)
    .where(eq(userMonthlyQuotas.userId, userId))
    .orderBy(userMonthlyQuotas.year, userMonthlyQuotas.month);
}

it("exports its four jobs for the registry", () => {
  expect(billingJobs.map((j) => j.name)).toEqual([
    "monthly-quotas",
    "offer-cycles",
    "renewal-reminders",
    "email-campaigns",
  ]);
  for (const j of billingJobs) expect(j.cron.split(" ")).toHaveLength(5);
});

describe("monthly-quotas", () => {
  it("this month's rows by tier for active members only; next month's from the 25th (London)", async () => {
    expect(quotaMonths(new Date("2026-12-24T23:59:00Z"))).toEqual([{ year: 2026, month: 12 }]);
    expect(quotaMonths(new Date("2026-12-25T00:00:00Z"))).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    // 23:30 UTC on 31 March is already 1 April in London (BST).
    expect(quotaMonths(new Date("2027-03-31T23:30:00Z"))).toEqual([{ year: 2027, month: 4 }]);

    t.clock.set("2026-12-01T00:05:00Z");
    const silver = await t.member({ subscriptionTier: "silver", subscriptionStatus: "active" });
    const gold = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const platinum = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
    const cancelled = await t.member({ subscriptionTier: "gold", subscriptionStatus: "cancelled" });
    const paused = await t.member({ subscriptionTier: "gold", subscriptionStatus: "paused" });
    const deleted = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      deletedAt: new Date("2026-11-20T00:00:00Z"),
    });
    const none = await t.member();
    // Gold used one of two dates in November: nothing of it rolls over into December.
    await t.db.insert(userMonthlyQuotas).values({
      userId: gold.user.id,
      year: 2026,
      month: 11,
      subscriptionTier: "gold",
      quotaAllowed: 2,
      quotaUsed: 1,
      quotaRemaining: 1,
    });
    // Platinum already has a date booked in December (before the row existed): it counts as used.
    await arrangeDate(t.db, platinum.user.id, { at: new Date("2026-12-12T19:00:00Z") });
    await arrangeDate(t.db, platinum.user.id, { at: new Date("2026-12-13T19:00:00Z"), status: "cancelled" });
    await arrangeDate(t.db, platinum.user.id, { at: new Date("2027-01-02T19:00:00Z") });

    const first = await ensureMonthlyQuotas(t.deps);
    expect(first).toBeGreaterThanOrEqual(3);
    const dec = (rows: Awaited<ReturnType<typeof quotaRows>>) => rows.find((r) => r.month === 12);
    expect(dec(await quotaRows(silver.user.id))).toMatchObject({
      year: 2026,
      subscriptionTier: "silver",
      quotaAllowed: 1,
      quotaUsed: 0,
      quotaRemaining: 1,
    });
    const goldRows = await quotaRows(gold.user.id);
    expect(goldRows).toHaveLength(2);
    expect(goldRows[0]).toMatchObject({ month: 11, quotaRemaining: 1 });
    expect(goldRows[1]).toMatchObject({ month: 12, quotaAllowed: 2, quotaUsed: 0, quotaRemaining: 2 });
    expect(dec(await quotaRows(platinum.user.id))).toMatchObject({
      quotaAllowed: 4,
      quotaUsed: 1,
      quotaRemaining: 3,
    });
    for (const m of [cancelled, paused, deleted, none]) expect(await quotaRows(m.user.id)).toEqual([]);

    // Twice (and two instances at once) changes nothing.
    const before = await t.db.select().from(userMonthlyQuotas).orderBy(userMonthlyQuotas.id);
    expect(await ensureMonthlyQuotas(t.deps)).toBe(0);
    await Promise.all([ensureMonthlyQuotas(t.deps), ensureMonthlyQuotas(t.deps)]);
    expect(await t.db.select().from(userMonthlyQuotas).orderBy(userMonthlyQuotas.id)).toEqual(before);

    // From the 25th, January too, starting from the tier again (December's remaining is not carried).
    await consumeQuota(
      t.db as never,
      coupleOf({ ...gold.user, subscriptionTier: "gold" }, null),
      new Date("2026-12-20T19:00:00Z"),
    );
    t.clock.set("2026-12-26T00:05:00Z");
    await ensureMonthlyQuotas(t.deps);
    const jan = (await quotaRows(gold.user.id)).find((r) => r.year === 2027 && r.month === 1);
    expect(jan).toMatchObject({ quotaAllowed: 2, quotaUsed: 0, quotaRemaining: 2 });
    expect((await quotaRows(gold.user.id)).find((r) => r.month === 12)).toMatchObject({
      quotaUsed: 1,
      quotaRemaining: 1,
    });
    expect((await quotaRows(platinum.user.id)).find((r) => r.year === 2027)).toMatchObject({
      quotaAllowed: 4,
      quotaUsed: 1,
      quotaRemaining: 3,
    });
  });

  it("a tier change that took effect moves the month's row, never below the dates already used", async () => {
    t.clock.set("2027-02-10T09:00:00Z");
    const down = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
    const up = await t.member({ subscriptionTier: "silver", subscriptionStatus: "active" });
    await ensureMonthlyQuotas(t.deps);
    for (let i = 0; i < 3; i++)
      await consumeQuota(t.db as never, coupleOf(down.user, null), new Date(`2027-02-1${i + 2}T19:00:00Z`));
    await consumeQuota(t.db as never, coupleOf(up.user, null), new Date("2027-02-20T19:00:00Z"));
    await saveState(t.db, down.user.id, { subscriptionTier: "silver" });
    await saveState(t.db, up.user.id, { subscriptionTier: "platinum" });

    await Promise.all([ensureMonthlyQuotas(t.deps), ensureMonthlyQuotas(t.deps)]);
    const [d] = await quotaRows(down.user.id);
    expect(d).toMatchObject({ subscriptionTier: "silver", quotaAllowed: 3, quotaUsed: 3, quotaRemaining: 0 });
    const [u] = await quotaRows(up.user.id);
    expect(u).toMatchObject({
      subscriptionTier: "platinum",
      quotaAllowed: 4,
      quotaUsed: 1,
      quotaRemaining: 3,
    });
    expect(await ensureMonthlyQuotas(t.deps)).toBe(0);
    // The downgraded member cannot take another date this month.
    await expect(
      consumeQuota(
        t.db as never,
        coupleOf({ ...down.user, subscriptionTier: "silver" }, null),
        new Date("2027-02-25T19:00:00Z"),
      ),
    ).rejects.toThrow(/already used all 3 dates/);
  });
});

async function offerCode(code: string, months: number | null, percent = 10) {
  const [c] = await t.db
    .insert(offerCodes)
    .values({ code, discountType: "percentage", discountValue: String(percent), durationMonths: months })
    .returning();
  return c;
}

async function usageOf(userId: number) {
  const [u] = await t.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, userId));
  return u;
}

async function offerEvents(userId: number) {
  return t.db
    .select()
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, userId), eq(subscriptionEvents.eventType, "offer_ended")));
}

/** Moves the clock on and runs what the cron would have run meanwhile. */
async function monthPasses(to: Date) {
  t.clock.set(to);
  await advanceSubscriptions(t.deps);
  return runOfferCycles(t.deps);
}

describe("offer-cycles", () => {
  it("counts the cycles down, then reverts to the full price once: usage completed, event, one e-mail", async () => {
    const start = new Date("2027-03-03T10:00:00Z");
    t.clock.set(start);
    await offerCode("INTRO3", 3);
    const m = await t.member();
    await subscribe(t, m, "gold", "INTRO3");
    const row = await storedMember(t.db, m.user.id);
    expect(await usageOf(m.user.id)).toMatchObject({
      cyclesRemaining: 3,
      status: "active",
      finalAmount: 1800,
    });

    await monthPasses(new Date(addMonths(start, 1).getTime() + hours(1)));
    expect(await usageOf(m.user.id)).toMatchObject({ cyclesRemaining: 2, status: "active" });
    await monthPasses(new Date(addMonths(start, 2).getTime() + hours(1)));
    expect(await usageOf(m.user.id)).toMatchObject({ cyclesRemaining: 1, status: "active" });
    // The day before the offer's end: still discounted, nothing said.
    await monthPasses(new Date(addMonths(start, 3).getTime() - DAY));
    expect(await usageOf(m.user.id)).toMatchObject({ cyclesRemaining: 1, status: "active" });
    expect(await offerEvents(m.user.id)).toEqual([]);
    expect(mailsTo(m.user.email, "offer_ended")).toEqual([]);

    // Two instances at once, just after the end.
    t.clock.set(new Date(addMonths(start, 3).getTime() + hours(1)));
    await advanceSubscriptions(t.deps);
    await Promise.all([runOfferCycles(t.deps), runOfferCycles(t.deps)]);
    expect(await usageOf(m.user.id)).toMatchObject({ cyclesRemaining: 0, status: "completed" });
    const events = await offerEvents(m.user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ toTier: "gold", toStatus: "active", monthlyAmount: 2000 });
    expect(events[0].occurredAt.getTime()).toBe((await usageOf(m.user.id)).discountEndDate!.getTime());
    const mails = mailsTo(m.user.email, "offer_ended");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your introductory price has ended");
    expect(mails[0].text).toContain(
      "Your introductory price has ended: your Gold plan is now £20 a month from 3 June 2027.",
    );
    // The provider collects the full price from the fourth charge on.
    expect(await t.deps.payments.upcomingPayment(row.paymentSubscriptionId!)).toMatchObject({
      amountPence: 2000,
    });
    const charged = await t.db
      .select({ amount: sandboxPayments.amountPence })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.subscriptionId, row.paymentSubscriptionId!))
      .orderBy(sandboxPayments.chargeDate);
    expect(charged.map((c) => c.amount)).toEqual([1800, 1800, 1800, 2000]);

    // Later runs change nothing.
    await monthPasses(new Date(addMonths(start, 4).getTime() + hours(1)));
    expect(await offerEvents(m.user.id)).toHaveLength(1);
    expect(mailsTo(m.user.email, "offer_ended")).toHaveLength(1);

    // The MRR history carries the discount until the offer's end, the full price after it.
    const admin = await t.admin();
    const res = await t.request({ method: "GET", url: "/api/admin/analytics/subscriptions", as: admin });
    expect(res.statusCode).toBe(200);
    const history = Object.fromEntries(
      (res.json().mrrHistory as Array<{ month: string; mrrPence: number }>).map((h) => [h.month, h.mrrPence]),
    );
    expect(history).toMatchObject({ "2027-03": 1800, "2027-05": 1800, "2027-06": 2000 });
  });

  it("sets the full amount at a provider whose schedule would go on discounting", async () => {
    const start = new Date("2027-05-04T10:00:00Z");
    t.clock.set(start);
    await offerCode("INTRO1", 1, 50);
    const m = await t.member();
    await subscribe(t, m, "silver", "INTRO1");
    const row = await storedMember(t.db, m.user.id);
    await t.db
      .update(sandboxSubscriptions)
      .set({ discountCycles: 12 })
      .where(eq(sandboxSubscriptions.id, row.paymentSubscriptionId!));
    await monthPasses(new Date(addMonths(start, 1).getTime() + hours(2)));
    expect(await usageOf(m.user.id)).toMatchObject({ status: "completed", cyclesRemaining: 0 });
    const [sub] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, row.paymentSubscriptionId!));
    expect(sub).toMatchObject({ amountPence: 1500, discountCycles: 2 });
    expect(await t.deps.payments.upcomingPayment(row.paymentSubscriptionId!)).toMatchObject({
      amountPence: 1500,
    });
    expect(mailsTo(m.user.email, "offer_ended")).toHaveLength(1);
    expect(mailsTo(m.user.email, "offer_ended")[0].text).toContain("Silver plan is now £15 a month");
  });

  it("a cancelled plan's offer ends quietly; a paused plan's waits until it is active again", async () => {
    const start = new Date("2027-07-05T10:00:00Z");
    t.clock.set(start);
    const code = await offerCode("INTRO2", 2);
    const cancelled = await t.member({ subscriptionTier: "gold", subscriptionStatus: "cancelled" });
    const paused = await t.member({ subscriptionTier: "gold", subscriptionStatus: "paused" });
    for (const m of [cancelled, paused])
      await t.db.insert(offerCodeUsage).values({
        offerCodeId: code.id,
        userId: m.user.id,
        subscriptionTier: "gold",
        originalAmount: 2000,
        discountAmount: 200,
        finalAmount: 1800,
        discountStartDate: start,
        discountEndDate: addMonths(start, 2),
        cyclesRemaining: 2,
      });
    // A gold-only offer of a member who has since moved to Silver (already at the full price).
    const [goldOnly] = await t.db
      .insert(offerCodes)
      .values({ code: "GOLDONLY", discountValue: "10", durationMonths: 2, applicableTiers: ["gold"] })
      .returning();
    const moved = await t.member({ subscriptionTier: "silver", subscriptionStatus: "active" });
    await t.db.insert(offerCodeUsage).values({
      offerCodeId: goldOnly.id,
      userId: moved.user.id,
      subscriptionTier: "gold",
      originalAmount: 2000,
      discountAmount: 200,
      finalAmount: 1800,
      discountStartDate: start,
      discountEndDate: addMonths(start, 2),
      cyclesRemaining: 2,
    });
    t.clock.set(new Date(addMonths(start, 2).getTime() + hours(1)));
    await runOfferCycles(t.deps);
    expect(await usageOf(moved.user.id)).toMatchObject({ status: "completed", cyclesRemaining: 0 });
    expect(await offerEvents(moved.user.id)).toEqual([]);
    expect(await usageOf(cancelled.user.id)).toMatchObject({ status: "completed", cyclesRemaining: 0 });
    expect(await offerEvents(cancelled.user.id)).toEqual([]);
    expect(await usageOf(paused.user.id)).toMatchObject({ status: "active" });
    expect(t.mail).toEqual([]);

    // The pause ends: the full price is recorded after the resumption, and the member told once.
    const resumedAt = new Date(addMonths(start, 2).getTime() + 3 * DAY);
    await t.db.insert(subscriptionEvents).values({
      userId: paused.user.id,
      eventType: "resumed",
      fromTier: "gold",
      toTier: "gold",
      fromStatus: "paused",
      toStatus: "active",
      occurredAt: resumedAt,
    });
    await saveState(t.db, paused.user.id, { subscriptionStatus: "active" });
    t.clock.set(new Date(resumedAt.getTime() + hours(1)));
    await runOfferCycles(t.deps);
    const [ev] = await offerEvents(paused.user.id);
    expect(ev.occurredAt.getTime()).toBe(resumedAt.getTime());
    expect(mailsTo(paused.user.email, "offer_ended")).toHaveLength(1);
    await runOfferCycles(t.deps);
    expect(mailsTo(paused.user.email, "offer_ended")).toHaveLength(1);
    expect(mailsTo(cancelled.user.email)).toEqual([]);
  });
});

describe("renewal-reminders", () => {
  it("once, three days before the renewal, with the price after a running offer", async () => {
    const now = new Date("2027-09-01T09:00:00Z");
    t.clock.set(now);
    const renewsAt = new Date("2027-09-05T08:30:00Z");
    const gold = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      currentPeriodEnd: renewsAt,
    });
    const offered = await t.member({
      subscriptionTier: "platinum",
      subscriptionStatus: "active",
      currentPeriodEnd: renewsAt,
    });
    const code = await offerCode("RENEW10", 6);
    await t.db.insert(offerCodeUsage).values({
      offerCodeId: code.id,
      userId: offered.user.id,
      subscriptionTier: "platinum",
      originalAmount: 3000,
      discountAmount: 300,
      finalAmount: 2700,
      discountStartDate: now,
      discountEndDate: addMonths(now, 6),
      cyclesRemaining: 6,
    });
    const cancelled = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "cancelled",
      currentPeriodEnd: renewsAt,
    });
    const paused = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "paused",
      currentPeriodEnd: renewsAt,
    });
    const pauseBooked = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      currentPeriodEnd: renewsAt,
      pausedUntil: addMonths(renewsAt, 1),
    });

    // Four days ahead: too early.
    expect(await sendRenewalReminders(t.deps)).toBe(0);
    expect(t.mail).toEqual([]);

    t.clock.set(new Date(renewsAt.getTime() - 3 * DAY + hours(0.5)));
    await Promise.all([sendRenewalReminders(t.deps), sendRenewalReminders(t.deps)]);
    const [g] = mailsTo(gold.user.email, "renewal_reminder");
    expect(mailsTo(gold.user.email)).toHaveLength(1);
    expect(g.subject).toBe("Your Gold plan renews on 5 September 2027");
    expect(g.text).toContain("Your Gold plan renews on 5 September 2027 for £20");
    const [o] = mailsTo(offered.user.email, "renewal_reminder");
    expect(o.text).toContain("Your Platinum plan renews on 5 September 2027 for £27");
    for (const m of [cancelled, paused, pauseBooked]) expect(mailsTo(m.user.email)).toEqual([]);
    const [claim] = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.key, `renewal:${gold.user.id}:2027-09-05`));
    expect(claim).toMatchObject({ status: "sent", kind: "renewal" });
    expect(claim.emailLogId).toBeTypeOf("number");

    t.clock.advance(hours(30));
    expect(await sendRenewalReminders(t.deps)).toBe(0);
    expect(t.mail).toHaveLength(2);

    // The next cycle's renewal is its own reminder.
    await saveState(t.db, gold.user.id, { currentPeriodEnd: addMonths(renewsAt, 1) });
    t.clock.set(new Date(addMonths(renewsAt, 1).getTime() - 2 * DAY));
    await sendRenewalReminders(t.deps);
    expect(mailsTo(gold.user.email, "renewal_reminder")).toHaveLength(2);
    expect(mailsTo(gold.user.email).at(-1)?.subject).toBe("Your Gold plan renews on 5 October 2027");
  });
});

describe("retries", () => {
  it("a failed reminder is rebuilt at the retry: sent if the plan still renews then, skipped if it was cancelled", async () => {
    const now = new Date("2027-11-01T09:00:00Z");
    t.clock.set(now);
    const renewsAt = new Date("2027-11-03T09:00:00Z");
    const stays = await t.member({
      subscriptionTier: "silver",
      subscriptionStatus: "active",
      currentPeriodEnd: renewsAt,
    });
    const leaves = await t.member({
      subscriptionTier: "silver",
      subscriptionStatus: "active",
      currentPeriodEnd: renewsAt,
    });
    const failing: Transport = {
      kind: "outbox",
      deliver: async () => {
        throw new Error("SMTP down");
      },
    };
    await sendRenewalReminders({ ...t.deps, mailer: new Mailer(t.db, failing, "test@example.com") });
    const claims = await t.db
      .select()
      .from(outboundMessages)
      .where(inArray(outboundMessages.userId, [stays.user.id, leaves.user.id]));
    expect(claims.map((c) => c.status)).toEqual(["failed", "failed"]);
    await saveState(t.db, leaves.user.id, { subscriptionStatus: "cancelled" });
    t.clock.advance(6 * 60_000);
    await retryDueMail(t.deps);
    expect(mailsTo(stays.user.email, "renewal_reminder")).toHaveLength(1);
    expect(mailsTo(stays.user.email)[0].text).toContain("renews on 3 November 2027 for £15");
    expect(mailsTo(leaves.user.email)).toEqual([]);
    const [left] = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.key, `renewal:${leaves.user.id}:2027-11-03`));
    expect(left.status).toBe("skipped");
    expect(await sendRenewalReminders(t.deps)).toBe(0);
  });
});
