/**
 * Leaving deliberately: what happens to the couple's plan and every booked date when one
 * partner deletes their account or unlinks. One function decides (planLeaving), so the preview the member
 * reads before confirming and the deletion itself cannot disagree.
 *
 * - No partner: the member's dates ahead are cancelled, as before.
 * - The covered partner leaves (or either unlinks while one holds the plan): the plan holder keeps the plan
 *   and every date; dates ahead in the other's name move to the holder.
 * - The plan holder leaves: the partner is offered the membership for PLAN_OFFER_DAYS (plan_choices.plan_offer_*),
 *   the holder's dates ahead move to the partner and stay booked. Subscribing in time keeps them all (the
 *   checkout clears the offer, keepOfferedDates); otherwise jobs/plan-offers.ts cancels those after the cycle
 *   the holder paid for.
 * - A partner but neither has a plan: the member's own dates are cancelled, the partner's stay.
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  hasLiveSubscription,
  tierName as nameOfTier,
  TIERS,
  type TierId,
} from "../../../shared/constants.ts";
import {
  type DateOutcome,
  type DeletionPreview,
  dateDay,
  dateWhen,
  listDays,
  type PlanOffer,
} from "../../../shared/leaving.ts";
import { londonDay } from "../../../shared/london-time.ts";
import type { MemberDateStatus } from "../../../shared/schemas/dates.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  dateReservations,
  planChoices,
  type SessionUser,
  type User,
  type UserWithSubscription,
  users,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import {
  LEAVING_MAIL_TYPES,
  partnerLeftEmail,
  partnerUnlinkedEmail,
  planHolderLeftEmail,
} from "../email/leaving-mails.ts";
import { readChoices, saveChoices } from "../plan-account/choices.ts";
import { addCreditMonths, readState } from "../plan-account/state.ts";
import { recheckCoupleAfter } from "../rulebook/recheck.ts";
import { type Couple, readCouple } from "./couple.ts";

/** A date still to happen: booked and not yet cancelled or completed. */
export const BOOKED_STATUSES: MemberDateStatus[] = [
  "scheduled",
  "revealed",
  "confirmed",
  "reschedule_requested",
];
/** How long the partner of a plan holder who left has to set up their own Direct Debit. */
export const PLAN_OFFER_DAYS = 14;

export type LeavingKind = "alone" | "covered" | "holder" | "no_plan";

export interface LeavingDate {
  id: number;
  userId: number;
  at: Date;
  outcome: DateOutcome;
  /** The partner the date moves to (its user_id), or null when it stays put or is cancelled. */
  moveTo: number | null;
}

export interface Leaving {
  kind: LeavingKind;
  member: UserWithSubscription;
  partner: UserWithSubscription | null;
  /** Set on the partner when the plan holder leaves. */
  offer: { expiresAt: Date; tier: TierId; paidUntil: Date } | null;
  dates: LeavingDate[];
  now: Date;
}

const tierName = (tier: string | null) => nameOfTier(tier, "membership");
const nameOf = (u: User | null) => u?.firstName?.trim() || "your partner";
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Dates still booked for these members after `after`. */
export const bookedAfter = (userIds: number[], after: Date) =>
  and(
    inArray(dateReservations.userId, userIds),
    inArray(dateReservations.status, BOOKED_STATUSES),
    gt(dateReservations.scheduledDate, after),
  );

/** The dates ahead booked for these members, soonest first. */
export async function datesAhead(db: Db | Tx, userIds: number[], now: Date) {
  return db
    .select({ id: dateReservations.id, userId: dateReservations.userId, at: dateReservations.scheduledDate })
    .from(dateReservations)
    .where(bookedAfter(userIds, now))
    .orderBy(asc(dateReservations.scheduledDate), asc(dateReservations.id));
}

