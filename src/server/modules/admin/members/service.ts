import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { type AdminUser, type AdminUsersQuery, MEMBERS_MSG } from "../../../../shared/admin/members.ts";
import { londonInstant } from "../../../../shared/london-time.ts";
import { containsPattern } from "../../../db/like.ts";
import { dateReservations, planAccounts, type User, userPreferences, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../../http-error.ts";
import { readCouple } from "../../couples/couple.ts";
import { stateOf } from "../../plan-account/state.ts";
import { auditAdminRights } from "../accounts.ts";
import { assignmentQuery, toAdminAssignment } from "../assignments/query.ts";
import { coupleRefs, toAdminPartner } from "./couple-view.ts";

/** The partner row, joined to tell whether the link is mutual and who of the two holds the plan. */
export const partner = alias(users, "partner");
/** The partner's plan account (the member's own is `planAccounts`). */
const partnerPlan = alias(planAccounts, "partner_plan");

export const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  partnerId: users.partnerId,
  hasPartner: sql<boolean>`coalesce(${partner.partnerId} = ${users.id}, false)`,
  subscriptionTier: planAccounts.subscriptionTier,
  subscriptionStatus: planAccounts.subscriptionStatus,
  onboardingCompleted: users.onboardingCompleted,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  partnerRow: {
    id: partner.id,
    email: partner.email,
    firstName: partner.firstName,
    lastName: partner.lastName,
    partnerId: partner.partnerId,
    deletedAt: partner.deletedAt,
  },
  // Beside partnerRow, not in it: a nested object mixing two left-joined tables types every field nullable.
  partnerTier: partnerPlan.subscriptionTier,
  partnerStatus: partnerPlan.subscriptionStatus,
};

/**
 * Members with their partner row and both plan accounts joined (the list's filters read them); callers add
 * where, order and limit.
 */
export function adminUserQuery(db: Pick<Deps["db"], "select">) {
  return db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(partner, eq(partner.id, users.partnerId))
    .leftJoin(planAccounts, stateOf(users.id))
    .leftJoin(partnerPlan, eq(partnerPlan.userId, partner.id));
}

type Row = Awaited<ReturnType<typeof adminUserQuery>>[number];

export function toAdminUser({ partnerRow, partnerTier, partnerStatus, deletedAt, ...r }: Row): AdminUser {
  const couple = coupleRefs(
    { ...r, deletedAt },
    partnerRow && { ...partnerRow, subscriptionTier: partnerTier, subscriptionStatus: partnerStatus },
  );
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    partner: couple.partner && toAdminPartner(couple.partner),
    planHolderId: couple.holder?.id ?? null,
  };
}

/**
 * What a search looks in: "first last email" in lower case. The same expression is indexed with
 * trigrams (users_search_trgm_idx), so a substring search stays fast at 100,000 members.
 */
