import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  type AdminAssignment,
  ASSIGNMENT_CLASH_HOURS,
  ASSIGNMENT_MSG,
} from "../../../../shared/admin/assignments.ts";
import { dateIdeas, dateReservations, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, conflict, notFound } from "../../../http-error.ts";
import { type Couple, readCouple } from "../../couples/couple.ts";
import { readAssignment } from "./query.ts";
import { consumeQuota, type Tx } from "./quota.ts";

export interface NewAssignment {
  userId: number;
  venueId: number;
  scheduledDate: Date;
  /** The date idea; when not given (undefined), an active idea at the venue (or none); null: none. */
  dateIdeaId?: number | null;
  aiSuggestion?: string | null;
  /** The matching engine's reasons for this choice (admins only). */
  matchReasons?: string[] | null;
}

/**
 * Locks the member's row (and their linked partner's, in id order) for the rest of the transaction, so
 * the clash and allowance checks of two bookings for one couple run one after the other. Answers the
 * couple (couples/couple.ts); 404 for a missing or deleted member.
 */
export async function lockCouple(tx: Tx, userId: number): Promise<Couple & { ids: number[] }> {
  const couple = await readCouple(tx, userId, { lock: true });
  if (!couple) throw notFound(ASSIGNMENT_MSG.memberNotFound);
  return couple;
}

/** Refuses (409) when the couple already has a date that is not cancelled within the clash window of `at`. */
export async function refuseClash(tx: Tx, ids: number[], at: Date, exceptId?: number): Promise<void> {
  const windowMs = ASSIGNMENT_CLASH_HOURS * 3_600_000;
  const [clash] = await tx
    .select({ id: dateReservations.id })
    .from(dateReservations)
    .where(
      and(
        inArray(dateReservations.userId, ids),
        ne(dateReservations.status, "cancelled"),
        sql`${dateReservations.scheduledDate} > ${new Date(at.getTime() - windowMs)}`,
        sql`${dateReservations.scheduledDate} < ${new Date(at.getTime() + windowMs)}`,
        exceptId === undefined ? undefined : ne(dateReservations.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict(ASSIGNMENT_MSG.clash);
}

/** An active idea at the venue, preferring one the member has not had yet; null when the venue has none. */
async function pickIdea(tx: Tx, userId: number, venueId: number): Promise<number | null> {
  const [idea] = await tx
    .select({ id: dateIdeas.id })
    .from(dateIdeas)
    .where(and(eq(dateIdeas.venueId, venueId), eq(dateIdeas.isActive, true)))
    .orderBy(
      sql`exists (select 1 from ${dateReservations} where ${dateReservations.userId} = ${userId} and ${dateReservations.dateIdeaId} = ${dateIdeas.id})`,
      asc(dateIdeas.id),
    )
    .limit(1)
    .for("key share");
  return idea?.id ?? null;
}

/**
 * Creates a date for a member (the Assign Date dialog, AI suggestions' Create Booking, the matching
 * engine): the member and venue must exist, the time must be in the future and clear of the couple's
 * other dates, and the date counts against the member's allowance for its London month. Everything
 * happens in one transaction (the caller's when `tx` is given).
 */
export async function createAssignment(deps: Deps, input: NewAssignment, tx?: Tx): Promise<AdminAssignment> {
  const run = async (t: Tx): Promise<AdminAssignment> => {
    if (!(input.scheduledDate.getTime() > deps.now().getTime())) throw badRequest(ASSIGNMENT_MSG.dateInPast);
    const couple = await lockCouple(t, input.userId);
    const { member, ids } = couple;
    // The venue and idea rows are key-share locked: a delete at the same moment waits for this date and is
    // then refused for it, instead of removing the row between this check and the insert (a 500).
    const [venue] = await t
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.id, input.venueId))
      .for("key share");
    if (!venue) throw notFound(ASSIGNMENT_MSG.venueNotFound);
    // undefined: pick an active idea at the venue; null: the venue itself (the engine found no idea that fits).
    let dateIdeaId = input.dateIdeaId ?? null;
    if (dateIdeaId !== null) {
      const [idea] = await t
        .select({ id: dateIdeas.id })
        .from(dateIdeas)
        .where(eq(dateIdeas.id, dateIdeaId))
        .for("key share");
      if (!idea) throw notFound(ASSIGNMENT_MSG.dateIdeaNotFound);
    } else if (input.dateIdeaId === undefined) {
      dateIdeaId = await pickIdea(t, member.id, venue.id);
    }
    await refuseClash(t, ids, input.scheduledDate);
    await consumeQuota(t, couple, input.scheduledDate);
    const [row] = await t
      .insert(dateReservations)
      .values({
        userId: member.id,
        venueId: venue.id,
        dateIdeaId,
        scheduledDate: input.scheduledDate,
        status: "scheduled",
        aiSuggestion: input.aiSuggestion ?? null,
        matchReasons: input.matchReasons?.length ? input.matchReasons : null,
      })
      .returning({ id: dateReservations.id });
    return (await readAssignment(t, row.id))!;
  };
  return tx ? run(tx) : deps.db.transaction(run);
}
