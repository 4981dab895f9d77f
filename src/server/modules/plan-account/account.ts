/**
 * The one account of a couple's plan: a pure function of the plan's stored facts and the clock, which every
 * screen, e-mail, preview, the collection job and the back office read, so none works out a date of its own.
 *
 * A plan is a run of monthly cycles on one billing day. The cycle running now is `cycleEnd` minus a month to
 * `cycleEnd`; each later cycle starts on a boundary `cycleEnd + k months` and is one of:
 *  - paused: a booked month off skips the payment due at the end of the paid cycle (the first boundary), and
 *    only that one; while the month off runs (status paused) the running cycle is the paused one;
 *  - credited: a redeemed gift's months, one cycle each, taken after any month off, never collected;
 *  - gifted: a plan given as a gift with no Direct Debit runs in cycles until `giftedUntil`, then ends;
 *  - due: collected on its first day, at the tier then in force (a pending change from the next cycle).
 * A cancelled plan has no cycle after the running one; a plan behind on payment has its running cycle overdue,
 * collected again on the retry day.
 *
 * `advance` is the same rule applied to time passing (the cycle job), and `apply` to a member's or the
 * provider's change; the property tests (tests/unit/plan-account-property.test.ts) drive both with random
 * histories and check that no cycle is paid twice, no paid or gifted day is lost, and the next collection is
 * never inside a paid, gifted, credited or paused cycle.
 */
import { addMonths } from "../../../shared/calendar-months.ts";
import type { SubscriptionStatus, TierId } from "../../../shared/constants.ts";

export type CycleKind = "paid" | "credited" | "gifted" | "paused" | "overdue";

/** The plan as stored (users row): see schema.ts for each column. */
export interface PlanFacts {
  /** active | paused | past_due | cancelled | null (no plan yet). */
  status: SubscriptionStatus | null;
  tier: TierId | null;
  pendingTier: TierId | null;
  /** End of the cycle running now; for a cancelled plan, when it ends. */
  cycleEnd: Date | null;
  /** How the running cycle is covered (null: paid). */
  cycleCoveredBy: CycleKind | null;
  pauseFrom: Date | null;
  pauseUntil: Date | null;
  /** A redeemed gift's months not yet used: each covers one cycle instead of a collection. */
  creditMonths: number;
  /** A plan given as a gift, with no Direct Debit: it ends here. */
  giftedUntil: Date | null;
  /** A Direct Debit collects the plan (a provider subscription). */
  collects: boolean;
  /** A failed payment being recovered: when it is tried again (null: no retry left or none booked). */
  retryAt: Date | null;
}

export interface Cycle {
  kind: CycleKind | "due";
  from: Date;
  to: Date;
  tier: TierId;
}

export interface PlanAccount {
  /** none: never had a plan; ended: had one, no longer runs; cancelled: runs to `endsAt`, then ends. */
  status: "none" | "active" | "paused" | "past_due" | "cancelled" | "ended";
  tier: TierId | null;
  /** The running cycle and the next twelve (or up to the plan's end). */
  cycles: Cycle[];
  /** The plan may be used for dates now (a paid, credited or gifted cycle; overdue during the grace period). */
  coveredNow: boolean;
  /** The end of the paid, credited, gifted or paused cycles from now on without a collection between. */
  coveredUntil: Date | null;
  /** The next money taken: a due cycle's first day, or the retry of an overdue payment. */
  nextCollection: { date: Date; tier: TierId; retry: boolean } | null;
  /** When the plan ends by itself (a cancellation, a gift with no Direct Debit): null while it rolls on. */
  endsAt: Date | null;
  /** Gift months still to cover cycles. */
  creditMonths: number;
  /** The month off booked or running, shown while it has not ended. */
  pause: { from: Date; until: Date } | null;
}

const HORIZON = 12;

const live = (s: string | null) => s === "active" || s === "paused" || s === "past_due";