export const userSearchText = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email})`;

/** The statuses of a live plan (shared/constants.ts hasLiveSubscription). */
const LIVE = ["active", "past_due", "paused"] as const;

/** The mutual partner (joined as `partner`), not a deleted account: the member's couple. */
const mutualPartner = sql`(${partner.partnerId} = ${users.id} and ${partner.deletedAt} is null)`;

/** The Members tab's server-side filters (GET /api/admin/users?status=&tier=&holder=&need=&postcodeArea=&noDateIn=). */
function filterWhere(q: AdminUsersQuery): SQL[] {
  const out: SQL[] = [];
  if (q.status === "trial") out.push(isNull(planAccounts.subscriptionStatus));
  else if (q.status) out.push(eq(planAccounts.subscriptionStatus, q.status));
  if (q.tier) out.push(eq(planAccounts.subscriptionTier, q.tier));
  const live = sql`coalesce(${planAccounts.subscriptionStatus} in (${sql.join(
    LIVE.map((s) => sql`${s}`),
    sql`, `,
  )}), false)`;
  const partnerLive = sql`coalesce(${partnerPlan.subscriptionStatus} in (${sql.join(
    LIVE.map((s) => sql`${s}`),
    sql`, `,
  )}), false)`;
  if (q.holder === "plan_holder") out.push(live);
  if (q.holder === "covered") out.push(sql`not ${live} and ${mutualPartner} and ${partnerLive}`);
  if (q.need)
    out.push(
      sql`exists (select 1 from ${userPreferences} where ${userPreferences.userId} = ${users.id} and (${q.need} = any(${userPreferences.dietaryRestrictions}) or ${q.need} = any(${userPreferences.accessibilityNeeds})))`,
    );
  if (q.postcodeArea) {
    // "SW" is an area (SW1A, SW11...); "SW11" a district (the outward code). The couple's place: either partner's.
    const pattern = /\d/.test(q.postcodeArea) ? `${q.postcodeArea} %` : `${q.postcodeArea}[0-9]%`;
    out.push(
      sql`exists (select 1 from ${userPreferences} where (${userPreferences.userId} = ${users.id} or (${mutualPartner} and ${userPreferences.userId} = ${partner.id})) and ${userPreferences.postcode} similar to ${pattern})`,
    );
  }
  if (q.noDateIn) {
    const [y, m] = q.noDateIn.split("-").map(Number);
    const from = londonInstant(y, m, 1, 0, 0);
    const to = m === 12 ? londonInstant(y + 1, 1, 1, 0, 0) : londonInstant(y, m + 1, 1, 0, 0);
    // The couple's dates: booked for this member, or for their linked partner.
    out.push(
      sql`not exists (select 1 from ${dateReservations} where (${dateReservations.userId} = ${users.id} or (${mutualPartner} and ${dateReservations.userId} = ${partner.id})) and ${dateReservations.status} <> 'cancelled' and ${dateReservations.scheduledDate} >= ${from} and ${dateReservations.scheduledDate} < ${to})`,
    );
  }
  return out;
}

function listWhere(q: AdminUsersQuery): SQL | undefined {
  // Deleted accounts stay as anonymised tombstones for the financial records; they are no longer members.
  return and(
    isNull(users.deletedAt),
    q.role === "member" ? eq(users.isAdmin, false) : undefined,
    q.search ? sql`${userSearchText} like ${containsPattern(q.search.toLowerCase())}` : undefined,
    ...filterWhere(q),
  );
}

/** One page of members, newest first, and how many match in all. */
export async function listUsers(
  deps: Deps,
  q: AdminUsersQuery,
): Promise<{ rows: AdminUser[]; total: number }> {
  const where = listWhere(q);
  const [rows, [{ n }]] = await Promise.all([
    adminUserQuery(deps.db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset(q.offset),
    deps.db
      .select({ n: count() })
      .from(users)
      .leftJoin(partner, eq(partner.id, users.partnerId))
      .leftJoin(planAccounts, stateOf(users.id))
      .leftJoin(partnerPlan, eq(partnerPlan.userId, partner.id))
      .where(where),
  ]);
  return { rows: rows.map(toAdminUser), total: n };
}

export async function getUser(deps: Deps, id: number): Promise<AdminUser> {
  const [row] = await adminUserQuery(deps.db).where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound(MEMBERS_MSG.notFound);
  return toAdminUser(row);
}

/**
 * Every date of the member's couple (a date belongs to the couple, whichever partner it was booked for),
 * soonest first; the page splits upcoming and past and says whose booking each is.
 */
export async function userDates(deps: Deps, id: number): Promise<AdminAssignment[]> {
  const couple = await readCouple(deps.db, id);
  if (!couple) throw notFound(MEMBERS_MSG.notFound);
  const rows = await assignmentQuery(deps.db)
    .where(inArray(dateReservations.userId, couple.ids))
    .orderBy(asc(dateReservations.scheduledDate), asc(dateReservations.id));
  return rows.map(toAdminAssignment);
}

export async function promoteUser(deps: Deps, actor: User, id: number): Promise<AdminUser> {
  await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!target) throw notFound(MEMBERS_MSG.notFound);
    if (target.deletedAt) throw badRequest(MEMBERS_MSG.deletedAccount);
    if (target.isAdmin) return;
    await tx.update(users).set({ isAdmin: true }).where(eq(users.id, id));
    await auditAdminRights(tx, actor, id, true);
  });
  return getUser(deps, id);
}

/**
 * Removes a user's admin rights. Nobody removes their own, and the last admin stays: every admin row is
 * locked first, so two admins demoting each other at the same moment cannot leave the back office
 * without anyone.
 */
export async function demoteUser(deps: Deps, actor: User, id: number): Promise<AdminUser> {
  if (actor.id === id) throw badRequest(MEMBERS_MSG.cannotDemoteSelf);
  await deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .for("update");
    const [target] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!target) throw notFound(MEMBERS_MSG.notFound);
    if (!target.isAdmin) return;
    if (admins.length <= 1) throw conflict(MEMBERS_MSG.lastAdmin);
    // The actor may have lost their rights while this request waited for the lock.
    if (!admins.some((a) => a.id === actor.id)) throw forbidden(MEMBERS_MSG.demoteFailed);
    await tx.update(users).set({ isAdmin: false }).where(eq(users.id, id));
    await auditAdminRights(tx, actor, id, false);
  });
  return getUser(deps, id);
}
