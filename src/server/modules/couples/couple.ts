/**
 * The couple is the customer: one plan, one allowance, one set of dates, two people. Storage is the mutual
 * partner pair on `users` (each row's partner_id names the other); a one-sided link is no couple. Every rule
 * that asks "may this couple have another date", "who pays", "whose allowance" asks here.
 *
 * - The plan holder is the partner whose subscription is live (active, past due, paused); at most one is
 *   (payments refuses a second plan in a couple). The other is "covered" by it.
 * - The allowance lives on one user_monthly_quotas row per couple and month: the plan holder's, or, when
 *   neither has a plan, the lower id's. A date booked for either partner takes from it.
 */
import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { datesAllowed } from "../../../shared/admin/assignments.ts";
import { hasLiveSubscription, type TierId } from "../../../shared/constants.ts";
import { londonInstant, londonParts } from "../../../shared/london-time.ts";
import type { Db, Tx } from "../../db/client.ts";
import { dateReservations, type UserWithSubscription, userMonthlyQuotas, users } from "../../db/schema.ts";
import { type MemberWithPlan, readWithPlan } from "../plan-account/state.ts";

/**
 * The couple's two rows: `readCouple` reads each with its payment links (payments/links.ts) and plan state
 * (plan-account/state.ts).
 */
export interface Couple<U extends UserWithSubscription = UserWithSubscription> {
  /** The member asked about. */
  member: U;
  /** Their partner when the link is mutual and the partner's account is not deleted. */
  partner: U | null;
  /** Both ids (ascending), or the member's alone. */
  ids: number[];
  /** Whichever of the two has a live plan; null when neither has. */
  holder: U | null;
  /** Whose user_monthly_quotas rows count the couple's dates. */
  allowanceOwner: U;
}

/** The couple from the two rows (the partner row only when it points back and is not deleted). */
export function coupleOf<U extends UserWithSubscription>(
  member: U,
  partnerRow: U | null | undefined,
): Couple<U> {
  const partner =
    partnerRow &&
    partnerRow.partnerId === member.id &&
    member.partnerId === partnerRow.id &&
    !partnerRow.deletedAt
      ? partnerRow
      : null;
  const ids = partner ? [member.id, partner.id].sort((a, b) => a - b) : [member.id];
  const holder = hasLiveSubscription(member.subscriptionStatus)
    ? member
    : partner && hasLiveSubscription(partner.subscriptionStatus)
      ? partner
      : null;
  const allowanceOwner = holder ?? (partner && partner.id < member.id ? partner : member);
  return { member, partner, ids, holder, allowanceOwner };
}

/**
 * The tier whose allowance the couple has: the plan holder's; without a live plan, the allowance owner's
 * last tier (none: the trial's). One rule for booking, the engine and the back office.
 */
export function allowanceTier(couple: Pick<Couple, "holder" | "allowanceOwner">): TierId | null {
  return couple.holder?.subscriptionTier ?? couple.allowanceOwner.subscriptionTier ?? null;
}

/**
 * Reads a member and their partner; null for a missing or deleted member. With `lock`, both rows are locked
 * FOR UPDATE in id order (call inside a transaction), so two bookings for one couple run one after another;
 * when the pair changed while waiting for the lock (an invitation accepted, an unlink), the new pair is locked.
 */
export async function readCouple(
  db: Db | Tx,
  userId: number,
  opts: { lock?: boolean } = {},
): Promise<Couple<MemberWithPlan> | null> {
  const [member] = await db
    .select({ id: users.id, partnerId: users.partnerId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!member) return null;
  let ids = member.partnerId ? [member.id, member.partnerId] : [member.id];
  for (let attempt = 0; ; attempt++) {
    if (opts.lock)
      await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(asc(users.id))
        .for("update");
    // Read once locked, with the links and plan state as the lock's last holder left them (readWithPlan).
    const rows = await readWithPlan(db, ids);
    const fresh = rows.find((r) => r.id === member.id);
    if (!fresh || fresh.deletedAt) return null;
    if (fresh.partnerId !== null && !ids.includes(fresh.partnerId) && attempt < 3) {
      ids = [...ids, fresh.partnerId];
      continue;
    }
    return coupleOf(
      fresh,
      rows.find((r) => r.id === fresh.partnerId),
    );
  }
}

export interface CoupleAllowance {
  /** The tier the allowance comes from (allowanceTier). */
  tier: string | null;
  year: number;
  month: number;
  allowed: number;
  /** Dates of the month taken: the quota row's count, or the couple's dates when those are more. */
  used: number;
  remaining: number;
}

/** The couple's allowance for the London month of `at`: the quota row, checked against the couple's dates. */
export async function coupleAllowance(db: Db | Tx, couple: Couple, at: Date): Promise<CoupleAllowance> {
  const { year, month } = londonParts(at);
  const owner = couple.allowanceOwner;
  const [[row], n] = await Promise.all([
    db
      .select()
      .from(userMonthlyQuotas)
      .where(
        and(
          eq(userMonthlyQuotas.userId, owner.id),
          eq(userMonthlyQuotas.year, year),
          eq(userMonthlyQuotas.month, month),
        ),
      ),
    coupleDatesInMonth(db, couple.ids, year, month),
  ]);
  const tier = allowanceTier(couple);
  const allowed = row?.quotaAllowed ?? datesAllowed(tier);
  const used = Math.max(row?.quotaUsed ?? 0, n);
  return { tier, year, month, allowed, used, remaining: Math.max(0, allowed - used) };
}

/** How many dates (not cancelled) the couple has in a London month, whichever partner they were booked for. */
export async function coupleDatesInMonth(
  db: Db | Tx,
  ids: number[],
  year: number,
  month: number,
): Promise<number> {
  const from = londonInstant(year, month, 1, 0, 0);
  const to = month === 12 ? londonInstant(year + 1, 1, 1, 0, 0) : londonInstant(year, month + 1, 1, 0, 0);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dateReservations)
    .where(
      and(
        inArray(dateReservations.userId, ids),
        ne(dateReservations.status, "cancelled"),
        gte(dateReservations.scheduledDate, from),
        lt(dateReservations.scheduledDate, to),
      ),
    );
  return n;
}

/** What a questionnaire row needs to plan a date with: a place, days and times. */
export interface SharedAnswersRow {
  userId: number;
  postcode: string | null;
  timePreferences: unknown;
  schedulingPreferences: unknown;
  createdAt: Date;
}

const nonEmpty = (v: unknown) => Array.isArray(v) && v.length > 0;

/** The row answers the couple's shared questions well enough to plan with. */
export function hasSharedAnswers(p: SharedAnswersRow | null | undefined): boolean {
  return !!p?.postcode && nonEmpty(p.timePreferences) && nonEmpty(p.schedulingPreferences);
}

/**
 * Whose answers are the couple's (place, budget, kinds of date, days, times): the plan holder's when they have
 * answered; otherwise whichever partner answered first (then the lower id). One rule for the engine, the back
 * office and the partner's questionnaire, so no screen shows the couple other answers than the plan uses.
 */
export function sharedAnswersOf<T extends SharedAnswersRow>(holderId: number | null, rows: T[]): T | null {
  const answered = rows.filter(hasSharedAnswers);
  return (
    answered.find((r) => r.userId === holderId) ??
    answered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.userId - b.userId)[0] ??
    null
  );
}
