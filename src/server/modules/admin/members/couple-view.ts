/**
 * The couple as the back office sees it: partner, plan holder, the plan, this month's
 * allowance, both partners' needs and both partners' ratings. Every rule comes from couples/couple.ts.
 */

import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type {
  AdminCouple,
  AdminCoupleNeeds,
  AdminCouplePerson,
  AdminDateRating,
  AdminExclusion,
  AdminNeed,
} from "../../../../shared/admin/member-couple.ts";
import { EXCLUSION_MSG } from "../../../../shared/admin/member-couple.ts";
import { type AdminPartner, MEMBERS_MSG, memberName } from "../../../../shared/admin/members.ts";
import { londonIsoDay } from "../../../../shared/london-time.ts";
import {
  dateRatings,
  dateReservations,
  type User,
  type UserWithSubscription,
  userPreferences,
  users,
  userVenueExclusions,
  venues,
} from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { notFound } from "../../../http-error.ts";
import { coupleAllowance, coupleOf, readCouple, sharedAnswersOf } from "../../couples/couple.ts";
import { planAccountOf } from "../../plan-account/load.ts";
import { pauseOf } from "../../plan-account/pause-state.ts";

type UserPreferences = typeof userPreferences.$inferSelect;

/** What couples/couple.ts `coupleOf` reads of each row to tell the couple and its plan holder. */
type CoupleFields = Pick<UserWithSubscription, "id" | "partnerId" | "deletedAt" | "subscriptionStatus">;

/**
 * The mutual partner and the plan holder of a member row and its joined partner row (a list row, not a full
 * user): the couple module's own rule, applied to the columns it reads.
 */
export function coupleRefs<M extends CoupleFields, P extends CoupleFields>(
  member: M,
  partnerRow: P | null,
): { partner: P | null; holder: M | P | null } {
  const c = coupleOf(
    member as unknown as UserWithSubscription,
    partnerRow as unknown as UserWithSubscription | null,
  );
  return { partner: c.partner as unknown as P | null, holder: c.holder as unknown as M | P | null };
}

export function toAdminPartner(p: AdminPartner): AdminPartner {
  return {
    id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    subscriptionTier: p.subscriptionTier,
    subscriptionStatus: p.subscriptionStatus,
  };
}

/** A need list merged across the two people, in the order first seen, each with whose it is. */
function merge(rows: { userId: number; list: string[] }[]): AdminNeed[] {
  const out = new Map<string, number[]>();
  for (const { userId, list } of rows)
    for (const need of list) out.set(need, [...new Set([...(out.get(need) ?? []), userId])]);
  return [...out.entries()].map(([need, userIds]) => ({ need, userIds }));
}

const ranked = <K extends string>(list: ({ rank: number } & Record<K, string>)[] | null, key: K) =>
  [...(list ?? [])].sort((a, b) => a.rank - b.rank).map((x) => x[key]);

/**
 * The couple's needs. Place, budget, date types, days and times are the couple's shared answers, whose the
 * plan uses (couples/couple.ts sharedAnswersOf: the plan holder's, else the first to answer); a partial row
 * shows only when nobody answered enough to plan with. Dietary and access needs are each
 * partner's own, merged as the engine merges them; alcohol is each partner's own.
 */
export function coupleNeeds(
  people: User[],
  prefs: UserPreferences[],
  holderId: number | null,
): AdminCoupleNeeds {
  const of = (u: User) => prefs.find((p) => p.userId === u.id);
  const answered = people.map(of).filter((p): p is UserPreferences => Boolean(p));
  const shared = sharedAnswersOf(holderId, answered) ?? answered.find((p) => p.postcode) ?? null;
  return {
    sharedFromId: shared?.userId ?? null,
    postcode: shared?.postcode ?? null,
    travelRadius: shared?.travelRadius ?? null,
    dateSpend: shared?.dateSpend ?? null,
    dateTypes: ranked(shared?.dateTypePreferences ?? null, "type"),
    times: ranked(shared?.timePreferences ?? null, "time"),
    scheduling: shared?.schedulingPreferences ?? [],
    openToTrying: shared?.openToTrying ?? null,
    dietary: merge(answered.map((p) => ({ userId: p.userId, list: p.dietaryRestrictions }))),
    accessibility: merge(answered.map((p) => ({ userId: p.userId, list: p.accessibilityNeeds }))),
    alcohol: answered.map((p) => ({ userId: p.userId, alcoholOk: p.alcoholOk })),
  };
}

