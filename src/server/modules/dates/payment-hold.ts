/**
 * The one rule of a payment hold: while the couple's plan is behind on a payment (the plan holder's status
 * past_due, whichever partner the date is for), no date of theirs is revealed. They keep the evening and the
 * venue keeps the booking; the date page says the reveal waits for the payment (PAYMENT_RECOVERY_MSG.dateHeld).
 * A date already revealed stays revealed. Read by the member's views (view.ts, through `paymentHeld` on the
 * row) and, as SQL, by the reveal and the unconfirmed-cancellation sweeps (jobs/dates.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";

/** SQL: the couple of the user in `userId` (a column or a value) is behind on a payment. */
export function paymentHeldSql(userId: SQL | SQL.Aliased | ReturnType<typeof sql.raw>): SQL {
  return sql`EXISTS (SELECT 1 FROM users ph JOIN plan_accounts pa ON pa.user_id = ph.id
    WHERE pa.subscription_status = 'past_due' AND ph.deleted_at IS NULL
    AND (ph.id = ${userId} OR (ph.partner_id = ${userId}
      AND ph.id = (SELECT o.partner_id FROM users o WHERE o.id = ${userId}))))`;
}

/** The member's couple is behind on a payment (read fresh: the session's copy of the user may be older). */
export async function couplePaymentHeld(db: Db | Tx, userId: number): Promise<boolean> {
  const res = await db.execute<{ held: boolean } & Record<string, unknown>>(
    sql`SELECT ${paymentHeldSql(sql`${userId}::int`)} AS held`,
  );
  return res.rows[0]?.held === true;
}
