/**
 * One e-mail per change of a couple's plan, sent to the plan holder and to the covered partner alike
 * (features/subscriptions/server/plan-notice.ts picks the recipients). Every day and amount in them comes from the plan
 * account read after the change committed (`PlanMailAccount`), so the last e-mail a couple got never says
 * another day than /billing, Settings or the next collection: a template never works out a date of its own.
 * When the other partner (or our team) made the change, the e-mail says who.
 */
import { BRAND } from "../../../shared/brand.ts";
import { formatPence, TIERS, type TierId } from "../../../shared/constants.ts";
import { COOLING_OFF_RULE } from "../../../shared/cooling-off.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { type Rendered, render } from "./templates.ts";

/** A change of the plan, with the facts the account does not hold (who gave a gift, what was refunded). */
export type PlanChange =
  | { kind: "tier_changed"; tier: TierId }
  | { kind: "paused" }
  | { kind: "resumed"; withdrawn: boolean }
  | { kind: "cancelled"; refundedPence: number; coolingOff?: boolean }
  | { kind: "reactivated" }
  | { kind: "taken_over" }
  | { kind: "gift_applied"; months: number; giverName: string | null }
  | { kind: "refunded"; amountPence: number; paymentDate: Date; paymentAmountPence: number }
  | { kind: "payment_recovered"; amountPence: number; paidOn: Date };

export type PlanChangeKind = PlanChange["kind"];

/** email_logs.email_type of each change's e-mail. */
export const PLAN_MAIL_TYPES: Record<PlanChangeKind, string> = {
  tier_changed: "plan_tier_changed",
  paused: "plan_paused",
  resumed: "plan_resumed",
  cancelled: "plan_cancelled",
  reactivated: "plan_reactivated",
  taken_over: "plan_taken_over",
  gift_applied: "plan_gift_applied",
  refunded: "plan_refunded",
  payment_recovered: "plan_payment_recovered",
};

/** What the plan account says after the change (plan-account/load.ts planAccountOf), as the e-mails need it. */
export interface PlanMailAccount {
  tier: TierId | null;
  /** The next collection with its amount, or null (none: cancelled, gifted, nothing due). */
  next: { date: Date; amountPence: number; tier: TierId; retry: boolean } | null;
  /** When the plan ends by itself (a cancellation, a gift without Direct Debit); null while it rolls on. */
  endsAt: Date | null;
  /** The end of the paid, credited, gifted or paused cycles from now on, before the next collection. */
  coveredUntil: Date | null;
  /** The month off booked or running. */
  pause: { from: Date; until: Date } | null;
  /** The cycles from the running one, each with its tier (for the day a new tier starts). */
  cycles: ReadonlyArray<{ kind: string; from: Date; tier: TierId }>;
}

/** Who the e-mail is for, and who made the change. */
export interface PlanMailContext {
  firstName: string;
  /** The plan holder's first name when the recipient is the covered partner; null when the recipient pays. */
  holderName: string | null;
  /** Who made the change when it was not the recipient: the partner's first name, or "Our team"; else null. */
  byName: string | null;
  account: PlanMailAccount;
  appUrl: string;
}

const day = (d: Date) => londonDay(d);
const tierName = (t: TierId | null) => (t ? TIERS[t].name : "your");
const settingsLink = (appUrl: string) => ({
  label: "See your plan",
  url: `${appUrl}/settings?tab=subscription`,
});

/** "Your next payment is £20, on 19 December 2026.", or what stands in for it; from the account only. */
export function nextCollectionLine(ctx: PlanMailContext): string {
  const n = ctx.account.next;
  const whose = ctx.holderName ? `${ctx.holderName}'s` : "Your";
  if (n?.retry)
    return `${whose} missed payment of ${formatPence(n.amountPence)} is tried again on ${day(n.date)}.`;
  if (n) return `${whose} next payment is ${formatPence(n.amountPence)}, on ${day(n.date)}.`;
  if (ctx.account.endsAt)
    return `No further payments will be taken. The plan ends on ${day(ctx.account.endsAt)}.`;
  return "No further payments will be taken.";
}

