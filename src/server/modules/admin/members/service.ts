import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { type AdminUser, type AdminUsersQuery, MEMBERS_MSG } from "../../../../shared/admin/members.ts";
import { containsPattern } from "../../../db/like.ts";
import { dateReservations, type User, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../../http-error.ts";
import { readCouple } from "../../couples/couple.ts";
import { assignmentQuery, toAdminAssignment } from "../assignments/query.ts";
import { coupleRefs, toAdminPartner } from "./couple-view.ts";

/** The partner row, joined to tell whether the link is mutual and who of the two holds the plan. */
export const partner = alias(users, "partner");

export const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  partnerId: users.partnerId,
  hasPartner: sql<boolean>`coalesce(${partner.partnerId} = ${users.id}, false)`,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  onboardingCompleted: users.onboardingCompleted,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  partnerRow: {
    id: partner.id,
    email: partner.email,
    firstName: partner.firstName,
    lastName: partner.lastName,
    subscriptionTier: partner.subscriptionTier,
    subscriptionStatus: partner.subscriptionStatus,
    partnerId: partner.partnerId,
    deletedAt: partner.deletedAt,
  },
};

/** Members with their partner row joined; callers add where, order and limit. */
export function adminUserQuery(db: Pick<Deps["db"], "select">) {
  return db.select(adminUserColumns).from(users).leftJoin(partner, eq(partner.id, users.partnerId));
}

type Row = Awaited<ReturnType<typeof adminUserQuery>>[number];

export function toAdminUser({ partnerRow, deletedAt, ...r }: Row): AdminUser {
  const couple = coupleRefs({ ...r, deletedAt }, partnerRow);
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

function listWhere(search: string | undefined, membersOnly = false): SQL | undefined {
  // Deleted accounts stay as anonymised tombstones for the financial records; they are no longer members.
  return and(
    isNull(users.deletedAt),
    membersOnly ? eq(users.isAdmin, false) : undefined,
    search ? sql`${userSearchText} like ${containsPattern(search.toLowerCase())}` : undefined,
  );
}

/** One page of members, newest first, and how many match in all. */
export async function listUsers(
  deps: Deps,
  q: AdminUsersQuery,
): Promise<{ rows: AdminUser[]; total: number }> {
  const where = listWhere(q.search, q.role === "member");
  const [rows, [{ n }]] = await Promise.all([
    adminUserQuery(deps.db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset(q.offset),
    deps.db.select({ n: count() }).from(users).where(where),
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

export async function promoteUser(deps: Deps, id: number): Promise<AdminUser> {
  const [target] = await deps.db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id));
  if (!target) throw notFound(MEMBERS_MSG.notFound);
  if (target.deletedAt) throw badRequest(MEMBERS_MSG.deletedAccount);
  await deps.db
    .update(users)
    .set({ isAdmin: true })
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
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
  });
  return getUser(deps, id);
}
