/**
 * A failed payment recovered. The provider's failure (a late failure or a charge-back too) puts the plan behind
 * (webhooks.ts) and books the first retry POLICY.paymentRetryDays[0] days on; the `payment-recovery` job asks the
 * provider to collect it again on that day, once per retry (plan_accounts.payment_retries counts them, and
 * payment_retry_at is cleared while the bank has it); a retry that fails books the next one, and after the last
 * the plan ends (lapse.ts). A confirmation puts the plan back in step and clears the retry. Both partners are
 * told each step (recovery-mails.ts); until it is paid the couple's reveals wait (dates/payment-hold.ts).
 *
 * A retry the bank never answers (or a plan behind from before retries existed) ends after
 * POLICY.paymentGraceDays without news.
 */
import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { billingEvents, paymentLinks, planAccounts, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import type { JobDefinition } from "../../../server/jobs/types.ts";
import { recordPaymentEvent } from "../../../server/modules/billing-history/record.ts";
import { linksOf, saveLinks } from "../../../server/modules/payments/links.ts";
import { latestFailure } from "../../../server/modules/plan-account/payment-problem.ts";
import { readState, readWithPlan, saveState, stateOf } from "../../../server/modules/plan-account/state.ts";
import { POLICY } from "../../../shared/constants.ts";
import { tellPlanChange } from "../../subscriptions/server/plan-notice.ts";
import { lapseUnpaidPlan } from "./lapse.ts";
import { mailBothPartners } from "./recovery-mails.ts";

const DAY = 86_400_000;

/** The retry after failure number `failures` (1: the first failure). */
export function retryDayAfter(failedAt: Date, failures: number): Date | null {
  const days = POLICY.paymentRetryDays[failures - 1];
  return days === undefined ? null : new Date(failedAt.getTime() + days * DAY);
}

/**
 * The provider says a payment failed (after the event's transaction). `initial`: this event put the plan behind.
 * Otherwise it is a retry's failure when one was with the bank; any other report (the same failure told twice)
 * changes nothing.
 */
export async function paymentFailed(deps: Deps, holderId: number, at: Date, initial: boolean): Promise<void> {
  const step = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, holderId)).for("update");
    if (!row) return null;
    // Read once locked, as the lock's last holder left it.
    const u = { ...row, ...(await readState(tx, holderId)) };
    if (u.subscriptionStatus !== "past_due") return null;
    const inFlight = u.paymentRetryAt === null && u.paymentRetries > 0;
    if (!initial && !inFlight) return null;
    const retries = initial ? 0 : u.paymentRetries;
    const retryAt = retryDayAfter(at, retries + 1);
    if (!retryAt) return { lapse: true as const, attempt: retries + 1 };
    await saveState(tx, u.id, { paymentRetries: retries, paymentRetryAt: retryAt });
    return { lapse: false as const, attempt: retries + 1 };
  });
  if (!step) return;
  if (step.lapse) {
    await lapseUnpaidPlan(deps, holderId);
    return;
  }
  await mailBothPartners(deps, "failed", holderId, `${step.attempt}:${at.toISOString()}`);
}

/** The provider collected a plan behind on payment (webhooks.ts moved it to active): the retry is over. */
export async function paymentRecovered(deps: Deps, holderId: number, paidOn: Date): Promise<void> {
  const failure = await latestFailure(deps.db, holderId);
  await saveState(deps.db, holderId, { paymentRetryAt: null, paymentRetries: 0 });
  await tellPlanChange(deps, holderId, {
    kind: "payment_recovered",
    amountPence: failure?.amountPence ?? 0,
    paidOn,
  });
}

/**
 * Asks the provider for one plan's payment again when its retry is due; answers whether it was asked. `early`
 * brings a booked retry forward (the sandbox's operator command).
 */
export async function retryOne(deps: Deps, holderId: number, early = false): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, holderId)).for("update");
    const [u] = await readWithPlan(tx, [holderId]);
    if (u?.subscriptionStatus !== "past_due" || !u.paymentRetryAt || (u.paymentRetryAt > now && !early))
      return false;
    const attempt = u.paymentRetries + 1;
    const failure = await latestFailure(tx, u.id);
    const [failed] = failure?.paymentRef
      ? await tx
          .select()
          .from(billingEvents)
          .where(and(eq(billingEvents.userId, u.id), eq(billingEvents.paymentRef, failure.paymentRef)))
          .limit(1)
      : [];
    if (failed?.paymentRef) {
      await deps.payments.retryPayment(failed.paymentRef, `unveil-retry-${failed.paymentRef}-${attempt}`);
      await recordPaymentEvent(tx, {
        userId: u.id,
        provider: deps.payments.name,
        payment: {
          id: failed.paymentRef,
          mandateId: failed.mandateRef,
          chargeDate: now.toISOString().slice(0, 10),
          amountPence: failed.amountPence ?? 0,
          refundedPence: 0,
          status: "pending_submission",
          description: failed.description ?? "Monthly membership",
        },
        kind: "payment_retried",
        occurredAt: now,
      });
    } else if (u.paymentMandateId && failure?.amountPence) {
      // No payment to retry (the failure was reported without one): the amount is collected anew.
      await deps.payments.createPayment(
        u.paymentMandateId,
        failure.amountPence,
        "Missed monthly payment",
        `unveil-retry-${u.id}-${failure.occurredAt.getTime()}-${attempt}`,
      );
    } else return false;
    await saveState(tx, u.id, { paymentRetries: attempt, paymentRetryAt: null });
    await saveLinks(tx, u.id, { paymentStatusAt: now });
    return true;
  });
}

/** The job: retries due now, then plans behind with nothing booked and no news for the grace period end. */
export async function recoverPayments(deps: Deps): Promise<number> {
  const now = deps.now();
  let handled = 0;
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(planAccounts, stateOf(users.id))
    .where(
      and(
        eq(planAccounts.subscriptionStatus, "past_due"),
        isNotNull(planAccounts.paymentRetryAt),
        lte(planAccounts.paymentRetryAt, now),
      ),
    )
    .orderBy(planAccounts.paymentRetryAt, users.id)
    .limit(500);
  for (const { id } of due) {
    try {
      if (await retryOne(deps, id)) handled++;
    } catch {
      // The provider could not be asked: the retry stays booked and the next run asks again.
    }
  }
  const silent = await deps.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(paymentLinks, linksOf(users.id))
    .leftJoin(planAccounts, stateOf(users.id))
    .where(
      and(
        eq(planAccounts.subscriptionStatus, "past_due"),
        isNull(planAccounts.paymentRetryAt),
        lte(paymentLinks.paymentStatusAt, new Date(now.getTime() - POLICY.paymentGraceDays * DAY)),
      ),
    )
    .limit(500);
  for (const { id } of silent) if (await lapseUnpaidPlan(deps, id)) handled++;
  return handled;
}

/** Every ten minutes, like the billing cycles. */
export const paymentRecoveryJob: JobDefinition = {
  name: "payment-recovery",
  cron: "*/10 * * * *",
  run: recoverPayments,
};