/** The cycles from the running one, each classified; pure. */
export function cyclesOf(f: PlanFacts, horizon = HORIZON): Cycle[] {
  if (!f.cycleEnd || !f.tier) return [];
  const running: Cycle = {
    kind:
      f.status === "past_due"
        ? "overdue"
        : f.status === "paused"
          ? "paused"
          : (f.cycleCoveredBy ?? (f.giftedUntil && !f.collects ? "gifted" : "paid")),
    from: addMonths(f.cycleEnd, -1),
    to: f.cycleEnd,
    tier: f.tier,
  };
  const out: Cycle[] = [running];
  if (!live(f.status)) return out;
  let credit = f.creditMonths;
  // A month off booked from the end of the paid cycle (not yet running) skips the first boundary's payment.
  let pauseLeft = f.status === "active" && f.pauseUntil && f.pauseUntil > f.cycleEnd ? 1 : 0;
  const next = f.pendingTier ?? f.tier;
  // Far enough to reach the first collection after every month off and gift month.
  const until = Math.max(horizon, f.creditMonths + pauseLeft + 1);
  for (let k = 0; k < until; k++) {
    const from = addMonths(f.cycleEnd, k);
    const to = addMonths(f.cycleEnd, k + 1);
    if (f.giftedUntil && !f.collects) {
      if (from >= f.giftedUntil) break;
      out.push({ kind: "gifted", from, to, tier: f.tier });
      continue;
    }
    if (pauseLeft > 0) {
      pauseLeft--;
      out.push({ kind: "paused", from, to, tier: next });
    } else if (credit > 0) {
      credit--;
      out.push({ kind: "credited", from, to, tier: next });
    } else {
      out.push({ kind: "due", from, to, tier: next });
    }
  }
  return out;
}

/**
 * The facts as the cycle job will have left them at `now`: cycles that ended since it last ran are rolled on
 * here the same way, so a screen read between two runs never names a day already past.
 */
export function currentFacts(f: PlanFacts, now: Date): PlanFacts {
  let cur = f;
  for (let i = 0; i < 36 && (cur.status === "active" || cur.status === "paused") && cur.cycleEnd; i++) {
    if (cur.cycleEnd > now) break;
    // A gifted plan's last month does not roll on: it ends (features/gifts/server/jobs.ts).
    if (cur.giftedUntil && !cur.collects && cur.giftedUntil <= cur.cycleEnd) break;
    cur = rollOver(cur);
  }
  return cur;
}

export function accountOf(stored: PlanFacts, now: Date): PlanAccount {
  const f = currentFacts(stored, now);
  const cycles = cyclesOf(f);
  const pause =
    f.pauseUntil && f.pauseUntil > now && live(f.status)
      ? { from: f.pauseFrom ?? f.cycleEnd ?? now, until: f.pauseUntil }
      : null;
  if (!f.tier || !f.cycleEnd || (!live(f.status) && f.status !== "cancelled"))
    return {
      status: f.status ? "ended" : "none",
      tier: f.tier,
      cycles: [],
      coveredNow: false,
      coveredUntil: null,
      nextCollection: null,
      endsAt: null,
      creditMonths: 0,
      pause: null,
    };
  if (f.status === "cancelled") {
    const runs = f.cycleEnd > now;
    return {
      status: runs ? "cancelled" : "ended",
      tier: f.tier,
      cycles: runs ? cycles : [],
      coveredNow: runs,
      coveredUntil: runs ? f.cycleEnd : null,
      nextCollection: null,
      endsAt: f.cycleEnd,
      creditMonths: 0,
      pause: null,
    };
  }
  let coveredUntil: Date | null = null;
  let nextCollection: PlanAccount["nextCollection"] = null;
  if (f.status === "past_due") {
    nextCollection = f.retryAt ? { date: f.retryAt, tier: f.tier, retry: true } : null;
  } else {
    for (const c of cycles) {
      if (c.kind === "due") {
        nextCollection = { date: c.from, tier: c.tier, retry: false };
        break;
      }
      coveredUntil = c.to;
    }
  }
  const gifted = !!f.giftedUntil && !f.collects;
  return {
    status: f.status as PlanAccount["status"],
    tier: f.tier,
    cycles,
    coveredNow: f.status !== "paused",
    coveredUntil: f.status === "past_due" ? null : coveredUntil,
    nextCollection: gifted ? null : nextCollection,
    endsAt: gifted ? f.giftedUntil : null,
    creditMonths: f.creditMonths,
    pause,
  };
}

