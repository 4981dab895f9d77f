/**
 * "Take a month off" and "Resume now".
 *
 * The month off is the billing cycle after the one paid for: its payment (due at the end of the paid cycle) is
 * not taken and the provider schedule restarts one month later, on the same day of the month. Booked dates of
 * the couple inside it are named first, and the member chooses:
 *  - cancel them: the month off runs from the end of the paid cycle (pause_starts_at = that instant);
 *  - keep them: the month off starts at the end of the last kept date's day and still lasts a whole month
 *    (paused_until moves out with it). The skipped payment stays the same one, so the kept dates are paid
 *    for by the months around them: one payment fewer, one month without dates, nothing more.
 * Dates that the shifted month off would then cover (after the paid cycle's month) are cancelled too, and the
 * preview says so. A cancelled date goes back into its month's allowance; the calendar cancellation follows
 * from the date-cancellations job, as for a date cancelled in the back office.
 *
 * The rulebook needs no new question here: a month off only cancels dates, and the dates kept stay
 * outside it (it starts at the end of the last kept date's day), which rulebook/rules.ts's pause rule honours
 * (pausedAt: [pause_starts_at, paused_until)), so every kept date still breaks no rule.
 *
 * Either partner may do it: the couple is the customer. A covered partner pauses and resumes the
 * plan holder's plan, with the same rules and preview, and the holder is e-mailed what their partner did.
 *
 * Resuming early: a month off not started yet is withdrawn and the skipped payment is taken after all, on its
 * usual day; a month off under way ends at once, the skipped payment stays skipped, and payments carry on from
 * the next cycle as booked.
 */
import { and, eq, gte, inArray, lt, notInArray } from "drizzle-orm";
import type { Tx } from "../../../server/db/client.ts";
import { dateReservations, subscriptionEvents, type User, venues } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { badRequest, conflict } from "../../../server/http-error.ts";
import { readCouple } from "../../../server/modules/couples/couple.ts";
import { isRevealed } from "../../../server/modules/dates/view.ts";
import { accountOf } from "../../../server/modules/plan-account/account.ts";
import { factsOf, type PlanRow } from "../../../server/modules/plan-account/facts.ts";
import {
  countSql,
  monthlyPrice,
  storePlan,
  withMemberLock,
} from "../../../server/modules/plan-account/schedule.ts";
import { readWithPlan } from "../../../server/modules/plan-account/state.ts";
import { returnQuota } from "../../../server/modules/quota/quota.ts";
import { addMonths } from "../../../shared/calendar-months.ts";
import { formatPence } from "../../../shared/constants.ts";
import { londonDay, londonInstant, londonParts, londonWeekdayDayMonth } from "../../../shared/london-time.ts";
import {
  PAUSE_MSG,
  type PauseDate,
  type PauseInput,
  type PauseOption,
  type PausePreview,
  type PauseResult,
  type ResumeResult,
} from "../../../shared/pause.ts";
import type { MemberDateStatus } from "../../../shared/schemas/dates.ts";
import { auditPlanChange, type PlanActor } from "./plan-audit.ts";
import { tellPlanChange } from "./plan-notice.ts";
import { SUB_MSG } from "./service.ts";

const DAY = 86_400_000;
const PAUSE_EVERY_DAYS = 182;
/** A date that still holds the couple's evening. */
const DONE: MemberDateStatus[] = ["cancelled", "completed"];

interface BookedDate {
  id: number;
  userId: number;
  scheduledDate: Date;
  venue: string | null;
  venueStatus: string;
}

const hhmm = (d: Date) => {
  const p = londonParts(d);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};

function named(d: BookedDate, now: Date): PauseDate {
  return {
    id: d.id,
    scheduledDate: d.scheduledDate.toISOString(),
    day: londonWeekdayDayMonth(d.scheduledDate),
    time: hhmm(d.scheduledDate),
    // Never spoil a surprise: the venue only once the member could read it on the date page.
    venue: isRevealed(d.scheduledDate, now, d.venueStatus === "confirmed") ? d.venue : null,
  };
}

/** The end of the London day of `at` (midnight starting the next day). */
function endOfLondonDay(at: Date): Date {
  const p = londonParts(at);
  return londonInstant(p.year, p.month, p.day + 1, 0, 0);
}

/** The couple's booked dates in [from, until), soonest first. */
async function bookedDates(tx: Tx, ids: number[], from: Date, until: Date): Promise<BookedDate[]> {
  return tx
    .select({
      id: dateReservations.id,
      userId: dateReservations.userId,
      scheduledDate: dateReservations.scheduledDate,
      venue: venues.name,
      venueStatus: dateReservations.venueStatus,
    })
    .from(dateReservations)
    .leftJoin(venues, eq(venues.id, dateReservations.venueId))
    .where(
      and(
        inArray(dateReservations.userId, ids),
        gte(dateReservations.scheduledDate, from),
        lt(dateReservations.scheduledDate, until),
        notInArray(dateReservations.status, DONE),
      ),
    )
    .orderBy(dateReservations.scheduledDate, dateReservations.id);
}

