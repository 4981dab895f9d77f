import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { type AssignmentListQuery, hasListFilters } from "../../../../shared/admin/assignment-list.ts";
import { type AdminAssignment, londonLocalToDate } from "../../../../shared/admin/assignments.ts";
import type { AdminListQuery } from "../../../../shared/admin/back-office.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import type { Db } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { dateReservations, users, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import type { ReadCache } from "../../auth/read-cache/read-cache.ts";
import { DATE_TIME_FMT, londonWallClock } from "../members/format.ts";
import { userSearchText } from "../members/service.ts";
import { keysetPages, type StreamColumn } from "../members/stream-workbook.ts";
import { assignmentsPageJson } from "./page-json.ts";
import { assignmentQuery, toAdminAssignment } from "./query.ts";

/**
 * Dates whose member (name or e-mail) or venue (name) contains the text. The member and venue matches are
 * found first through their own indexes, then their dates through the user and venue indexes, so a search
 * never scans every date joined to its member.
 */
function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.toLowerCase());
  // "= any(array(...))" runs each lookup once up front, so the planner can combine the two date_reservations
  // indexes (user, venue) instead of testing every date against the two lists.
  return or(
    sql`${dateReservations.userId} = any(array(select ${users.id} from ${users} where ${userSearchText} like ${pattern}))`,
    sql`${dateReservations.venueId} = any(array(select ${venues.id} from ${venues} where lower(${venues.name}) like ${pattern}))`,
  );
}

/** A London day ("2026-06-05") as the instant its midnight starts; `next`: the day after's. */
function londonMidnight(day: string, next = false): Date {
  const d = new Date(`${day}T00:00:00Z`);
  if (next) d.setUTCDate(d.getUTCDate() + 1);
  // Midnight always exists on London's clock (the clocks change at 01:00 and 02:00).
  return londonLocalToDate(`${d.toISOString().slice(0, 10)}T00:00`)!;
}

/** The list's filters (issue 32, item 7): the scheduled day range (London days, inclusive), status, venue, answer. */
function filterWhere(q: AssignmentListQuery): SQL | undefined {
  return and(
    searchWhere(q.search),
    q.from ? gte(dateReservations.scheduledDate, londonMidnight(q.from)) : undefined,
    q.to ? lt(dateReservations.scheduledDate, londonMidnight(q.to, true)) : undefined,
    q.status ? eq(dateReservations.status, q.status) : undefined,
    q.venueId ? eq(dateReservations.venueId, q.venueId) : undefined,
    q.venueStatus ? eq(dateReservations.venueStatus, q.venueStatus) : undefined,
  );
}

/**
 * One page of assignments, newest first (or by the date itself, soonest first, with sort=date), and how many
 * match in all. Unsearched and unfiltered, the total of every date comes from `cache` while no date has been
 * added or removed (counting them all cost milliseconds).
 */
export async function listAssignments(
  deps: Deps,
  q: AssignmentListQuery,
  cache?: ReadCache | null,
): Promise<{ rows: AdminAssignment[]; total: number }> {
  if (!q.search && !hasListFilters(q)) {
    const [rows, total] = await Promise.all([
      pageQueriesOf(deps.db).page.execute({ limit: q.limit, offset: q.offset }),
      unsearchedTotal(deps, cache),
    ]);
    return { rows: rows.map(toAdminAssignment), total };
  }
  const where = filterWhere(q);
  const byDate = q.sort === "date";
  const [rows, [{ n }]] = await Promise.all([
    assignmentQuery(deps.db)
      .where(where)
      .orderBy(
        ...(byDate ? [asc(dateReservations.scheduledDate), asc(dateReservations.id)] : []),
        // With a search, the newest-first index would be walked row by row testing each date (every
        // one of a million when nothing matches); ordering by an expression makes the planner collect the
        // matches through the user and venue indexes first and sort only those.
        desc(
          q.search ? sql`${dateReservations.createdAt} + interval '0 seconds'` : dateReservations.createdAt,
        ),
        desc(dateReservations.id),
      )
      .limit(q.limit)
      .offset(q.offset),
    deps.db.select({ n: count() }).from(dateReservations).where(where),
  ]);
  return { rows: rows.map(toAdminAssignment), total: n };
}

/** The list's answer: GET /api/admin/assignments. */
const adminAssignmentListSchema = adminAssignmentsApi.list.responses[200];

