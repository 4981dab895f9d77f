/**
 * "renewal-reminders": three days before an active plan renews (plan_accounts.current_period_end), the member is told
 * "Your {tier} plan renews on {date} for £X" with the amount after any offer still running then. Billing is
 * service mail (it goes whatever the e-mail switch says). A cancelled plan, a paused one and one whose booked
 * pause starts at that renewal get nothing. Once per member and renewal: key `renewal:{userId}:{yyyy-mm-dd}`
 * (the renewal's London day), claimed in outbound_messages before it is sent.
 */
import { and, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { planTier, TIERS } from "../../../shared/constants.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import { paymentLinks, planAccounts, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { BILLING_MAIL_TYPES, renewalReminderEmail } from "../../modules/email/billing-mails.ts";
import type { OutgoingMail } from "../../modules/email/mailer.ts";
import { mayEmail } from "../../modules/notifications/policy.ts";
import { linksOf } from "../../modules/payments/links.ts";
import { accountOf } from "../../modules/plan-account/account.ts";
import { factsOf, type PlanRow } from "../../modules/plan-account/facts.ts";
import { monthlyPrice } from "../../modules/plan-account/schedule.ts";
import { readWithPlan, stateOf, withPlan } from "../../modules/plan-account/state.ts";
import { registerMailBuilder, sendClaimed } from "../outbound.ts";
import type { JobDefinition } from "../types.ts";

export const RENEWAL_NOTICE_HOURS = 72;
export const RENEWAL_KIND = "renewal";

/** The renewal's London day, "2026-12-01". */
export const renewalDay = (d: Date) => londonIsoDay(d);

export const renewalKey = (userId: number, periodEnd: Date) => `renewal:${userId}:${renewalDay(periodEnd)}`;

/**
 * A plan that renews at its period end: active, with a tier, and the plan's account collecting on that day
 * (not a month off, a gift month or a gifted plan's end).
 */
function renews(u: PlanRow, now: Date): boolean {
  return (
    u.subscriptionStatus === "active" &&
    !!u.subscriptionTier &&
    Object.hasOwn(TIERS, u.subscriptionTier) &&
    !!u.currentPeriodEnd &&
    u.currentPeriodEnd > now &&
    accountOf(factsOf(u), now).nextCollection?.date.getTime() === u.currentPeriodEnd.getTime() &&
    mayEmail(u, "service")
  );
}

/** The reminder as it is true now, or null when the plan no longer renews on the key's day. */
async function buildRenewal(deps: Deps, userId: number, day: string): Promise<OutgoingMail | null> {
  const [u] = await readWithPlan(deps.db, [userId]);
  const now = deps.now();
  if (!u || !renews(u, now) || renewalDay(u.currentPeriodEnd!) !== day) return null;
  const tier = planTier(u.pendingTier ?? u.subscriptionTier);
  const renewsAt = u.currentPeriodEnd!;
  const amountPence = await monthlyPrice(deps.db, u.id, tier, renewsAt);
  const r = renewalReminderEmail(
    u.firstName ?? "there",
    { tierName: TIERS[tier].name, renewsAt, amountPence, fullPence: TIERS[tier].monthlyPricePence },
    deps.config.appUrl,
  );
  return {
    to: u.email,
    toName: [u.firstName, u.lastName].filter(Boolean).join(" ") || null,
    ...r,
    type: BILLING_MAIL_TYPES.renewal,
    userId: u.id,
  };
}

registerMailBuilder(RENEWAL_KIND, (row, deps) => {
  const day = row.key.split(":")[2];
  return row.userId && day ? buildRenewal(deps, row.userId, day) : Promise.resolve(null);
});

export async function sendRenewalReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const until = new Date(now.getTime() + RENEWAL_NOTICE_HOURS * 3_600_000);
  const due = await deps.db
    .select(withPlan)
    .from(users)
    .leftJoin(paymentLinks, linksOf(users.id))
    .leftJoin(planAccounts, stateOf(users.id))
    .where(
      and(
        inArray(planAccounts.subscriptionStatus, ["active"]),
        gt(planAccounts.currentPeriodEnd, now),
        lte(planAccounts.currentPeriodEnd, until),
        isNull(users.deletedAt),
        // Already claimed (sent, or waiting for a retry): nothing to do. Same key as renewalKey().
        sql`NOT EXISTS (SELECT 1 FROM outbound_messages o WHERE o.key = 'renewal:' || ${users.id} || ':' ||
          to_char(${planAccounts.currentPeriodEnd} AT TIME ZONE 'Europe/London', 'YYYY-MM-DD'))`,
      ),
    )
    .orderBy(planAccounts.currentPeriodEnd, users.id);
  let sent = 0;
  for (const u of due) {
    if (!renews(u, now)) continue;
    const day = renewalDay(u.currentPeriodEnd!);
    const outcome = await sendClaimed(deps, {
      key: renewalKey(u.id, u.currentPeriodEnd!),
      kind: RENEWAL_KIND,
      userId: u.id,
      build: () => buildRenewal(deps, u.id, day),
    });
    if (outcome === "sent") sent++;
  }
  return sent;
}

export const renewalRemindersJob: JobDefinition = {
  name: "renewal-reminders",
  cron: "17 * * * *",
  run: sendRenewalReminders,
};
