/**
 * A member's links at the payment provider (customer, mandate, the subscription collecting their plan, the
 * full-price one that follows an offer) and the time of the newest provider event applied live in their own
 * table beside the users row, which keeps identity only. A member who never set up a Direct Debit has no row:
 * every link reads null. Reads go through `linkColumns` (for a query that left-joins the table, e.g.
 * `withLinks`) or `readLinks`, and every write through `saveLinks`.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { paymentLinks, type User, users } from "../../db/schema.ts";

export type PaymentLinks = Omit<typeof paymentLinks.$inferSelect, "userId">;

/** A member as `User`, with their payment links beside the row. */
export type UserWithLinks = User & PaymentLinks;

export const NO_LINKS: PaymentLinks = {
  paymentCustomerId: null,
  paymentMandateId: null,
  paymentSubscriptionId: null,
  paymentNextSubscriptionId: null,
  paymentStatusAt: null,
};

const t = paymentLinks;

/** The links as select fields, for a query that has `leftJoin(paymentLinks, linksOf(users.id))`. */
export const linkColumns = {
  paymentCustomerId: t.paymentCustomerId,
  paymentMandateId: t.paymentMandateId,
  paymentSubscriptionId: t.paymentSubscriptionId,
  paymentNextSubscriptionId: t.paymentNextSubscriptionId,
  paymentStatusAt: t.paymentStatusAt,
};

/** The join condition for `linkColumns`: `leftJoin(paymentLinks, linksOf(users.id))`. */
export const linksOf = (userId: AnyPgColumn) => eq(t.userId, userId);

/**
 * Whether a provider subscription collects the member's plan, as a condition on a users id column that needs no
 * join (`not(collects(users.id))`: no subscription).
 */
export const collects = (userId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${t} where ${t.userId} = ${userId} and ${t.paymentSubscriptionId} is not null)`;

const {
  password: _p,
  emailVerificationToken: _e,
  passwordResetToken: _r,
  ...userColumns
} = getTableColumns(users);

/**
 * A users row (its secrets left out, as `User`) with the member's payment links beside it:
 * `db.select(withLinks).from(users).leftJoin(paymentLinks, linksOf(users.id))`.
 */
export const withLinks = { ...userColumns, ...linkColumns };

export async function readLinks(db: Db | Tx, userId: number): Promise<PaymentLinks> {
  const [row] = await db.select(linkColumns).from(t).where(eq(t.userId, userId));
  return row ?? { ...NO_LINKS };
}

/** Saves the links given (the others keep their stored value, or null). */
export async function saveLinks(db: Db | Tx, userId: number, changes: Partial<PaymentLinks>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(t)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: t.userId, set: changes });
}
