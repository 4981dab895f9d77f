/**
 * Failed payments in the churn window and how many were recovered, from the billing history (billing_events).
 * A failed payment is one payment (member and provider payment id) reported failed or charged back in the window,
 * however many times its retries failed; it is recovered when the member has a payment collected (confirmed or
 * paid out) after its first failure: the retry itself, or the missed month taken from new bank details.
 */
import { sql } from "drizzle-orm";
import type { FailedPayments } from "../../../../shared/admin/analytics.ts";
import type { Deps } from "../../../deps.ts";
import { rate, rows, ts } from "./sql.ts";

export function failedPaymentsSql(start: Date, now: Date) {
  return sql`
    WITH failed AS (
      SELECT user_id, payment_ref, min(occurred_at) AS failed_at FROM billing_events
      WHERE kind IN ('payment_failed', 'payment_charged_back') AND user_id IS NOT NULL
        AND occurred_at > ${ts(start)} AND occurred_at <= ${ts(now)}
      GROUP BY user_id, payment_ref
    ),
    figures AS MATERIALIZED (
      SELECT count(*)::int AS failed,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM billing_events c
          WHERE c.user_id = f.user_id AND c.kind IN ('payment_confirmed', 'payment_paid_out')
            AND c.occurred_at > f.failed_at AND c.occurred_at <= ${ts(now)}))::int AS recovered
      FROM failed f
    )
    SELECT failed, recovered, ${rate(sql`recovered`, sql`failed`)} AS recovery_rate FROM figures`;
}

export async function failedPayments(deps: Deps, start: Date, now: Date): Promise<FailedPayments> {
  const [f] = await rows<{ failed: number; recovered: number; recovery_rate: number }>(
    deps.db,
    failedPaymentsSql(start, now),
  );
  return { failed: f.failed, recovered: f.recovered, recoveryRate: f.recovery_rate };
}
