/**
 * A date stays true after it is booked: when something a date depends on changes (so far: its venue's
 * location, hours, closures, capacity, needs lists, price or archiving), each of the venue's dates still ahead
 * is asked of the one rulebook again, and the rules it now breaks are stored with it
 * (date_reservations.rule_problems, shown in the back office as `ruleProblems`). Rules an operator already
 * overrode for the date, and "less than 72 hours ahead" (every date gets there), are not repeated.
 */
import { and, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { dateReservations, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { checkBooking } from "./check.ts";

/** Re-checks the dates still ahead at these venues; answers how many now break a rule. */
export async function recheckVenueDates(deps: Deps, venueIds: readonly number[]): Promise<number> {
  if (venueIds.length === 0) return 0;
  return recheckDates(deps, inArray(dateReservations.venueId, [...venueIds]));
}

/** Re-checks the dates still ahead built on these date ideas. */
export async function recheckIdeaDates(deps: Deps, ideaIds: readonly number[]): Promise<number> {
  if (ideaIds.length === 0) return 0;
  return recheckDates(deps, inArray(dateReservations.dateIdeaId, [...ideaIds]));
}

/**
 * Re-checks the dates still ahead of these members' couples (each member's own dates and their partner's):
 * after a change to either partner's needs, alcohol choice, postcode, radius, plan, or the couple itself.
 */
export async function recheckCoupleDates(deps: Deps, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const ids = [...userIds];
  const partners = await deps.db
    .select({ partnerId: users.partnerId })
    .from(users)
    .where(inArray(users.id, ids));
  const all = [...new Set([...ids, ...partners.flatMap((p) => (p.partnerId ? [p.partnerId] : []))])];
  return recheckDates(deps, inArray(dateReservations.userId, all));
}

/** One date, now (after an operator's change to it, say). */
export async function recheckDate(deps: Deps, reservationId: number): Promise<number> {
  return recheckDates(deps, eq(dateReservations.id, reservationId));
}

async function recheckDates(deps: Deps, which: SQL | undefined): Promise<number> {
  const now = deps.now();
  const dates = await deps.db
    .select({
      id: dateReservations.id,
      userId: dateReservations.userId,
      venueId: dateReservations.venueId,
      dateIdeaId: dateReservations.dateIdeaId,
      scheduledDate: dateReservations.scheduledDate,
      overrideRules: dateReservations.overrideRules,
    })
    .from(dateReservations)
    .where(
      and(
        which,
        notInArray(dateReservations.status, ["cancelled", "completed"]),
        sql`${dateReservations.scheduledDate} > ${now}`,
      ),
    );
  let flagged = 0;
  for (const d of dates) {
    if (d.venueId === null) continue;
    const answer = await checkBooking(deps, {
      userId: d.userId,
      venueId: d.venueId,
      scheduledDate: d.scheduledDate,
      dateIdeaId: d.dateIdeaId,
      exceptReservationId: d.id,
    }).catch(() => null);
    if (!answer) continue;
    const accepted = new Set([...(d.overrideRules ?? []), RULE_MSG.lead]);
    const problems = answer.eligible
      ? answer.broken.filter((r) => !accepted.has(r))
      : [answer.reason ?? RULE_MSG.deleted];
    if (problems.length > 0) flagged++;
    await deps.db
      .update(dateReservations)
      .set({ ruleProblems: problems.length > 0 ? problems : null, rulesCheckedAt: now })
      .where(sql`${dateReservations.id} = ${d.id}`);
  }
  return flagged;
}