/**
 * listAssignments as the JSON text of its rows: unsearched, built by PostgreSQL (page-json.ts, whose keys are
 * checked against the schema when it loads); with a search, the rows encoded through the schema here.
 */
export async function listAssignmentsJson(
  deps: Deps,
  q: AssignmentListQuery,
  cache?: ReadCache | null,
): Promise<{ json: string; total: number }> {
  if (q.search || hasListFilters(q)) {
    const { rows, total } = await listAssignments(deps, q, cache);
    // The route sends this text as it is (no serializer): the schema strips what it does not list here.
    return { json: JSON.stringify(adminAssignmentListSchema.encode(rows)), total };
  }
  const [json, total] = await Promise.all([unsearchedPage(deps, q, cache), unsearchedTotal(deps, cache)]);
  return { json, total };
}

/**
 * A page of the unsearched list as JSON; from `cache` while nothing on it can have changed (any notification
 * forgets it: a date, member, venue or idea). Nothing on it depends on the clock.
 */
function unsearchedPage(deps: Deps, q: AdminListQuery, cache?: ReadCache | null): string | Promise<string> {
  const key = `assignments:${q.limit}:${q.offset}`;
  const generation = cache?.generation ?? 0;
  return (
    cache?.view<string>(key) ??
    assignmentsPageJson(deps.db, q.limit, q.offset).then((json) => {
      cache?.putView(key, generation, json);
      return json;
    })
  );
}

/**
 * Every date counted; from `cache` while no date has been added or removed (counting them all cost
 * milliseconds).
 */
function unsearchedTotal(deps: Deps, cache?: ReadCache | null): number | Promise<number> {
  const generation = cache?.generation ?? 0;
  return (
    cache?.tableValue<number>("date_reservations") ??
    pageQueriesOf(deps.db)
      .total.execute()
      .then(([{ n }]) => {
        cache?.putTableValue("date_reservations", generation, n);
        return n;
      })
  );
}

function pageQueriesOf(db: Db) {
  let prepared = pageQueries.get(db);
  if (!prepared) {
    prepared = buildPageQueries(db);
    pageQueries.set(db, prepared);
  }
  return prepared;
}

/** The unsearched list (the tab as it opens): named prepared statements, built once per database. */
const pageQueries = new WeakMap<Db, ReturnType<typeof buildPageQueries>>();
function buildPageQueries(db: Db) {
  return {
    page: assignmentQuery(db)
      .orderBy(desc(dateReservations.createdAt), desc(dateReservations.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare("admin_assignments_page"),
    total: db.select({ n: count() }).from(dateReservations).prepare("admin_assignments_total"),
  };
}

export const assignmentExportColumns: StreamColumn<AdminAssignment>[] = [
  { header: "ID", width: 8, value: (a) => a.id },
  { header: "Member", width: 24, value: (a) => (a.user ? memberName(a.user) : `Member ${a.userId}`) },
  { header: "Email", width: 32, value: (a) => a.user?.email },
  { header: "Venue", width: 28, value: (a) => a.venue?.name },
  { header: "City", value: (a) => a.venue?.city },
  { header: "Venue Type", value: (a) => a.venue?.type },
  // Real date cells holding London's wall clock (Excel has no time zones).
  {
    header: "Scheduled Date (London)",
    width: 22,
    numFmt: DATE_TIME_FMT,
    value: (a) => londonWallClock(a.scheduledDate),
  },
  { header: "Status", value: (a) => a.status },
  { header: "Date Idea", width: 28, value: (a) => a.dateIdea?.title },
  { header: "Category", value: (a) => a.dateIdea?.category },
  { header: "Rating", value: (a) => a.rating },
  { header: "Feedback", width: 40, value: (a) => a.feedback },
  {
    header: "Date Created (London)",
    width: 22,
    numFmt: DATE_TIME_FMT,
    value: (a) => londonWallClock(a.createdAt),
  },
];

/** Every assignment, newest first, in keyset pages. */
export function assignmentExportRows(deps: Deps): AsyncIterable<AdminAssignment[]> {
  return keysetPages(
    async (after, size) =>
      (
        await assignmentQuery(deps.db)
          .where(after === null ? undefined : lt(dateReservations.id, after))
          .orderBy(desc(dateReservations.id))
          .limit(size)
      ).map(toAdminAssignment),
    (a) => a.id,
  );
}

/** Whether a member (not a deleted account) has this id. */
export async function memberExists(deps: Deps, userId: number): Promise<boolean> {
  const [u] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return Boolean(u);
}