/**
 * The day a new Direct Debit starts collecting for a plan that already runs or was paid for: the end of what
 * is covered (a gift running, the cycle a plan holder who left had paid), never today when a paid or gifted
 * day is still ahead. Null: collect from now, as a new plan does.
 */
export function firstCollectionFor(covered: Array<Date | null | undefined>, now: Date): Date | null {
  const ahead = covered.filter((d): d is Date => !!d && d > now).sort((a, b) => b.getTime() - a.getTime());
  return ahead[0] ?? null;
}

/**
 * The cycle job's rule: what the plan becomes when its running cycle ends at `cycleEnd`. A booked month off
 * starts (status paused, the payment skipped); a gift month covers the cycle; otherwise the cycle is collected.
 * A pending tier takes over at the first cycle that is not a month off.
 */
export function rollOver(f: PlanFacts): PlanFacts {
  if (!f.cycleEnd || !f.tier) return f;
  const end = f.cycleEnd;
  const to = addMonths(end, 1);
  if (f.status === "active" && f.pauseUntil && f.pauseUntil > end)
    return { ...f, status: "paused", cycleEnd: to, cycleCoveredBy: "paused" };
  // A month off that started after kept dates outlasts the skipped cycle: it stays until it ends.
  const stillPaused = !!f.pauseUntil && f.pauseUntil > end;
  const base: PlanFacts = {
    ...f,
    status: "active",
    tier: f.pendingTier ?? f.tier,
    pendingTier: null,
    cycleEnd: to,
    pauseFrom: stillPaused ? f.pauseFrom : null,
    pauseUntil: stillPaused ? f.pauseUntil : null,
  };
  if (f.giftedUntil && !f.collects) return { ...base, cycleCoveredBy: "gifted" };
  if (f.creditMonths > 0) return { ...base, creditMonths: f.creditMonths - 1, cycleCoveredBy: "credited" };
  return { ...base, cycleCoveredBy: null };
}

/**
 * A cancellation: the plan runs to the end of what is paid and of its gift months (a booked month off is
 * dropped, as nothing more is collected), or ends now with a cooling-off refund.
 */
export function cancelFacts(f: PlanFacts, now: Date, refunded: boolean): PlanFacts {
  const covered = accountOf({ ...f, pauseFrom: null, pauseUntil: null }, now).coveredUntil;
  return {
    ...currentFacts(f, now),
    status: "cancelled",
    cycleEnd: refunded ? now : (covered ?? f.cycleEnd ?? now),
    pendingTier: null,
    pauseFrom: null,
    pauseUntil: null,
    creditMonths: 0,
    retryAt: null,
  };
}

/**
 * A partner taking the plan over with their own Direct Debit after the holder left: the cycle the holder paid
 * for runs to its end and the first collection falls then (never a second payment for a paid month); gift
 * months on the account carry over. With nothing left paid, the plan starts now.
 */
export function takeOverFacts(previous: PlanFacts | null, tier: TierId, now: Date): PlanFacts {
  const paidUntil = firstCollectionFor([previous?.cycleEnd], now);
  return {
    status: "active",
    tier,
    pendingTier: null,
    cycleEnd: paidUntil ?? addMonths(now, 1),
    cycleCoveredBy: null,
    pauseFrom: null,
    pauseUntil: null,
    creditMonths: previous?.creditMonths ?? 0,
    giftedUntil: null,
    collects: true,
    retryAt: null,
  };
}