interface Plan {
  /** End of the paid cycle: the payment due then is the one skipped. */
  cycleEnd: Date;
  dates: BookedDate[];
  cancel: { from: Date; until: Date; cancels: BookedDate[] };
  keep: { from: Date; until: Date; cancels: BookedDate[] } | null;
}

/** Refuses what cannot be paused (the same checks and messages as before), then works out both choices. */
async function planPause(deps: Deps, tx: Tx, current: PlanRow): Promise<Plan> {
  if (current.subscriptionStatus !== "active" || !current.currentPeriodEnd || !current.subscriptionTier)
    throw badRequest(SUB_MSG.pauseOnlyActive);
  if (current.pausedUntil) throw conflict(SUB_MSG.alreadyPaused);
  const now = deps.now();
  const [recent] = await tx
    .select({ n: countSql })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.userId, current.id),
        eq(subscriptionEvents.eventType, "pause_scheduled"),
        gte(subscriptionEvents.occurredAt, new Date(now.getTime() - PAUSE_EVERY_DAYS * DAY)),
      ),
    );
  if (recent.n > 0) throw conflict(SUB_MSG.pauseTooSoon);
  const couple = await readCouple(tx, current.id);
  const ids = couple?.ids ?? [current.id];
  const from = current.currentPeriodEnd;
  const until = addMonths(from, 1);
  const dates = await bookedDates(tx, ids, from, until);
  const cancel = { from, until, cancels: dates };
  if (dates.length === 0) return { cycleEnd: from, dates, cancel, keep: null };
  const keptFrom = endOfLondonDay(dates[dates.length - 1].scheduledDate);
  const keptUntil = addMonths(keptFrom, 1);
  const later = await bookedDates(tx, ids, keptFrom, keptUntil);
  return { cycleEnd: from, dates, cancel, keep: { from: keptFrom, until: keptUntil, cancels: later } };
}

function option(o: Plan["cancel"], now: Date): PauseOption {
  return {
    from: o.from.toISOString(),
    until: o.until.toISOString(),
    cancels: o.cancels.map((d) => named(d, now)),
  };
}

/**
 * Whose plan a member's month off changes: their own, or, for a partner covered by the plan holder's plan, the
 * holder's (`byPartner` is then the member acting). Anyone else acts on their own row, and the usual checks
 * refuse them (no plan to pause).
 */
async function planOf(deps: Deps, user: User): Promise<{ ownerId: number; byPartner: User | null }> {
  const couple = await readCouple(deps.db, user.id);
  const holder = couple?.holder;
  if (holder && holder.id !== user.id && couple?.partner?.id === holder.id)
    return { ownerId: holder.id, byPartner: user };
  return { ownerId: user.id, byPartner: null };
}

/** When collections start again if the month off runs over `o`, from the account. */
function restartOf(current: PlanRow, o: Plan["cancel"], now: Date): Date | null {
  return (
    accountOf({ ...factsOf(current), pauseFrom: o.from, pauseUntil: o.until }, now).nextCollection?.date ??
    null
  );
}

/** GET /api/subscription/pause-preview: the month off, the dates inside it, and what each choice does. */
export async function pausePreview(deps: Deps, user: User): Promise<PausePreview> {
  const { ownerId } = await planOf(deps, user);
  return deps.db.transaction(async (tx) => {
    const [current] = await readWithPlan(tx, [ownerId]);
    const plan = await planPause(deps, tx, current);
    const now = deps.now();
    return {
      dates: plan.dates.map((d) => named(d, now)),
      cancel: option(plan.cancel, now),
      keep: plan.keep ? option(plan.keep, now) : null,
      skippedPaymentDate: plan.cycleEnd.toISOString(),
      nextPaymentDate: (restartOf(current, plan.cancel, now) ?? addMonths(plan.cycleEnd, 1)).toISOString(),
    };
  });
}