/** What deleting `couple.member`'s account does, at `now`. */
export async function planLeaving(db: Db | Tx, couple: Couple, now: Date): Promise<Leaving> {
  const { member, partner, holder } = couple;
  const rows = await datesAhead(db, couple.ids, now);
  const mine = (r: { userId: number }) => r.userId === member.id;
  if (!partner) {
    const dates = rows.map((r) => ({ ...r, outcome: "cancelled" as const, moveTo: null }));
    return { kind: "alone", member, partner, offer: null, dates, now };
  }
  if (holder?.id === partner.id) {
    const dates = rows.map((r) => ({ ...r, outcome: "stays" as const, moveTo: mine(r) ? partner.id : null }));
    return { kind: "covered", member, partner, offer: null, dates, now };
  }
  if (holder?.id === member.id) {
    const paidUntil =
      member.currentPeriodEnd && member.currentPeriodEnd > now ? member.currentPeriodEnd : now;
    const tier =
      member.subscriptionTier && Object.hasOwn(TIERS, member.subscriptionTier)
        ? member.subscriptionTier
        : "silver";
    const offer = { expiresAt: new Date(now.getTime() + PLAN_OFFER_DAYS * 86_400_000), tier, paidUntil };
    const dates = rows.map((r) => ({
      ...r,
      outcome: r.at <= paidUntil ? ("stays" as const) : ("offered" as const),
      moveTo: mine(r) ? partner.id : null,
    }));
    return { kind: "holder", member, partner, offer, dates, now };
  }
  const dates = rows.map((r) => ({
    ...r,
    outcome: mine(r) ? ("cancelled" as const) : ("stays" as const),
    moveTo: null,
  }));
  return { kind: "no_plan", member, partner, offer: null, dates, now };
}

/** The days ("Fri 27 Nov") of the dates that go ahead whatever happens, and of those that depend on the offer. */
export function offeredDays(l: Leaving): { kept: string[]; atRisk: string[] } {
  const day = (d: LeavingDate) => dateDay(d.at, l.now);
  return {
    kept: l.dates.filter((d) => d.outcome !== "offered").map(day),
    atRisk: l.dates.filter((d) => d.outcome === "offered").map(day),
  };
}

/**
 * The plan holder leaves: every date of the couple goes to the partner; those within the paid cycle go ahead
 * either way, those after it depend on the partner's own Direct Debit. Null when the couple has no date ahead.
 * "Your 2 booked dates move to Alex. Fri 27 Nov goes ahead either way; Fri 18 Dec depends on Alex setting up
 * their own Direct Debit by 24 November 2026."
 */
export function holderDatesText(l: Leaving, tense: "now" | "done"): string | null {
  const n = l.dates.length;
  if (n === 0) return null;
  const p = nameOf(l.partner);
  const by = l.offer ? londonDay(l.offer.expiresAt) : "";
  const debit = `${p} setting up their own Direct Debit by ${by}`;
  const { kept, atRisk } = offeredDays(l);
  // "move to" when every date was in the leaver's name; "stay with" when some already were in the partner's.
  const verb = l.dates.every((d) => d.moveTo !== null)
    ? n === 1
      ? { now: "moves to", done: "has moved to" }
      : { now: "move to", done: "have moved to" }
    : n === 1
      ? { now: "stays with", done: "now stays with" }
      : { now: "stay with", done: "now stay with" };
  const moved = `${n === 1 ? "Your booked date" : `Your ${n} booked dates`} ${verb[tense]} ${p}.`;
  if (atRisk.length === 0)
    return `${moved} ${n === 1 ? "It goes" : "They all go"} ahead either way, so nothing depends on ${debit} except the membership itself.`;
  const goes =
    kept.length > 0 ? `${listDays(kept)} ${kept.length === 1 ? "goes" : "go"} ahead either way; ` : "";
  return `${moved} ${goes}${listDays(atRisk)} ${atRisk.length === 1 ? "depends" : "depend"} on ${debit}.`;
}