/** Every rating of the couple's dates (booked for either partner), with who wrote it. */
async function coupleRatings(deps: Deps, ids: number[]): Promise<AdminDateRating[]> {
  const rows = await deps.db
    .select({
      reservationId: dateRatings.reservationId,
      userId: dateRatings.userId,
      rating: dateRatings.rating,
      feedback: dateRatings.feedback,
      ratedAt: dateRatings.ratedAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      deletedAt: users.deletedAt,
    })
    .from(dateRatings)
    .innerJoin(dateReservations, eq(dateReservations.id, dateRatings.reservationId))
    .innerJoin(users, eq(users.id, dateRatings.userId))
    .where(inArray(dateReservations.userId, ids))
    .orderBy(asc(dateReservations.scheduledDate), asc(dateRatings.ratedAt), asc(dateRatings.id));
  return rows.map((r) => ({
    reservationId: r.reservationId,
    userId: r.userId,
    author: r.deletedAt ? "Deleted member" : memberName(r),
    rating: r.rating,
    feedback: r.feedback,
    ratedAt: r.ratedAt.toISOString(),
  }));
}

const person = (u: User, prefs: UserPreferences[]): AdminCouplePerson => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  answered: prefs.some((p) => p.userId === u.id),
});

/** The middle of a London month ("2031-12"), safely inside it whatever the offset. */
function inMonth(month: string): Date {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15, 12));
}

/** GET /api/admin/users/:userId/couple: 404 for an unknown or deleted member. */
export async function coupleView(deps: Deps, userId: number, month?: string): Promise<AdminCouple> {
  const couple = await readCouple(deps.db, userId);
  if (!couple) throw notFound(MEMBERS_MSG.notFound);
  const { member, partner, holder } = couple;
  const people = partner ? [member, partner] : [member];
  const [allowance, prefs, ratings, exclusions] = await Promise.all([
    coupleAllowance(deps.db, couple, month ? inMonth(month) : deps.now()),
    deps.db.select().from(userPreferences).where(inArray(userPreferences.userId, couple.ids)),
    coupleRatings(deps, couple.ids),
    coupleExclusions(deps, couple.ids),
  ]);
  const planOf = holder ?? member;
  const account = await planAccountOf(deps.db, planOf, deps.now());
  const next = account.nextCollection;
  return {
    memberId: member.id,
    partner: partner && toAdminPartner(partner),
    planHolderId: holder?.id ?? null,
    plan: {
      holderId: holder?.id ?? null,
      tier: planOf.subscriptionTier,
      status: planOf.subscriptionStatus,
      currentPeriodEnd: planOf.currentPeriodEnd?.toISOString() ?? null,
      ...pauseOf(planOf, deps.now()),
      nextPayment: next
        ? { date: londonIsoDay(next.date), amountPence: next.amountPence, retry: next.retry }
        : null,
      creditMonths: account.account.creditMonths,
      endsAt: account.account.endsAt?.toISOString() ?? null,
    },
    allowance: { ownerId: couple.allowanceOwner.id, ...allowance },
    people: people.map((p) => person(p, prefs)),
    needs: coupleNeeds(people, prefs, holder?.id ?? null),
    ratings,
    exclusions,
  };
}

/** The couple's venue exclusions that still apply, newest first. */
async function coupleExclusions(deps: Pick<Deps, "db">, ids: number[]): Promise<AdminExclusion[]> {
  const rows = await deps.db
    .select({
      userId: userVenueExclusions.userId,
      venueId: userVenueExclusions.venueId,
      venueName: venues.name,
      reason: userVenueExclusions.reason,
      excludedAt: userVenueExclusions.excludedAt,
    })
    .from(userVenueExclusions)
    .innerJoin(venues, eq(venues.id, userVenueExclusions.venueId))
    .where(and(inArray(userVenueExclusions.userId, ids), isNull(userVenueExclusions.removedAt)))
    .orderBy(desc(userVenueExclusions.excludedAt), asc(userVenueExclusions.id));
  return rows.map((r) => ({ ...r, excludedAt: r.excludedAt.toISOString() }));
}

/**
 * DELETE /api/admin/users/:userId/exclusions/:venueId: an operator removes a venue exclusion of the couple (either
 * partner's), with a reason kept on the row with who and when; the engine offers the venue again. 404 when the
 * couple has no such exclusion.
 */
export async function removeExclusion(
  deps: Deps,
  userId: number,
  venueId: number,
  reason: string,
  by: number,
): Promise<AdminCouple> {
  const couple = await readCouple(deps.db, userId);
  if (!couple) throw notFound(MEMBERS_MSG.notFound);
  const removed = await deps.db
    .update(userVenueExclusions)
    .set({ removedAt: deps.now(), removedBy: by, removedReason: reason })
    .where(
      and(
        inArray(userVenueExclusions.userId, couple.ids),
        eq(userVenueExclusions.venueId, venueId),
        isNull(userVenueExclusions.removedAt),
      ),
    )
    .returning({ id: userVenueExclusions.id });
  if (removed.length === 0) throw notFound(EXCLUSION_MSG.notFound);
  return coupleView(deps, userId);
}
