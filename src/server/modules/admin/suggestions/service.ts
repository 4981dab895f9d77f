/** AI suggestions in the back office: the list, status changes, Create Booking (spec sections 2, 4, 7). */
import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import {
  type AdminAiSuggestion,
  AI_SUGGESTION_MSG as M,
  SUGGESTION_TRANSITIONS,
  type SuggestionListQuery,
  type SuggestionStatus,
  type UpdateSuggestionInput,
} from "../../../../shared/admin/suggestions.ts";
import type { Tx } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { aiDateSuggestions, dateIdeas, dateReservations, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, conflict, notFound } from "../../../http-error.ts";
import type { Actor } from "../../audit/record.ts";
import { createAssignment } from "../assignments/service.ts";
import { holdCreatedForUndo } from "../assignments/undo-state.ts";
import { userSearchText } from "../members/service.ts";
import { readSuggestedVenues, readSuggestion, suggestionColumns, toAdminSuggestion } from "./view.ts";

function listWhere(q: SuggestionListQuery): SQL | undefined {
  return and(
    q.status ? eq(aiDateSuggestions.status, q.status) : undefined,
    q.search
      ? inArray(
          aiDateSuggestions.userId,
          sql`(select ${users.id} from ${users} where ${userSearchText} like ${containsPattern(q.search.toLowerCase())})`,
        )
      : undefined,
  );
}

/** One page of suggestions, newest first, and how many match in all. */
export async function listSuggestions(
  deps: Deps,
  q: SuggestionListQuery,
): Promise<{ rows: AdminAiSuggestion[]; total: number }> {
  const where = listWhere(q);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select(suggestionColumns)
      .from(aiDateSuggestions)
      .innerJoin(users, eq(users.id, aiDateSuggestions.userId))
      .where(where)
      .orderBy(desc(aiDateSuggestions.createdAt), desc(aiDateSuggestions.id))
      .limit(q.limit)
      .offset(q.offset),
    deps.db.select({ n: count() }).from(aiDateSuggestions).where(where),
  ]);
  return { rows: rows.map(toAdminSuggestion), total: n };
}

async function lockSuggestion(tx: Tx, id: number) {
  const [row] = await tx.select().from(aiDateSuggestions).where(eq(aiDateSuggestions.id, id)).for("update");
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * The date a "booked" status points at must be a live date of the member (or their partner), linked to no
 * other suggestion. Its row is locked until the transaction ends, so two suggestions marked booked with
 * it at the same moment take turns and the second sees the first's link.
 */
async function checkBookedDate(tx: Tx, suggestionId: number, userId: number, reservationId: number) {
  const [dateRow] = await tx
    .select({ userId: dateReservations.userId, status: dateReservations.status })
    .from(dateReservations)
    .where(eq(dateReservations.id, reservationId))
    .for("update");
  if (!dateRow) throw badRequest(M.dateNotFound);
  if (dateRow.userId !== userId) {
    // A date of the member's partner is the couple's date too, when the link goes both ways.
    const partnerOf = async (uid: number) =>
      (await tx.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, uid)))[0]?.partnerId;
    if ((await partnerOf(userId)) !== dateRow.userId || (await partnerOf(dateRow.userId)) !== userId)
      throw badRequest(M.dateOtherMember);
  }
  if (dateRow.status === "cancelled") throw badRequest(M.dateCancelled);
  const [other] = await tx
    .select({ id: aiDateSuggestions.id })
    .from(aiDateSuggestions)
    .where(and(eq(aiDateSuggestions.reservationId, reservationId), ne(aiDateSuggestions.id, suggestionId)))
    .limit(1);
  if (other) throw conflict(M.dateTaken);
}

/**
 * PATCH /api/admin/ai-suggestions/:id: pending -> approved | rejected, approved -> booked with its
 * date (reservationId), approved -> rejected while no date was made from it (it may break a rule now).
 * Other moves are 409; repeating the current status changes nothing.
 */
export async function updateSuggestion(
  deps: Deps,
  id: number,
  input: UpdateSuggestionInput,
): Promise<AdminAiSuggestion> {
  return deps.db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, id);
    const from = row.status as SuggestionStatus;
    const to = input.status;
    const reservationId = input.reservationId ?? null;
    if (reservationId !== null && to !== "booked") throw badRequest(M.dateOnlyWhenBooked);
    if (from === to) {
      if (reservationId !== null && reservationId !== row.reservationId)
        throw conflict(M.transition(from, to));
      return (await readSuggestion(tx, id))!;
    }
    if (!(SUGGESTION_TRANSITIONS[from] ?? []).includes(to)) throw conflict(M.transition(from, to));
    if (to === "rejected" && row.reservationId !== null) throw conflict(M.transition("booked", to));
    if (to === "booked") {
      if (reservationId === null) throw badRequest(M.bookedNeedsDate);
      await checkBookedDate(tx, id, row.userId, reservationId);
    }
    await tx
      .update(aiDateSuggestions)
      .set({ status: to, ...(to === "booked" ? { reservationId } : {}) })
      .where(eq(aiDateSuggestions.id, id));
    return (await readSuggestion(tx, id))!;
  });
}

/**
 * Create Booking: the first suggested venue at its suggested date becomes an assignment (member, venue,
 * future time, clashes and quota checked by createAssignment) and the suggestion is marked booked with
 * it, in one transaction. The suggestion's row lock makes a second click wait and then answer the same
 * booking instead of making another date.
 */
export async function bookSuggestion(
  deps: Deps,
  id: number,
  actor: Actor | null = null,
): Promise<AdminAiSuggestion> {
  return deps.db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, id);
    const status = row.status as SuggestionStatus;
    if (status === "booked" || (status === "approved" && row.reservationId !== null))
      return (await readSuggestion(tx, id))!;
    if (status !== "approved") throw conflict(M.bookOnlyApproved(status));
    const [first] = readSuggestedVenues(row.suggestedVenues);
    if (!first?.id || !first.suggestedDate) throw badRequest(M.missingVenueOrDate);
    // The engine's date idea when it is still there and active; otherwise the venue's own pick.
    let dateIdeaId: number | null | undefined;
    if (first.dateIdeaId !== null) {
      const [idea] = await tx
        .select({ id: dateIdeas.id })
        .from(dateIdeas)
        .where(and(eq(dateIdeas.id, first.dateIdeaId), eq(dateIdeas.isActive, true)));
      dateIdeaId = idea ? idea.id : undefined;
    } else if (first.reasons.length > 0) {
      dateIdeaId = null; // the engine chose the venue itself
    }
    const assignment = await createAssignment(
      deps,
      {
        userId: row.userId,
        venueId: first.id,
        dateIdeaId,
        scheduledDate: new Date(first.suggestedDate),
        aiSuggestion: row.suggestion,
        matchReasons: first.reasons,
        // The audit row of the new date names the operator (admin/assignments/audit.ts).
        actor,
        how: "Booked from an AI suggestion",
      },
      tx,
    );
    // The couple hears of it only after the undo window; Undo removes the date and approves this again.
    await holdCreatedForUndo(tx, deps.now(), assignment);
    await tx
      .update(aiDateSuggestions)
      .set({ status: "booked", reservationId: assignment.id })
      .where(eq(aiDateSuggestions.id, id));
    return (await readSuggestion(tx, id))!;
  });
}