/** The preview the delete dialog shows, in words. */
export function describeLeaving(l: Leaving, needsCode: boolean): DeletionPreview {
  const p = nameOf(l.partner);
  const by = l.offer ? londonDay(l.offer.expiresAt) : "";
  const holderDates = l.kind === "holder" ? holderDatesText(l, "now") : null;
  const plan = hasLiveSubscription(l.member.subscriptionStatus)
    ? `Your ${tierName(l.member.subscriptionTier)} membership and its Direct Debit end now. No further payment is taken.`
    : null;
  const partnerText: Record<LeavingKind, string> = {
    alone: "",
    covered: `${cap(p)} keeps the ${tierName(l.partner?.subscriptionTier ?? null)} membership and every booked date, including those booked in your name. Your accounts are unlinked and we'll e-mail ${p} to say so.`,
    holder: holderDates
      ? `${cap(p)} is offered your ${tierName(l.offer?.tier ?? null)} membership. ${holderDates} We'll e-mail ${p} to explain.`
      : `${cap(p)} is offered your ${tierName(l.offer?.tier ?? null)} membership and can keep it by setting up their own Direct Debit by ${by}. We'll e-mail ${p} to explain.`,
    no_plan: `${cap(p)} keeps their account and the dates booked in their name. Your accounts are unlinked and we'll e-mail ${p} to say so.`,
  };
  const text = (d: LeavingDate) =>
    d.outcome === "cancelled"
      ? "will be cancelled"
      : d.outcome === "offered"
        ? `${d.moveTo !== null ? "moves to" : "stays with"} ${p}; depends on ${p} setting up their own Direct Debit by ${by}, otherwise it will be cancelled`
        : l.kind === "holder"
          ? `${d.moveTo !== null ? "moves to" : "stays with"} ${p} and goes ahead either way (within the month you have paid for)`
          : `stays with ${p}`;
  return {
    needsCode,
    plan,
    partner: l.partner ? { firstName: l.partner.firstName, outcome: partnerText[l.kind] } : null,
    dates: l.dates.map((d) => ({
      id: d.id,
      at: d.at.toISOString(),
      when: dateWhen(d.at, l.now),
      outcome: d.outcome,
      text: text(d),
    })),
  };
}

/** GET /api/auth/user/deletion-preview */
export async function deletionPreview(deps: Deps, user: SessionUser): Promise<DeletionPreview> {
  const now = deps.now();
  const couple = await readCouple(deps.db, user.id);
  // Asked whenever two-step sign-in is on, as checkLeavingProof asks for it, with a couple or without.
  if (!couple) return { needsCode: user.twoFactorOn, plan: null, partner: null, dates: [] };
  return describeLeaving(await planLeaving(deps.db, couple, now), user.twoFactorOn);
}

/** Moves the dates planned to move (only those still in the member's name) and sets the partner's offer. */
export async function applyLeaving(tx: Tx, l: Leaving): Promise<void> {
  const moving = l.dates.filter((d) => d.moveTo !== null);
  if (moving.length > 0 && l.partner) {
    await tx
      .update(dateReservations)
      .set({ userId: l.partner.id })
      .where(
        and(
          inArray(
            dateReservations.id,
            moving.map((d) => d.id),
          ),
          eq(dateReservations.userId, l.member.id),
        ),
      );
  }
  if (l.kind === "holder" && l.partner) await keepSharedAnswers(tx, l.member.id, l.partner.id);
  if (l.offer && l.partner) {
    await saveChoices(tx, l.partner.id, {
      planOfferExpiresAt: l.offer.expiresAt,
      planOfferTier: l.offer.tier,
      planOfferPaidUntil: l.offer.paidUntil,
    });
    // Gift months on the leaving holder's plan stay with the couple: a take-over carries them on.
    await addCreditMonths(tx, l.partner.id, (await readState(tx, l.member.id)).creditMonths);
  }
}

/**
 * The plan holder is leaving and the partner keeps the dates (and may take the plan over): the couple's
 * shared answers (where, budget, kinds of date, days and times) stay with the partner, in their own row,
 * where they had none of their own; the partner's own needs are never replaced.
 */