/** "You", or the partner who did it ("Sam"), as the subject of a sentence. */
const who = (ctx: PlanMailContext) => ctx.byName ?? "You";

function message(
  ctx: PlanMailContext,
  subject: string,
  heading: string,
  lines: string[],
  footnote?: string,
): Rendered {
  return render(
    subject,
    heading,
    [`Hello ${ctx.firstName},`, ...lines],
    settingsLink(ctx.appUrl),
    footnote ?? `${BRAND.name} plans are shared by the couple: you and your partner both get this e-mail.`,
  );
}

export function tierChangedEmail(ctx: PlanMailContext, tier: TierId): Rendered {
  const name = TIERS[tier].name;
  const first = ctx.account.cycles.find((c) => c.kind === "due" && c.tier === tier);
  const stays = ctx.account.tier === tier && !ctx.account.cycles.some((c) => c.tier !== tier);
  const next = ctx.account.next;
  const starts =
    next && !next.retry && next.tier === tier
      ? `from the payment on ${day(next.date)}: ${formatPence(next.amountPence)} a month`
      : first
        ? `from ${day(first.from)}`
        : "from the next billing cycle";
  return message(
    ctx,
    stays ? `Your plan stays ${name}` : `Your plan moves to ${name}`,
    stays ? `Your plan stays ${name}` : `Your plan moves to ${name}`,
    [
      stays
        ? `${who(ctx)} kept the plan on ${name}: the change that was waiting is called off.`
        : `${who(ctx)} changed your plan to ${name}, ${starts}. Until then, nothing changes.`,
      nextCollectionLine(ctx),
    ],
  );
}

export function monthOffBookedEmail(ctx: PlanMailContext): Rendered {
  const p = ctx.account.pause;
  const subject = ctx.byName ? `${ctx.byName} booked your month off` : "Your month off is booked";
  return message(ctx, subject, `${who(ctx)} booked a month off`, [
    p
      ? `${who(ctx)} booked a month off on your plan: no dates and no payment from ${day(p.from)} until ${day(p.until)}.`
      : `${who(ctx)} booked a month off on your plan.`,
    nextCollectionLine(ctx),
    "Either of you can resume early from Settings.",
  ]);
}

export function monthOffEndedEmail(ctx: PlanMailContext, withdrawn: boolean): Rendered {
  return message(
    ctx,
    ctx.byName
      ? `${ctx.byName} ${withdrawn ? "called off your month off" : "resumed your plan"}`
      : withdrawn
        ? "Your month off is called off"
        : "Your plan is active again",
    withdrawn ? `${who(ctx)} called off the month off` : `${who(ctx)} resumed your plan`,
    [
      withdrawn
        ? `${who(ctx)} called off the month off before it began: your plan carries on as usual.`
        : `${who(ctx)} ended the month off early: dates can be planned again straight away.`,
      nextCollectionLine(ctx),
    ],
  );
}

export function planCancelledEmail(
  ctx: PlanMailContext,
  refundedPence: number,
  coolingOff = refundedPence > 0,
): Rendered {
  const end = ctx.account.endsAt;
  const ended = `The plan ended${end ? ` on ${day(end)}` : ""}, and dates still ahead are cancelled.`;
  if (coolingOff)
    return message(
      ctx,
      `Your ${BRAND.name} plan is cancelled${refundedPence > 0 ? " and refunded" : ""}`,
      "Your plan is cancelled",
      [
        `${who(ctx)} cancelled the plan within the cooling-off period. ${COOLING_OFF_RULE}`,
        refundedPence > 0
          ? `${formatPence(refundedPence)} is being refunded to the bank account it was paid from. ${ended}`
          : `The first payment had not been taken yet, so it is cancelled too: nothing was collected. ${ended}`,
        "No further payments will be taken. To start again, choose a plan whenever you like.",
      ],
    );
  return message(ctx, `Your ${BRAND.name} plan is cancelled`, "Your plan is cancelled", [
    `${who(ctx)} cancelled the plan. It stays active until it ends, and dates planned before then go ahead.`,
    nextCollectionLine(ctx),
    `Changed your mind? You can reactivate it from Settings${end ? ` until ${day(end)}` : ""}.`,
  ]);
}

