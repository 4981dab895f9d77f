import { eq, sql } from "drizzle-orm";
import type {
  AdminAssignment,
  AdminRating,
  AdminVenueBooking,
} from "../../../../shared/admin/assignments.ts";
import { VENUE_BOOKING_STATUSES } from "../../../../shared/venue-bookings.ts";
import type { Db } from "../../../db/client.ts";
import { dateIdeas, dateReservations, users, venues } from "../../../db/schema.ts";
import { toFixProposal } from "../../rulebook/fix-proposal.ts";
import { overriderNameSql, toOverride } from "./override.ts";
import { ratingsJsonSql, summariseRatings } from "./ratings-sql.ts";

type Reader = Pick<Db, "select">;

interface LatestRequest {
  requestedAt: string;
  escalated: boolean;
  declineReason: string | null;
  proposedDate: string | null;
  proposedNote: string | null;
}

/** The date's latest venue request as JSON (instants as toISOString writes them), or null. */
const LATEST_REQUEST_SQL = `(select json_build_object(
    'requestedAt', to_char(b.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'escalated', b.escalated_at is not null,
    'declineReason', b.decline_reason,
    'proposedDate', to_char(b.proposed_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'proposedNote', b.proposed_note)
  from venue_bookings b where b.reservation_id = "date_reservations"."id" order by b.id desc limit 1)`;

const columns = {
  id: dateReservations.id,
  userId: dateReservations.userId,
  venueId: dateReservations.venueId,
  dateIdeaId: dateReservations.dateIdeaId,
  scheduledDate: dateReservations.scheduledDate,
  status: dateReservations.status,
  createdAt: dateReservations.createdAt,
  revealedAt: dateReservations.revealedAt,
  confirmedAt: dateReservations.confirmedAt,
  ratings: sql<string>`${sql.raw(ratingsJsonSql(`"date_reservations"."id"`))}`,
  matchReasons: dateReservations.matchReasons,
  overrideRules: dateReservations.overrideRules,
  overrideReason: dateReservations.overrideReason,
  overriddenBy: dateReservations.overriddenBy,
  overriddenAt: dateReservations.overriddenAt,
  overriderName: sql<string | null>`${sql.raw(overriderNameSql(`"date_reservations"."overridden_by"`))}`,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  venueName: venues.name,
  venueCity: venues.city,
  venueType: venues.type,
  venueAddress: venues.address,
  ideaTitle: dateIdeas.title,
  ideaDescription: dateIdeas.description,
  ideaCategory: dateIdeas.category,
  ideaDuration: dateIdeas.duration,
  ideaTimeOfDay: dateIdeas.timeOfDay,
  ruleProblems: dateReservations.ruleProblems,
  fixProposal: dateReservations.fixProposal,
  venueStatus: dateReservations.venueStatus,
  venueReference: dateReservations.venueReference,
  venueAnsweredAt: dateReservations.venueAnsweredAt,
  latestRequest: sql<LatestRequest | null>`${sql.raw(LATEST_REQUEST_SQL)}`,
  noShowBy: dateReservations.noShowBy,
  noShowNote: dateReservations.noShowNote,
  noShowAt: dateReservations.noShowAt,
  venueFeedback: dateReservations.venueFeedback,
};

/** Dates with their member, venue and date idea joined; callers add where/order/limit. */
export function assignmentQuery(db: Reader) {
  return db
    .select(columns)
    .from(dateReservations)
    .leftJoin(users, eq(users.id, dateReservations.userId))
    .leftJoin(venues, eq(venues.id, dateReservations.venueId))
    .leftJoin(dateIdeas, eq(dateIdeas.id, dateReservations.dateIdeaId));
}

export type AssignmentRow = Awaited<ReturnType<typeof assignmentQuery>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire's venue status of a stored one: a date not yet asked reads "requested" ("cancelled" once cancelled). */
export function wireVenueStatus(venueStatus: string, status: string): AdminVenueBooking["status"] {
  if (venueStatus === "pending") return status === "cancelled" ? "cancelled" : "requested";
  return (VENUE_BOOKING_STATUSES as readonly string[]).includes(venueStatus)
    ? (venueStatus as AdminVenueBooking["status"])
    : "requested";
}

export function toVenueBooking(r: {
  venueStatus: string;
  status: string;
  venueReference: string | null;
  venueAnsweredAt: Date | null;
  latestRequest: LatestRequest | string | null;
}): AdminVenueBooking {
  const latest: LatestRequest | null =
    typeof r.latestRequest === "string" ? JSON.parse(r.latestRequest) : r.latestRequest;
  const sent = r.venueStatus !== "pending";
  return {
    status: wireVenueStatus(r.venueStatus, r.status),
    reference: r.venueReference,
    answeredAt: iso(r.venueAnsweredAt),
    requestedAt: sent ? (latest?.requestedAt ?? null) : null,
    escalated:
      sent && r.status !== "cancelled" && r.venueStatus !== "confirmed" && (latest?.escalated ?? false),
    declineReason: sent ? (latest?.declineReason ?? null) : null,
    proposedDate: r.venueStatus === "proposed" ? (latest?.proposedDate ?? null) : null,
    proposedNote: r.venueStatus === "proposed" ? (latest?.proposedNote ?? null) : null,
  };
}

export function toAdminAssignment(r: AssignmentRow): AdminAssignment {
  const ratings: AdminRating[] = JSON.parse(r.ratings);
  return {
    id: r.id,
    userId: r.userId,
    venueId: r.venueId,
    dateIdeaId: r.dateIdeaId,
    scheduledDate: r.scheduledDate.toISOString(),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    revealedAt: iso(r.revealedAt),
    confirmedAt: iso(r.confirmedAt),
    user:
      r.userEmail === null
        ? null
        : { id: r.userId, email: r.userEmail, firstName: r.userFirstName, lastName: r.userLastName },
    venue:
      r.venueId === null || r.venueName === null
        ? null
        : {
            id: r.venueId,
            name: r.venueName,
            city: r.venueCity!,
            type: r.venueType!,
            address: r.venueAddress,
          },
    dateIdea:
      r.ideaTitle === null
        ? null
        : {
            title: r.ideaTitle,
            description: r.ideaDescription,
            category: r.ideaCategory!,
            duration: r.ideaDuration!,
            timeOfDay: r.ideaTimeOfDay!,
          },
    ...summariseRatings(ratings),
    ratings,
    matchReasons: Array.isArray(r.matchReasons)
      ? r.matchReasons.filter((x): x is string => typeof x === "string")
      : null,
    override: toOverride(r),
    venueBooking: toVenueBooking(r),
    ruleProblems: Array.isArray(r.ruleProblems)
      ? r.ruleProblems.filter((x): x is string => typeof x === "string")
      : [],
    fixProposal: toFixProposal(r.fixProposal),
    noShow: toNoShow(r),
    venueFeedback: r.venueFeedback,
  };
}

/** The no-show record of a no_show date (who, note, when); null for any other status. */
export function toNoShow(r: {
  status: string;
  noShowBy: string | null;
  noShowNote: string | null;
  noShowAt: Date | null;
}): AdminAssignment["noShow"] {
  if (r.status !== "no_show" || !r.noShowAt) return null;
  return {
    by: r.noShowBy === "venue" ? "venue" : "couple",
    note: r.noShowNote,
    at: r.noShowAt.toISOString(),
  };
}

export async function readAssignment(db: Reader, id: number): Promise<AdminAssignment | null> {
  const [row] = await assignmentQuery(db).where(eq(dateReservations.id, id)).limit(1);
  return row ? toAdminAssignment(row) : null;
}