async function keepSharedAnswers(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences,
      day_preferences, time_preferences, scheduling_preferences, open_to_trying)
    SELECT ${toId}, f.postcode, f.travel_radius, f.date_spend, f.date_type_preferences, f.day_preferences,
      f.time_preferences, f.scheduling_preferences, f.open_to_trying
    FROM user_preferences f WHERE f.user_id = ${fromId}
    ON CONFLICT (user_id) DO UPDATE SET
      postcode = coalesce(user_preferences.postcode, EXCLUDED.postcode),
      travel_radius = CASE WHEN user_preferences.postcode IS NULL THEN EXCLUDED.travel_radius
        ELSE user_preferences.travel_radius END,
      date_spend = coalesce(user_preferences.date_spend, EXCLUDED.date_spend),
      date_type_preferences = coalesce(user_preferences.date_type_preferences, EXCLUDED.date_type_preferences),
      day_preferences = coalesce(user_preferences.day_preferences, EXCLUDED.day_preferences),
      time_preferences = coalesce(user_preferences.time_preferences, EXCLUDED.time_preferences),
      scheduling_preferences = coalesce(user_preferences.scheduling_preferences, EXCLUDED.scheduling_preferences),
      updated_at = now()`);
}

/**
 * After an unlink: a member whose own answers cannot plan a date (a partner who only answered their own
 * needs) is asked for the whole questionnaire again, instead of counting as onboarded with nothing to plan.
 */
async function reopenOnboardingIfIncomplete(tx: Tx, ids: number[]): Promise<void> {
  await tx.execute(sql`
    UPDATE users u SET onboarding_completed = false
    WHERE u.id = ANY(${sql.param(ids)}::int[]) AND u.onboarding_completed AND NOT EXISTS (
      SELECT 1 FROM user_preferences p WHERE p.user_id = u.id AND p.postcode IS NOT NULL
        AND json_typeof(p.scheduling_preferences) = 'array' AND json_array_length(p.scheduling_preferences) > 0
        AND json_typeof(p.time_preferences) = 'array' AND json_array_length(p.time_preferences) > 0)`);
}

/** After the deletion committed: the partner is told what really happened to the plan and each date. */
export function tellPartnerOfLeaving(deps: Deps, l: Leaving): void {
  const partner = l.partner;
  if (!partner || l.kind === "alone") return;
  const leaver = l.member.firstName?.trim() || "Your partner";
  const when = (d: LeavingDate) => dateWhen(d.at, l.now);
  const appUrl = deps.config.appUrl;
  const mail =
    l.kind === "holder" && l.offer
      ? {
          ...planHolderLeftEmail(
            partner.firstName ?? "there",
            leaver,
            {
              tier: l.offer.tier,
              tierName: tierName(l.offer.tier),
              expiresAt: l.offer.expiresAt,
              paidUntil: l.offer.paidUntil,
              dates: l.dates.length,
              ...offeredDays(l),
              cancelledIfNot: l.dates.filter((d) => d.outcome === "offered").map(when),
            },
            appUrl,
          ),
          type: LEAVING_MAIL_TYPES.holderLeft,
        }
      : {
          ...partnerLeftEmail(
            partner.firstName ?? "there",
            leaver,
            l.kind === "covered"
              ? {
                  kind: "kept_plan",
                  tierName: tierName(partner.subscriptionTier),
                  moved: l.dates.filter((d) => d.moveTo !== null).map(when),
                  kept: l.dates.length,
                }
              : {
                  kind: "no_plan",
                  cancelled: l.dates.filter((d) => d.outcome === "cancelled").map(when),
                  kept: l.dates.filter((d) => d.outcome !== "cancelled").length,
                },
            appUrl,
          ),
          type: LEAVING_MAIL_TYPES.partnerLeft,
        };
  void deps.mailer.send({ to: partner.email, toName: partner.firstName, ...mail, userId: partner.id });
}

/**
 * The leaver's own goodbye e-mail, after "Your account and preferences have been removed.": what happened to
 * their plan (or that they had none), and to the couple's dates, in the words of the delete dialog.
 */
export function leaverGoodbyeLines(l: Leaving): string[] {
  const p = nameOf(l.partner);
  const n = l.dates.length;
  const lines: string[] = [];
  if (hasLiveSubscription(l.member.subscriptionStatus))
    lines.push(
      `Your ${tierName(l.member.subscriptionTier)} membership has ended and its Direct Debit has been cancelled with the payment provider, so no further payment will be taken.`,
    );
  else if (l.kind === "covered")
    lines.push(
      `You had no membership of your own, so there was nothing to cancel. ${cap(p)} keeps the ${tierName(l.partner?.subscriptionTier ?? null)} membership and ${n === 0 ? "every date you book together" : n === 1 ? "your booked date" : `your ${n} booked dates`}.`,
    );
  else lines.push("You had no membership running, so there was nothing to cancel.");
  if (l.kind === "holder") {
    const dates = holderDatesText(l, "done");
    const by = l.offer ? londonDay(l.offer.expiresAt) : "";
    lines.push(
      dates
        ? `${cap(p)} has been offered your ${tierName(l.offer?.tier ?? null)} membership.`
        : `${cap(p)} has been offered your ${tierName(l.offer?.tier ?? null)} membership and can keep it by setting up their own Direct Debit by ${by}.`,
    );
    if (dates) lines.push(dates);
  } else if (l.kind === "alone" || l.kind === "no_plan") {
    const mine = l.dates.filter((d) => d.outcome === "cancelled").length;
    if (mine > 0)
      lines.push(
        mine === 1
          ? "Your booked date has been cancelled."
          : `Your ${mine} booked dates have been cancelled.`,
      );
    const theirs = l.dates.length - mine;
    if (theirs > 0)
      lines.push(
        `${theirs === 1 ? `The date booked in ${p}'s name stays` : `The ${theirs} dates booked in ${p}'s name stay`} with them.`,
      );
  }
  if (l.member.subscriptionStatus !== null)
    lines.push("We keep only the anonymised payment records the law requires.");
  return lines;
}

/**
 * DELETE /api/partner: unlinks the couple. Whoever unlinks, the plan holder keeps the plan and every date
 * ahead (those in the other's name move to the holder); without a plan nothing moves. The other is told.
 */
export async function unlinkCouple(deps: Deps, user: User): Promise<void> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const couple = await readCouple(tx, user.id, { lock: true });
    const partnerId = couple?.member.partnerId ?? user.partnerId;
    let moved: Array<{ id: number; at: Date }> = [];
    if (couple?.partner && couple.holder) {
      const from = couple.holder.id === couple.member.id ? couple.partner : couple.member;
      moved = await tx
        .update(dateReservations)
        .set({ userId: couple.holder.id })
        .where(bookedAfter([from.id], now))
        .returning({ id: dateReservations.id, at: dateReservations.scheduledDate });
      moved.sort((a, b) => a.at.getTime() - b.at.getTime());
    }
    if (partnerId) {
      await tx
        .update(users)
        .set({ partnerId: null })
        .where(and(eq(users.id, partnerId), eq(users.partnerId, user.id)));
    }
    await tx.update(users).set({ partnerId: null }).where(eq(users.id, user.id));
    await reopenOnboardingIfIncomplete(tx, partnerId ? [user.id, partnerId] : [user.id]);
    return couple?.partner ? { couple, moved } : null;
  });
  // Each is a couple of one now: both one's dates ahead are asked again (the other's needs no longer count).
  await recheckCoupleAfter(deps, [user.id, user.partnerId, done?.couple.partner?.id]);
  if (!done) return;
  const { couple, moved } = done;
  const other = couple.partner!;
  const holder = couple.holder;
  const whens = moved.map((d) => dateWhen(d.at, now));
  const what = !holder
    ? ({ kind: "no_plan" } as const)
    : holder.id === other.id
      ? ({ kind: "you_hold", tierName: tierName(holder.subscriptionTier), moved: whens } as const)
      : ({ kind: "they_hold", tierName: tierName(holder.subscriptionTier), moved: whens } as const);
  void deps.mailer.send({
    to: other.email,
    toName: other.firstName,
    ...partnerUnlinkedEmail(
      other.firstName ?? "there",
      couple.member.firstName?.trim() || "Your partner",
      what,
      deps.config.appUrl,
    ),
    type: LEAVING_MAIL_TYPES.unlinked,
    userId: other.id,
  });
}

/** Forgets the membership offered to this member (taken up, or ended by jobs/plan-offers.ts). */
export async function clearPlanOffer(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(planChoices)
    .set({ planOfferExpiresAt: null, planOfferTier: null, planOfferPaidUntil: null })
    .where(eq(planChoices.userId, userId));
}

/** The partner took the membership over (their own subscription is active): every date stays theirs. */
export const keepOfferedDates = clearPlanOffer;

/** GET /api/account/plan-offer: the membership offered to this member, while it stands. */
export async function planOfferFor(deps: Deps, user: UserWithSubscription): Promise<PlanOffer | null> {
  const now = deps.now();
  if (hasLiveSubscription(user.subscriptionStatus)) return null;
  const offer = await readChoices(deps.db, user.id);
  if (!offer.planOfferExpiresAt || !offer.planOfferPaidUntil) return null;
  const rows = await datesAhead(deps.db, [user.id], now);
  const paidUntil = offer.planOfferPaidUntil;
  const day = (r: { at: Date }) => dateDay(r.at, now);
  return {
    tier: offer.planOfferTier ?? "silver",
    tierName: tierName(offer.planOfferTier),
    expiresAt: offer.planOfferExpiresAt.toISOString(),
    paidUntil: paidUntil.toISOString(),
    dates: rows.length,
    atRisk: rows.filter((r) => r.at > paidUntil).length,
    keptDays: rows.filter((r) => r.at <= paidUntil).map(day),
    atRiskDays: rows.filter((r) => r.at > paidUntil).map(day),
  };
}
