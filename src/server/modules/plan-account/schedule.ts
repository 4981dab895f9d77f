/**
 * What a member's plan costs and when the provider collects it, worked out from the database alone, and the
 * per-member lock every change to a plan runs under.
 *
 * Every change (reactivation, pause, tier change, new mandate) rebuilds the provider schedule from the same
 * facts: the tier from the next cycle (a pending change included), the first charge date (after a booked
 * pause), and what is left of a running offer recomputed for that tier. So no change can leave the provider
 * charging a price the database does not show.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { monthsUntil } from "../../../shared/calendar-months.ts";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import { discountPence, offerAppliesTo } from "../../../shared/offer-price.ts";
import type { Db, Tx } from "../../db/client.ts";
import { offerCodes, offerCodeUsage, paymentCheckouts, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { faultPoint } from "../../fault-point.ts";
import { HttpError } from "../../http-error.ts";
import { type PaymentLinks, saveLinks } from "../payments/links.ts";
import { recheckCoupleAfter } from "../rulebook/recheck.ts";
import { accountOf, type PlanAccount, type PlanFacts } from "./account.ts";
import { storeFacts } from "./facts.ts";
import { type MemberWithPlan, readWithPlan } from "./state.ts";

/** The transaction type has one home (db/client.ts); re-exported for the plan modules that take it from here. */

export const PROVIDER_DOWN =
  "The payment provider could not be reached. Nothing has changed: please try again shortly.";

export const PLAN_BUSY = "Your plan is being changed in another window. Please wait a moment and try again.";

export async function provider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    throw new HttpError(502, PROVIDER_DOWN);
  }
}

/**
 * Runs `fn` with the member's row locked (SELECT ... FOR UPDATE) and read fresh, with its payment links. Every change to a plan goes
 * through here, provider calls included, so two clicks, a pause racing a cancellation or a webhook arriving
 * meanwhile cannot interleave (the second is refused with a 409). If `fn` throws, nothing it wrote is kept.
 */
