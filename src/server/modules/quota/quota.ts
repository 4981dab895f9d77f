import { and, eq, sql } from "drizzle-orm";
import { ASSIGNMENT_MSG, datesAllowed } from "../../../shared/admin/assignments.ts";
import { londonMonthYear, londonYearMonth } from "../../../shared/london-time.ts";
import type { Tx } from "../../db/client.ts";
import { type User, userMonthlyQuotas } from "../../db/schema.ts";
import { conflict } from "../../http-error.ts";
import { allowanceTier, type Couple, coupleDatesInMonth } from "../couples/couple.ts";

const displayName = (u: Pick<User, "firstName" | "lastName" | "email">) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/** "Alex Smith" or, for a couple, "Alex Smith and Sam Jones" (the plan holder first). */
export function coupleName(c: Pick<Couple, "member" | "partner" | "holder">): string {
  if (!c.partner) return displayName(c.member);
  const [first, second] = c.holder?.id === c.partner.id ? [c.partner, c.member] : [c.member, c.partner];
  return `${displayName(first)} and ${displayName(second)}`;
}

/**
 * Takes one date of the couple's allowance for the London month of `at` (couples/couple.ts: the plan
 * holder's row, whichever partner the date is for). The month's row is created on first use from the plan's
 * tier, counting the couple's dates already in that month, then locked, so two bookings at once cannot both
 * take the last date. Refuses (409) when the month is used up, unless `allowOver` (an operator's override). Call inside a transaction, after locking the
 * couple (readCouple with lock).
 */
export async function consumeQuota(
  tx: Tx,
  couple: Couple,
  at: Date,
  opts: { allowOver?: boolean } = {},
): Promise<void> {
  const { year, month } = londonYearMonth(at);
  const owner = couple.allowanceOwner;
  const tier = allowanceTier(couple);
  const allowed = datesAllowed(tier);
  const n = await coupleDatesInMonth(tx, couple.ids, year, month);
  await tx
    .insert(userMonthlyQuotas)
    .values({
      userId: owner.id,
      year,
      month,
      subscriptionTier: tier ?? "trial",
      quotaAllowed: allowed,
      quotaUsed: Math.min(n, allowed),
      quotaRemaining: Math.max(0, allowed - n),
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(userMonthlyQuotas)
    .where(
      and(
        eq(userMonthlyQuotas.userId, owner.id),
        eq(userMonthlyQuotas.year, year),
        eq(userMonthlyQuotas.month, month),
      ),
    )
    .for("update");
  // The row may have counted fewer of the couple's dates than there are (a partner's dates from before they
  // linked, a plan that changed hands): the dates themselves count too.
  const used = Math.max(row.quotaUsed, n);
  // An operator's override may book beyond the allowance: the row then counts more than allowed.
  if (used >= row.quotaAllowed && !opts.allowOver)
    throw conflict(
      ASSIGNMENT_MSG.quotaUsed(coupleName(couple), row.quotaAllowed, londonMonthYear(at), !!couple.partner),
    );
  await tx
    .update(userMonthlyQuotas)
    .set({ quotaUsed: used + 1, quotaRemaining: Math.max(0, row.quotaAllowed - used - 1) })
    .where(eq(userMonthlyQuotas.id, row.id));
}

/**
 * Gives back one date of the allowance for the London month of `at` (a cancelled date): the row of
 * `ownerId`, the allowance owner of the date's couple (couples/couple.ts).
 */
export async function returnQuota(tx: Tx, ownerId: number, at: Date): Promise<void> {
  const { year, month } = londonYearMonth(at);
  await tx
    .update(userMonthlyQuotas)
    .set({
      quotaUsed: sql`${userMonthlyQuotas.quotaUsed} - 1`,
      quotaRemaining: sql`least(${userMonthlyQuotas.quotaRemaining} + 1, ${userMonthlyQuotas.quotaAllowed})`,
    })
    .where(
      and(
        eq(userMonthlyQuotas.userId, ownerId),
        eq(userMonthlyQuotas.year, year),
        eq(userMonthlyQuotas.month, month),
        sql`${userMonthlyQuotas.quotaUsed} > 0`,
      ),
    );
}