/** POST /api/subscription/pause */
export async function pauseSubscription(
  deps: Deps,
  user: User,
  input: PauseInput = {},
  /** Who acts, on the audit record: the member, or an operator pausing for them (the member page). */
  by: PlanActor = user,
): Promise<PauseResult> {
  await deps.limiter.hit(`plan-change:${user.id}`, 10, 60);
  const { ownerId, byPartner } = await planOf(deps, user);
  const result = await withMemberLock(deps, ownerId, async (tx, current) => {
    const plan = await planPause(deps, tx, current);
    if (plan.dates.length > 0 && input.keepDates === undefined) throw conflict(PAUSE_MSG.datesToChoose);
    const chosen = input.keepDates && plan.keep ? plan.keep : plan.cancel;
    const now = deps.now();
    // The payment due at the end of the paid cycle is skipped whichever choice: billing keeps its day. The
    // account says when collections start again (after the month off, and after any gift months).
    const account = await storePlan(
      deps,
      tx,
      current,
      { ...factsOf(current), pauseFrom: chosen.from, pauseUntil: chosen.until },
      "pause",
    );
    const restart = account.nextCollection?.date ?? addMonths(plan.cycleEnd, 1);
    for (const d of chosen.cancels) {
      const [done] = await tx
        .update(dateReservations)
        .set({ status: "cancelled" })
        .where(and(eq(dateReservations.id, d.id), notInArray(dateReservations.status, DONE)))
        .returning({ id: dateReservations.id });
      // The couple's allowance lives on the plan holder's rows: this member's.
      if (done) await returnQuota(tx, current.id, d.scheduledDate);
    }
    const pauseReason = `Paused from ${chosen.from.toISOString().slice(0, 10)} to ${chosen.until.toISOString().slice(0, 10)}${input.keepDates && plan.keep ? ` (after ${plan.dates.length} kept date${plan.dates.length === 1 ? "" : "s"})` : ""}`;
    await tx.insert(subscriptionEvents).values({
      userId: current.id,
      eventType: "pause_scheduled",
      fromTier: current.subscriptionTier,
      toTier: current.subscriptionTier,
      fromStatus: "active",
      toStatus: "active",
      reason: byPartner ? `${pauseReason}, by their partner (user ${byPartner.id})` : pauseReason,
      occurredAt: now,
    });
    await auditPlanChange(tx, by, current, "pause");
    const kept = input.keepDates && plan.keep ? plan.dates.length : 0;
    return {
      message: `${kept ? `You keep ${kept === 1 ? "your date" : `your ${kept} dates`}. ` : ""}Your month off runs from ${londonDay(chosen.from)} until ${londonDay(chosen.until)}. The payment due on ${londonDay(plan.cycleEnd)} is not taken; payments start again on ${londonDay(restart)}.`,
      pausedFrom: chosen.from.toISOString(),
      pausedUntil: chosen.until.toISOString(),
      cancelledDates: chosen.cancels.map((d) => d.id),
    };
  });
  // Both partners are told, whoever booked it (an operator on the member page reads "Our team").
  void tellPlanChange(deps, ownerId, { kind: "paused", by: by.id });
  return result;
}

/** POST /api/subscription/resume: ends a month off early, or withdraws one not started yet. */
export async function resumeSubscription(deps: Deps, user: User): Promise<ResumeResult> {
  await deps.limiter.hit(`plan-change:${user.id}`, 10, 60);
  const { ownerId, byPartner } = await planOf(deps, user);
  const result = await withMemberLock(deps, ownerId, async (tx, current) => {
    const now = deps.now();
    const live = current.subscriptionStatus === "active" || current.subscriptionStatus === "paused";
    if (!live || !current.subscriptionTier || !current.currentPeriodEnd) throw badRequest(SUB_MSG.noPlan);
    if (!current.pausedUntil || current.pausedUntil <= now) throw conflict(PAUSE_MSG.notPaused);
    // Active with the paid cycle still running and the pause booked from its end: the skipped payment has
    // not been skipped yet, so the schedule goes back to taking it on its usual day (or after gift months).
    const notStarted =
      current.subscriptionStatus === "active" &&
      current.currentPeriodEnd > now &&
      current.pausedUntil > current.currentPeriodEnd;
    const account = await storePlan(
      deps,
      tx,
      current,
      { ...factsOf(current), status: "active", pauseFrom: null, pauseUntil: null },
      "resume",
    );
    const next = account.nextCollection?.date ?? current.currentPeriodEnd;
    const tier = account.nextCollection?.tier ?? current.pendingTier ?? current.subscriptionTier;
    const price = await monthlyPrice(tx, current.id, tier, next);
    await tx.insert(subscriptionEvents).values({
      userId: current.id,
      eventType: notStarted ? "pause_withdrawn" : "resumed",
      fromTier: current.subscriptionTier,
      toTier: current.subscriptionTier,
      fromStatus: current.subscriptionStatus,
      toStatus: "active",
      monthlyAmount: price,
      reason: byPartner
        ? `Resumed early by their partner (user ${byPartner.id})`
        : "Resumed early by the member",
      occurredAt: now,
    });
    await auditPlanChange(tx, user, current, "resume");
    const amount = formatPence(price);
    return {
      message: notStarted
        ? `Your month off is called off and your plan carries on as usual: the next payment of ${amount} is taken on ${londonDay(next)}.`
        : `Your plan is active again. The payment you skipped is not taken; the next payment of ${amount} is on ${londonDay(next)}.`,
      nextPaymentDate: next.toISOString(),
      withdrawn: notStarted,
    };
  });
  const { withdrawn, ...answer } = result;
  void tellPlanChange(deps, ownerId, { kind: "resumed", withdrawn, by: user.id });
  return answer;
}