export async function withMemberLock<T>(
  deps: Deps,
  userId: number,
  fn: (tx: Tx, current: MemberWithPlan) => Promise<T>,
): Promise<T> {
  try {
    const result = await deps.db.transaction(async (tx) => {
      // NOWAIT: a second change arriving meanwhile is told at once instead of holding a connection waiting.
      // NO KEY UPDATE, not UPDATE: a row being written elsewhere that merely refers to this member (an e-mail
      // log, an event) holds a KEY SHARE lock on it, and must not make the member's own change look busy.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for("no key update", { noWait: true });
      const [current] = await readWithPlan(tx, [userId]);
      return fn(tx, current);
    });
    // Paused, resumed, cancelled, reactivated...: the couple's dates ahead are asked again once it committed.
    await recheckCoupleAfter(deps, [userId]);
    return result;
  } catch (e) {
    const code =
      (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
    if (code === "55P03") throw new HttpError(409, PLAN_BUSY);
    throw e;
  }
}

/**
 * The running offer's saving for `tier` from `at`: recomputed from the offer code for that tier (a percentage
 * of its price, or the fixed amount), only if the offer still runs then and applies to that tier.
 * `months` is null when the offer has no end.
 */
export async function offerFor(
  db: Db | Tx,
  userId: number,
  tier: TierId,
  at: Date,
): Promise<{ amountOffPence: number; months: number | null } | null> {
  const [row] = await db
    .select({ usage: offerCodeUsage, offer: offerCodes })
    .from(offerCodeUsage)
    .innerJoin(offerCodes, eq(offerCodes.id, offerCodeUsage.offerCodeId))
    .where(and(eq(offerCodeUsage.userId, userId), eq(offerCodeUsage.status, "active")))
    .limit(1);
  if (!row) return null;
  const end = row.usage.discountEndDate;
  if (end && end <= at) return null;
  if (!offerAppliesTo(row.offer.applicableTiers, tier)) return null;
  const off = discountPence(row.offer, TIERS[tier].monthlyPricePence);
  if (off <= 0) return null;
  return { amountOffPence: off, months: end ? monthsUntil(at, end) : null };
}

/** What the member pays a month for `tier` at `at`, the running offer included. */
export async function monthlyPrice(db: Db | Tx, userId: number, tier: TierId, at: Date): Promise<number> {
  const offer = await offerFor(db, userId, tier, at);
  return TIERS[tier].monthlyPricePence - (offer?.amountOffPence ?? 0);
}

/**
 * Cancels every provider subscription the member's plan runs on (a time-limited offer's and the full-price
 * one after it). Each is tried even if another fails; the first failure is then thrown.
 */
export async function cancelAtProvider(
  deps: Pick<Deps, "payments">,
  user: Pick<PaymentLinks, "paymentSubscriptionId" | "paymentNextSubscriptionId">,
): Promise<void> {
  let failure: unknown = null;
  for (const id of [user.paymentSubscriptionId, user.paymentNextSubscriptionId]) {
    if (!id) continue;
    await deps.payments.cancelSubscription(id, `unveil-cancel-${id}`).catch((e) => {
      failure ??= e;
    });
  }
  if (failure) throw failure;
}

/**
 * Replaces the member's provider subscription(s) by one built from the database: old ones are cancelled
 * first (never two collecting at once), then the new schedule starts at `start`. Returns the new ids for
 * the caller to store in the same transaction.
 */
export async function rebuildSchedule(
  deps: Deps,
  tx: Tx,
  current: MemberWithPlan,
  opts: { tier: TierId; start: Date; mandateId?: string; operation: string },
): Promise<{ subscriptionId: string; nextSubscriptionId: string | null }> {
  const mandateId = opts.mandateId ?? current.paymentMandateId;
  if (!mandateId) throw new HttpError(409, "There is no Direct Debit on file. Please choose a plan again.");
  await provider(() => cancelAtProvider(deps, current));
  const price = TIERS[opts.tier].monthlyPricePence;
  const offer = await offerFor(tx, current.id, opts.tier, opts.start);
  const created = await provider(() =>
    deps.payments.createSubscription({
      mandateId,
      amountPence: price,
      name: `Unveil ${TIERS[opts.tier].name}`,
      // Derived from what is replaced and what replaces it: a retry after the database write failed (or the
      // process died) gets the subscription already created back instead of an orphan collecting beside it.
      // Every rebuild stores a new subscription id, so a later change never meets an earlier key.
      idempotencyKey: `unveil-${opts.operation}-${current.id}-${current.paymentSubscriptionId ?? randomBytes(6).toString("hex")}-${opts.tier}-${opts.start.toISOString().slice(0, 10)}`,
      startDate: opts.start,
      discount: offer ? { amountPence: price - offer.amountOffPence, months: offer.months ?? 0 } : undefined,
    }),
  );
  // Crash tests stop the process here: the provider holds the new schedule, the caller has not stored it.
  await faultPoint("subscription-rebuild-record");
  return { subscriptionId: created.subscriptionId, nextSubscriptionId: created.nextSubscriptionId ?? null };
}

/**
 * Stores a plan's new facts and makes the provider collect what the account says: the schedule is rebuilt to
 * start on the account's next collection (after any month off and gift months), at its tier. Returns the
 * account of the new facts for the caller's message and e-mails.
 */
export async function storePlan(
  deps: Deps,
  tx: Tx,
  current: MemberWithPlan,
  next: PlanFacts,
  operation: string,
): Promise<PlanAccount> {
  const account = accountOf(next, deps.now());
  if (current.paymentSubscriptionId && account.nextCollection && !account.nextCollection.retry) {
    const made = await rebuildSchedule(deps, tx, current, {
      tier: account.nextCollection.tier,
      start: account.nextCollection.date,
      operation,
    });
    await saveLinks(tx, current.id, {
      paymentSubscriptionId: made.subscriptionId,
      paymentNextSubscriptionId: made.nextSubscriptionId,
    });
  }
  await storeFacts(tx, current.id, next);
  return account;
}

/** Every mandate the member has paid through (a replaced mandate's payments still count). */
export async function memberMandates(
  db: Db | Tx,
  user: Pick<MemberWithPlan, "id" | "paymentMandateId">,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ mandateId: paymentCheckouts.mandateId })
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.userId, user.id),
        eq(paymentCheckouts.status, "completed"),
        isNotNull(paymentCheckouts.mandateId),
      ),
    );
  const ids = new Set(rows.map((r) => r.mandateId!).filter(Boolean));
  if (user.paymentMandateId) ids.add(user.paymentMandateId);
  return [...ids];
}

export const countSql = sql<number>`count(*)::int`;
