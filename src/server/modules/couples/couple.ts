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
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { datesAllowed } from "../../../shared/admin/assignments.ts";
import { hasLiveSubscription } from "../../../shared/constants.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type User, userMonthlyQuotas, users } from "../../db/schema.ts";
import { londonParts } from "../matching/rules.ts";

export interface Couple {
  /** The member asked about. */
  member: User;
  /** Their partner when the link is mutual and the partner's account is not deleted. */
  partner: User | null;
  /** Both ids (ascending), or the member's alone. */
  ids: number[];
  /** Whichever of the two has a live plan; null when neither has. */
  holder: User | null;
  /** Whose user_monthly_quotas rows count the couple's dates. */
  allowanceOwner: User;
}

/** The couple from the two rows (the partner row only when it points back and is not deleted). */
export function coupleOf(member: User, partnerRow: User | null | undefined): Couple {
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
 * Reads a member and their partner; null for a missing or deleted member. With `lock`, both rows are locked
 * FOR UPDATE in id order (call inside a transaction), so two bookings for one couple run one after another.
 */
export async function readCouple(
  db: Db | Tx,
  userId: number,
  opts: { lock?: boolean } = {},
): Promise<Couple | null> {
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!member) return null;
  const ids = member.partnerId ? [member.id, member.partnerId] : [member.id];
  const rows = opts.lock
    ? await db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for("update")
    : await db.select().from(users).where(inArray(users.id, ids));
  const fresh = rows.find((r) => r.id === member.id);
  if (!fresh || fresh.deletedAt) return null;
  return coupleOf(
    fresh,
    rows.find((r) => r.id !== member.id),
  );
}

export interface CoupleAllowance {
  /** The tier the allowance comes from (the plan holder's; null without a plan). */
  tier: string | null;
  year: number;
  month: number;
  allowed: number;
  used: number;
  remaining: number;
}

/** The couple's allowance for the London month of `at`, as the quota row says (or the tier's, untouched). */
export async function coupleAllowance(db: Db | Tx, couple: Couple, at: Date): Promise<CoupleAllowance> {
  const { year, month } = londonParts(at);
  const owner = couple.allowanceOwner;
  const [row] = await db
    .select()
    .from(userMonthlyQuotas)
    .where(
      and(
        eq(userMonthlyQuotas.userId, owner.id),
        eq(userMonthlyQuotas.year, year),
        eq(userMonthlyQuotas.month, month),
      ),
    );
  const tier = couple.holder?.subscriptionTier ?? null;
  if (row)
    return {
      tier,
      year,
      month,
      allowed: row.quotaAllowed,
      used: row.quotaUsed,
      remaining: row.quotaRemaining,
    };
  const allowed = datesAllowed(tier);
  return { tier, year, month, allowed, used: 0, remaining: allowed };
}
