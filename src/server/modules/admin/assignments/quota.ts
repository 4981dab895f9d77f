import { and, eq, sql } from "drizzle-orm";
import { ASSIGNMENT_MSG, datesAllowed } from "../../../../shared/admin/assignments.ts";
import type { Db } from "../../../db/client.ts";
import { type User, userMonthlyQuotas } from "../../../db/schema.ts";
import { conflict } from "../../../http-error.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const monthParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
});
const monthName = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "long",
});

/** The London calendar month an instant falls in. */
export function londonYearMonth(at: Date): { year: number; month: number } {
  const p = Object.fromEntries(monthParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month) };
}

const displayName = (u: Pick<User, "firstName" | "lastName" | "email">) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/**
 * Takes one date of the member's allowance for the London month of `at`: the month's row is created on
 * first use from the member's tier, then locked, so two assignments at once cannot both take the last
 * date. Refuses (409) when the month is used up. Call inside a transaction.
 */
export async function consumeQuota(
  tx: Tx,
  member: Pick<User, "id" | "subscriptionTier" | "firstName" | "lastName" | "email">,
  at: Date,
): Promise<void> {
  const { year, month } = londonYearMonth(at);
  const allowed = datesAllowed(member.subscriptionTier);
  await tx
    .insert(userMonthlyQuotas)
    .values({
      userId: member.id,
      year,
      month,
      subscriptionTier: member.subscriptionTier ?? "trial",
      quotaAllowed: allowed,
      quotaUsed: 0,
      quotaRemaining: allowed,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(userMonthlyQuotas)
    .where(
      and(
        eq(userMonthlyQuotas.userId, member.id),
        eq(userMonthlyQuotas.year, year),
        eq(userMonthlyQuotas.month, month),
      ),
    )
    .for("update");
  if (row.quotaRemaining <= 0)
    throw conflict(ASSIGNMENT_MSG.quotaUsed(displayName(member), row.quotaAllowed, monthName.format(at)));
  await tx
    .update(userMonthlyQuotas)
    .set({
      quotaUsed: sql`${userMonthlyQuotas.quotaUsed} + 1`,
      quotaRemaining: sql`${userMonthlyQuotas.quotaRemaining} - 1`,
    })
    .where(eq(userMonthlyQuotas.id, row.id));
}

/** Gives back one date of the member's allowance for the London month of `at` (a cancelled date). */
export async function returnQuota(tx: Tx, userId: number, at: Date): Promise<void> {
  const { year, month } = londonYearMonth(at);
  await tx
    .update(userMonthlyQuotas)
    .set({
      quotaUsed: sql`${userMonthlyQuotas.quotaUsed} - 1`,
      quotaRemaining: sql`least(${userMonthlyQuotas.quotaRemaining} + 1, ${userMonthlyQuotas.quotaAllowed})`,
    })
    .where(
      and(
        eq(userMonthlyQuotas.userId, userId),
        eq(userMonthlyQuotas.year, year),
        eq(userMonthlyQuotas.month, month),
        sql`${userMonthlyQuotas.quotaUsed} > 0`,
      ),
    );
}
