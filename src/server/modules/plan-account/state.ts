/**
 * The plan account: the subscription itself (tier, status, period end, pending tier) and the plan's own state
 * (the pause, a gifted plan's end, credit months, how the running cycle is covered, a failed payment's
 * retries) live in one table beside the users row, which keeps identity only. The subscription joined the
 * state here rather than a `subscriptions` table of its own because the two are one account: every plan fact
 * (facts.ts) is built from both and stored by both in one write (`storeFacts`), the plan's hot reads
 * (`/api/auth/user`, the couple's plan) already join this table, and its trigger already tells the session
 * caches about the member and the partner they cover, who sees the holder's tier and status. A member who never
 * had a plan and has none of the state has no row: the fields read null and the counts 0. Reads go through
 * `stateColumns` (for a query that left-joins the table with `stateOf`; `subscriptionColumns` for the
 * subscription alone), `withPlan`/`readWithPlan` (a users row with its payment links and this state: what the
 * plan's facts are built from) or `readState`, and every write through `saveState`.
 */
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { paymentLinks, planAccounts, users } from "../../db/schema.ts";
import { linksOf, type UserWithLinks, withLinks } from "../payments/links.ts";

export type PlanState = Omit<typeof planAccounts.$inferSelect, "userId">;

/** A member as `User` with their payment links and plan state beside the row. */
export type MemberWithPlan = UserWithLinks & PlanState;

export const NO_STATE: PlanState = {
  subscriptionTier: null,
  subscriptionStatus: null,
  currentPeriodEnd: null,
  pendingTier: null,
  pausedUntil: null,
  pauseStartsAt: null,
  giftedUntil: null,
  creditMonths: 0,
  cycleCoveredBy: null,
  paymentRetryAt: null,
  paymentRetries: 0,
};

const t = planAccounts;

/**
 * The subscription as select fields, for a query that has `leftJoin(planAccounts, stateOf(users.id))` (the
 * session's, so `req.user` carries it).
 */
export const subscriptionColumns = {
  subscriptionTier: t.subscriptionTier,
  subscriptionStatus: t.subscriptionStatus,
  currentPeriodEnd: t.currentPeriodEnd,
  pendingTier: t.pendingTier,
};

/** The state as select fields, for a query that has `leftJoin(planAccounts, stateOf(users.id))`. */
export const stateColumns = {
  ...subscriptionColumns,
  pausedUntil: t.pausedUntil,
  pauseStartsAt: t.pauseStartsAt,
  giftedUntil: t.giftedUntil,
  creditMonths: sql<number>`coalesce(${t.creditMonths}, 0)`.mapWith(Number),
  cycleCoveredBy: t.cycleCoveredBy,
  paymentRetryAt: t.paymentRetryAt,
  paymentRetries: sql<number>`coalesce(${t.paymentRetries}, 0)`.mapWith(Number),
};

/** The state out of a row that selected `stateColumns` (none: no row was read). */
export function stateIn(row: PlanState | undefined): PlanState {
  if (!row) return { ...NO_STATE };
  return Object.fromEntries(Object.keys(NO_STATE).map((k) => [k, row[k as keyof PlanState]])) as PlanState;
}

/** The join condition for `stateColumns`: `leftJoin(planAccounts, stateOf(users.id))`. */
export const stateOf = (userId: AnyPgColumn) => eq(t.userId, userId);

/**
 * A users row with its payment links and plan state beside it:
 * `db.select(withPlan).from(users).leftJoin(paymentLinks, linksOf(users.id)).leftJoin(planAccounts, stateOf(users.id))`.
 */
export const withPlan = { ...withLinks, ...stateColumns };

/**
 * Members' rows with their links and plan account, read by id (`where` may name either). A transaction that
 * locked the users rows reads them with this in a statement of its own: a joined `SELECT ... FOR UPDATE OF
 * users` that waits for the lock re-reads the users row once the holder commits but keeps the joined tables as
 * they were before, so a change the holder made to them (a new subscription, a cancellation) would be missed.
 */
export function readWithPlan(db: Db | Tx, ids: number[], where?: SQL) {
  const byId = ids.length === 1 ? eq(users.id, ids[0]) : inArray(users.id, ids);
  return db
    .select(withPlan)
    .from(users)
    .leftJoin(paymentLinks, linksOf(users.id))
    .leftJoin(t, stateOf(users.id))
    .where(where ? sql`${byId} and ${where}` : byId);
}

/** Adds gift months to a member's credit (a row is made when they had none). */
export async function addCreditMonths(db: Db | Tx, userId: number, months: number): Promise<void> {
  if (months === 0) return;
  await db
    .insert(t)
    .values({ userId, creditMonths: months })
    .onConflictDoUpdate({ target: t.userId, set: { creditMonths: sql`${t.creditMonths} + ${months}` } });
}

export async function readState(db: Db | Tx, userId: number): Promise<PlanState> {
  const [row] = await db.select(stateColumns).from(t).where(eq(t.userId, userId));
  return row ?? { ...NO_STATE };
}

/**
 * Saves the fields given (the others keep their stored value, or their default). Clearing fields of a member
 * who has no row changes nothing, and makes none.
 */
export async function saveState(db: Db | Tx, userId: number, changes: Partial<PlanState>): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  if (Object.entries(set).every(([k, v]) => v === NO_STATE[k as keyof PlanState])) {
    await db.update(t).set(set).where(eq(t.userId, userId));
    return;
  }
  await db
    .insert(t)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: t.userId, set });
}