export function planReactivatedEmail(ctx: PlanMailContext): Rendered {
  return message(ctx, `Your ${BRAND.name} plan is back on`, `${who(ctx)} reactivated your plan`, [
    `${who(ctx)} undid the cancellation: your ${tierName(ctx.account.tier)} plan carries on as before.`,
    nextCollectionLine(ctx),
  ]);
}

export function planTakenOverEmail(ctx: PlanMailContext): Rendered {
  const n = ctx.account.next;
  const covered = ctx.account.coveredUntil;
  const first = n
    ? `The first payment on the new Direct Debit is ${formatPence(n.amountPence)}, on ${day(n.date)}${covered ? `: what was already paid runs until ${day(covered)}, and nothing is collected twice` : ""}.`
    : nextCollectionLine(ctx);
  return message(
    ctx,
    ctx.holderName ? `${ctx.holderName} took over your plan` : "You took over the plan",
    ctx.holderName ? `${ctx.holderName} took over your plan` : "The plan is yours now",
    [
      ctx.holderName
        ? `${ctx.holderName} now pays for the ${tierName(ctx.account.tier)} plan you share, from their own bank account.`
        : `You now pay for the ${tierName(ctx.account.tier)} plan you share, from your own bank account.`,
      first,
    ],
  );
}

export function giftCreditEmail(ctx: PlanMailContext, months: number, giverName: string | null): Rendered {
  const span = `${months} month${months === 1 ? "" : "s"}`;
  const from = giverName ? ` from ${giverName}` : "";
  const covered = ctx.account.coveredUntil;
  return message(ctx, `A gift of ${span} is on your plan`, `A gift of ${span}${from}`, [
    `A gift of ${span}${from} was added to your plan${ctx.byName ? ` by ${ctx.byName}` : ""}: ${months === 1 ? "a month" : "those months"} of dates with no payment taken${covered ? `, covered until ${day(covered)}` : ""}.`,
    nextCollectionLine(ctx),
  ]);
}

export function planRefundEmail(
  ctx: PlanMailContext,
  refund: { amountPence: number; paymentDate: Date; paymentAmountPence: number },
): Rendered {
  return message(
    ctx,
    `A refund of ${formatPence(refund.amountPence)} is on its way`,
    "A refund is on its way",
    [
      `${ctx.byName === "Our team" ? "Our team refunded" : "We refunded"} ${formatPence(refund.amountPence)} of the ${formatPence(refund.paymentAmountPence)} payment of ${day(refund.paymentDate)}, to the bank account it was paid from. Banks usually show it within a few working days.`,
      nextCollectionLine(ctx),
    ],
  );
}

/** A payment that had failed was collected after all (a retry, or new bank details). */
export function paymentRecoveredEmail(
  ctx: PlanMailContext,
  payment: { amountPence: number; paidOn: Date },
): Rendered {
  return message(ctx, "Your payment has gone through", "Your payment has gone through", [
    `The ${formatPence(payment.amountPence)} payment that had failed was collected on ${day(payment.paidOn)}. Your plan is up to date and your dates go ahead as planned.`,
    nextCollectionLine(ctx),
  ]);
}

/** The e-mail for a change, to one recipient. */
export function planChangeEmail(change: PlanChange, ctx: PlanMailContext): Rendered {
  switch (change.kind) {
    case "tier_changed":
      return tierChangedEmail(ctx, change.tier);
    case "paused":
      return monthOffBookedEmail(ctx);
    case "resumed":
      return monthOffEndedEmail(ctx, change.withdrawn);
    case "cancelled":
      return planCancelledEmail(ctx, change.refundedPence, change.coolingOff);
    case "reactivated":
      return planReactivatedEmail(ctx);
    case "taken_over":
      return planTakenOverEmail(ctx);
    case "gift_applied":
      return giftCreditEmail(ctx, change.months, change.giverName);
    case "refunded":
      return planRefundEmail(ctx, change);
    case "payment_recovered":
      return paymentRecoveredEmail(ctx, change);
  }
}
