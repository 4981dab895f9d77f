/**
 * The plan account on random histories. A model of the provider collects on the schedule the services give it
 * (the account's next collection, set at every change, as server/modules/plan-account/schedule.ts storePlan does) and rolls
 * on monthly by itself; the cycle job rolls the account (rollOver). Thousands of random sequences of
 * subscribe, pause, resume, tier change, gift credit, take-over, cancel, reactivate, refund, a failed payment
 * and its recovery must keep the invariants: no cycle is paid twice, every paid or gifted month is honoured,
 * no active cycle goes uncovered, refunds never exceed payments, and the next collection is never inside a
 * paid, gifted, credited or paused cycle.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountOf,
  cancelFacts,
  type PlanFacts,
  rollOver,
  takeOverFacts,
} from "../../src/server/modules/plan-account/account.ts";
import { moneyOf } from "../../src/server/modules/plan-account/money.ts";
import { addMonths } from "../../src/shared/calendar-months.ts";
import type { TierId } from "../../src/shared/constants.ts";

const DAY = 86_400_000;
const TIERS: TierId[] = ["silver", "gold", "platinum"];
const PRICE: Record<TierId, number> = { silver: 1500, gold: 2000, platinum: 3000 };

type Op =
  | { op: "advance"; days: number }
  | { op: "pause" }
  | { op: "resume" }
  | { op: "tier"; tier: TierId }
  | { op: "gift"; months: number }
  | { op: "takeover" }
  | { op: "cancel"; refund: boolean }
  | { op: "reactivate" }
  | { op: "refund" }
  | { op: "failNext" }
  | { op: "pay" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant("advance" as const), days: fc.integer({ min: 1, max: 75 }) }),
  },
  fc.constant({ op: "pause" as const }),
  fc.constant({ op: "resume" as const }),
  fc.record({ op: fc.constant("tier" as const), tier: fc.constantFrom(...TIERS) }),
  fc.record({ op: fc.constant("gift" as const), months: fc.integer({ min: 1, max: 12 }) }),
  fc.constant({ op: "takeover" as const }),
  fc.record({ op: fc.constant("cancel" as const), refund: fc.boolean() }),
  fc.constant({ op: "reactivate" as const }),
  fc.constant({ op: "refund" as const }),
  fc.constant({ op: "failNext" as const }),
  fc.constant({ op: "pay" as const }),
);

interface Collection {
  at: Date;
  amount: number;
  refunded: number;
}

/** One random history, run against the account; throws on the first broken invariant. */
function run(startTier: TierId, ops: Op[]): void {
  let now = new Date("2026-11-26T09:00:00Z");
  let f: PlanFacts = {
    status: "active",
    tier: startTier,
    pendingTier: null,
    cycleEnd: addMonths(now, 1),
    cycleCoveredBy: null,
    pauseFrom: null,
    pauseUntil: null,
    creditMonths: 0,
    giftedUntil: null,
    collects: true,
    retryAt: null,
  };
  const collections: Collection[] = [{ at: now, amount: PRICE[startTier], refunded: 0 }];
  /** Paid cycles by their first instant: each may be paid once. */
  const paidCycles = new Set<number>([now.getTime()]);
  let lastPaidEnd = f.cycleEnd!;
  /** The provider's schedule: its next charge, then monthly. */
  let schedule: Date | null = addMonths(now, 1);
  let granted = 0;
  let used = 0;
  let failNext = false;
  let failedAt: Date | null = null;
  let refunded = false;

  const reschedule = () => {
    const next = accountOf(f, now).nextCollection;
    schedule = f.collects && next && !next.retry ? next.date : null;
  };
  const check = () => {
    const a = accountOf(f, now);
    const next = a.nextCollection;
    if (next && !next.retry) {
      // Never inside a paid, credited, gifted or paused cycle: it is the first day of a due one.
      const cycle = a.cycles.find((c) => c.from.getTime() === next.date.getTime());
      expect(cycle?.kind).toBe("due");
      for (const c of a.cycles)
        if (c.kind !== "due") expect(next.date >= c.to || next.date < c.from).toBe(true);
      expect(next.date > now || next.date.getTime() === f.cycleEnd?.getTime()).toBe(true);
    }
    expect(f.creditMonths).toBeGreaterThanOrEqual(0);
  };

  for (const o of ops) {
    const live = f.status === "active" || f.status === "paused" || f.status === "past_due";
    switch (o.op) {
      case "advance": {
        const until = new Date(now.getTime() + o.days * DAY);
        for (let guard = 0; guard < 40; guard++) {
          const boundary = (f.status === "active" || f.status === "paused") && f.cycleEnd ? f.cycleEnd : null;
          const lapse: Date | null =
            f.status === "past_due" && failedAt ? new Date(failedAt.getTime() + 8 * DAY) : null;
          const nextEvent: Date[] = [boundary, lapse].filter((d): d is Date => !!d && d <= until);
          if (nextEvent.length === 0) break;
          const at: Date = new Date(Math.min(...nextEvent.map((d) => d.getTime())));
          now = at;
          if (lapse && at.getTime() === lapse.getTime()) {
            // The last retry failed: the plan ends where the last paid cycle ended.
            f = cancelFacts({ ...f, status: "active", cycleEnd: lastPaidEnd }, now, false);
            f = { ...f, cycleEnd: lastPaidEnd > now ? lastPaidEnd : now };
            schedule = null;
            failedAt = null;
            break;
          }
          // The provider charges on its day; the cycle job then rolls the account.
          const charges = schedule !== null && schedule.getTime() === at.getTime();
          const before = accountOf(f, new Date(at.getTime() - 1));
          if (charges) expect(before.nextCollection?.date.getTime()).toBe(at.getTime());
          else if (f.collects) expect(before.nextCollection?.date.getTime()).not.toBe(at.getTime());
          f = rollOver(f);
          if (f.cycleCoveredBy === "credited") used++;
          if (charges) {
            schedule = addMonths(at, 1);
            if (failNext) {
              failNext = false;
              failedAt = at;
              f = { ...f, status: "past_due", retryAt: new Date(at.getTime() + 3 * DAY) };
              continue;
            }
            // Paid once, for the cycle that starts now, which the account calls paid.
            expect(paidCycles.has(at.getTime())).toBe(false);
            paidCycles.add(at.getTime());
            collections.push({ at, amount: PRICE[f.tier!], refunded: 0 });
            lastPaidEnd = f.cycleEnd!;
            expect(f.cycleCoveredBy).toBeNull();
          } else {
            // No collection: the cycle must be covered otherwise (a month off, gift months).
            expect(f.cycleCoveredBy).not.toBeNull();
          }
        }
        now = until > now ? until : now;
        break;
      }
      case "pause":
        if (f.status !== "active" || f.pauseUntil || !f.cycleEnd) break;
        f = { ...f, pauseFrom: f.cycleEnd, pauseUntil: addMonths(f.cycleEnd, 1) };
        reschedule();
        break;
      case "resume":
        if (!(f.status === "active" || f.status === "paused") || !f.pauseUntil || f.pauseUntil <= now) break;
        f = { ...f, status: "active", pauseFrom: null, pauseUntil: null };
        reschedule();
        break;
      case "tier":
        if (!live || f.status === "past_due") break;
        f = { ...f, pendingTier: o.tier === f.tier ? null : o.tier };
        reschedule();
        break;
      case "gift":
        if (!live || f.status === "past_due") break;
        granted += o.months;
        f = { ...f, creditMonths: f.creditMonths + o.months };
        reschedule();
        break;
      case "takeover": {
        if (!live || f.status === "past_due") break;
        // The holder leaves; the partner takes over at once with their own Direct Debit.
        const credit = f.creditMonths;
        const paused = f.status === "paused";
        f = takeOverFacts({ ...f, creditMonths: credit }, f.tier!, now);
        if (paused) f = { ...f, cycleCoveredBy: "paused" };
        const next = accountOf(f, now).nextCollection!;
        if (next.date.getTime() <= now.getTime()) {
          // Nothing left paid: the first payment is taken now, for the cycle starting now.
          expect(paidCycles.has(now.getTime())).toBe(false);
          paidCycles.add(now.getTime());
          collections.push({ at: now, amount: PRICE[f.tier!], refunded: 0 });
          lastPaidEnd = f.cycleEnd!;
          schedule = f.cycleEnd;
        } else {
          expect(next.date >= lastPaidEnd).toBe(true);
          schedule = next.date;
        }
        break;
      }
      case "cancel": {
        if (!live || f.status === "past_due") break;
        const remaining = f.creditMonths;
        const paidEnd = lastPaidEnd;
        f = cancelFacts(f, now, o.refund);
        schedule = null;
        refunded = o.refund;
        if (o.refund) {
          for (const c of collections) c.refunded = c.amount;
        } else {
          // Every paid day and every gift month not yet used runs on after a cancellation.
          expect(f.cycleEnd! >= paidEnd).toBe(true);
          used += remaining;
        }
        break;
      }
      case "reactivate":
        if (f.status !== "cancelled" || refunded || !f.cycleEnd || f.cycleEnd <= now) break;
        f = { ...f, status: "active" };
        reschedule();
        break;
      case "refund": {
        const last = collections.at(-1);
        if (last && last.refunded < last.amount) last.refunded = last.amount;
        break;
      }
      case "failNext":
        if (f.status === "active") failNext = true;
        break;
      case "pay":
        if (f.status !== "past_due") break;
        // The retry is paid: the overdue cycle is now paid, once.
        f = { ...f, status: "active", retryAt: null };
        if (failedAt) {
          expect(paidCycles.has(failedAt.getTime())).toBe(false);
          paidCycles.add(failedAt.getTime());
          collections.push({ at: now, amount: PRICE[f.tier!], refunded: 0 });
          lastPaidEnd = f.cycleEnd!;
        }
        failedAt = null;
        break;
    }
    check();
  }
  // Refunds never exceed payments; gift months are used or still on the account, never lost.
  const paid = collections.reduce((n, c) => n + c.amount, 0);
  const money = moneyOf(
    collections.map((c) => ({
      amountPence: c.amount,
      refundedPence: c.refunded,
      status: c.refunded > 0 ? "refunded" : "confirmed",
    })),
  );
  expect(money.paidPence).toBe(paid);
  expect(money.refundedPence).toBeLessThanOrEqual(money.paidPence);
  if (!refunded) expect(used + f.creditMonths).toBe(granted);
}

describe("what a member has paid and been given back", () => {
  it("counts collected payments, refunds within each payment, a charge-back as money returned", () => {
    expect(
      moneyOf([
        { amountPence: 2000, refundedPence: 0, status: "confirmed" },
        { amountPence: 2000, refundedPence: 500, status: "refunded" },
        { amountPence: 2000, refundedPence: 0, status: "pending_submission" },
        { amountPence: 2000, refundedPence: 0, status: "cancelled" },
        { amountPence: 1500, refundedPence: 0, status: "charged_back" },
        { amountPence: 2000, refundedPence: 0, status: "failed" },
      ]),
    ).toEqual({ paidPence: 5500, refundedPence: 2000 });
    expect(moneyOf([])).toEqual({ paidPence: 0, refundedPence: 0 });
  });
});

describe("the plan account on random histories", () => {
  it("keeps every invariant across thousands of sequences", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIERS),
        fc.array(opArb, { minLength: 1, maxLength: 40 }),
        (tier, ops) => {
          run(tier, ops);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
