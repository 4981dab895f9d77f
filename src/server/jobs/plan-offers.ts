/**
 * "plan-offers": when the plan holder of a couple left, their partner was offered the membership for 14 days
 * (couples/leaving.ts). Once the offer has run out without a membership of their own, the partner's dates
 * after the cycle the holder paid for are cancelled (nothing is charged: there is no plan), the dates within
 * it stay, the offer is cleared and the partner is told which dates were cancelled. Taking the membership up
 * in time clears the offer at the checkout, so there is nothing for this sweep to do.
 *
 * Each partner once per offer: the cancellation, the cleared offer and the claim of the notice commit together
 * (key `plan-offer:{userId}:{paidUntil ms}:{cancelled ids}`), and the notice is sent after the commit.
 * It only cancels dates, so it never asks the rulebook: a cancellation cannot break a hard rule.
 */
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { hasLiveSubscription } from "../../shared/constants.ts";
import { dateWhen } from "../../shared/leaving.ts";
import { dateReservations, planChoices, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { bookedAfter, clearPlanOffer, datesAhead } from "../modules/couples/leaving.ts";
import { LEAVING_MAIL_TYPES, planOfferEndedEmail } from "../modules/email/leaving-mails.ts";
import type { OutgoingMail } from "../modules/email/mailer.ts";
import { mayEmail } from "../modules/notifications/policy.ts";
import { choicesOf, readChoices } from "../modules/plan-account/choices.ts";
import { readState } from "../modules/plan-account/state.ts";
import { claimMail, deliverClaimed, registerMailBuilder } from "./outbound.ts";
import type { JobDefinition } from "./types.ts";

export const PLAN_OFFER_KIND = "plan_offer_ended";
const KEY_MAX = 160;

/** The notice's key; ids that would not fit are left out of it (and of the list in the mail). */
export function planOfferKey(userId: number, paidUntil: Date, ids: number[]): string {
  let key = `plan-offer:${userId}:${paidUntil.getTime()}:`;
  for (const [i, id] of ids.entries()) {
    const next = `${i === 0 ? "" : ","}${id}`;
    if (key.length + next.length > KEY_MAX) break;
    key += next;
  }
  return key;
}

function parseKey(key: string): { paidUntil: Date; ids: number[] } | null {
  const [, , ms, list] = key.split(":");
  if (!ms) return null;
  const ids = (list ?? "").split(",").filter(Boolean).map(Number);
  return { paidUntil: new Date(Number(ms)), ids };
}

/** The notice as it is true now: the cancelled dates named, the dates within the paid month counted. */
async function buildOfferEnded(deps: Deps, userId: number, key: string): Promise<OutgoingMail | null> {
  const parsed = parseKey(key);
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!parsed || !u || !mayEmail(u, "service")) return null;
  const now = deps.now();
  const cancelled =
    parsed.ids.length === 0
      ? []
      : await deps.db
          .select({ at: dateReservations.scheduledDate })
          .from(dateReservations)
          .where(and(inArray(dateReservations.id, parsed.ids), eq(dateReservations.status, "cancelled")))
          .orderBy(asc(dateReservations.scheduledDate));
  const kept = (await datesAhead(deps.db, [u.id], now)).filter((d) => d.at <= parsed.paidUntil).length;
  return {
    to: u.email,
    toName: u.firstName,
    ...planOfferEndedEmail(
      u.firstName ?? "there",
      { paidUntil: parsed.paidUntil, cancelled: cancelled.map((d) => dateWhen(d.at, now)), kept },
      deps.config.appUrl,
    ),
    type: LEAVING_MAIL_TYPES.offerEnded,
    userId: u.id,
  };
}

registerMailBuilder(PLAN_OFFER_KIND, (row, deps) =>
  row.userId ? buildOfferEnded(deps, row.userId, row.key) : Promise.resolve(null),
);

export async function endPlanOffers(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(planChoices, choicesOf(users.id))
    .where(and(lte(planChoices.planOfferExpiresAt, now), isNull(users.deletedAt)))
    .orderBy(asc(planChoices.planOfferExpiresAt), asc(users.id));
  let ended = 0;
  for (const { id } of due) {
    const claim = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      const u = row && { ...row, ...(await readChoices(tx, id)), ...(await readState(tx, id)) };
      if (!u?.planOfferExpiresAt || u.planOfferExpiresAt > now || u.deletedAt) return null;
      await clearPlanOffer(tx, u.id);
      // A membership of their own, however it came about: every date stays.
      if (hasLiveSubscription(u.subscriptionStatus)) return null;
      const paidUntil = u.planOfferPaidUntil && u.planOfferPaidUntil > now ? u.planOfferPaidUntil : now;
      const cancelled = await tx
        .update(dateReservations)
        .set({ status: "cancelled" })
        .where(bookedAfter([u.id], paidUntil))
        .returning({ id: dateReservations.id, at: dateReservations.scheduledDate });
      cancelled.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
      const key = planOfferKey(
        u.id,
        paidUntil,
        cancelled.map((c) => c.id),
      );
      const claimId = await claimMail(tx, now, { key, kind: PLAN_OFFER_KIND, userId: u.id });
      return claimId === null ? null : { claimId, key, userId: u.id };
    });
    if (!claim) continue;
    ended++;
    await deliverClaimed(deps, claim.claimId, now, () => buildOfferEnded(deps, claim.userId, claim.key));
  }
  return ended;
}

export const planOffersJob: JobDefinition = {
  name: "plan-offers",
  // Every hour at 23 minutes: an offer ends within the hour it runs out.
  cron: "23 * * * *",
  run: endPlanOffers,
};
