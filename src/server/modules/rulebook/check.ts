/**
 * The rulebook: for a proposed couple (any member of it), venue, idea and time, whether the couple
 * may have a date at all (eligible) and the hard rules the date breaks. Every path that books a date asks here:
 * manual Assign (which may override broken rules with a reason), Auto Assign and Create Booking (which never
 * do), a reinstated date (admin/assignments/status.ts) and Plan {Month} at write time (plan-check.ts, on the
 * same brokenRules). The jobs, a member's reschedule request and a month off only cancel or ask, never book or
 * move a date (see the comments there). The couple, venue and rules are read as the matching engine reads them
 * (load.ts, engine.ts, rules.ts).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ASSIGNMENT_MSG, datesAllowed } from "../../../shared/admin/assignments.ts";
import { memberName } from "../../../shared/admin/members.ts";
import { BOOKING_HORIZON_MONTHS, RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { addMonths } from "../../../shared/calendar-months.ts";
import { londonMonthKey } from "../../../shared/london-time.ts";
import { DEFAULT_DATE_HOURS, peakOverlap } from "../../../shared/venue-hours.ts";
import type { Db, Tx } from "../../db/client.ts";
import { dateIdeas, userPreferences, users, venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { type Couple, readCouple } from "../couples/couple.ts";
import {
  type LoadedMember,
  loadBooked,
  loadProfiles,
  venueCandidate,
  venueColumns,
} from "../matching/load.ts";
import type { IdeaCandidate, VenueCandidate } from "../matching/types.ts";
import { type BookingFacts, brokenRules, type Person } from "./rules.ts";

export interface BookingProposal {
  userId: number;
  venueId: number;
  scheduledDate: Date;
  /** A date idea; null: the venue itself; undefined: the active idea at the venue that breaks fewest rules. */
  dateIdeaId?: number | null;
  /** The date being moved: not a clash with itself, and not counted against the venue's capacity. */
  exceptReservationId?: number;
}

export type Ineligible = "deleted" | "noPlan" | "inPast" | "tooFar";

export interface RulebookAnswer {
  eligible: boolean;
  /** Why not, in words, and which kind (a past time is a 400, the rest 422). */
  reason: string | null;
  ineligible: Ineligible | null;
  broken: string[];
  /** The idea the date would have: the one asked for, or the best fit at the venue; null: the venue itself. */
  dateIdea: { id: number; title: string } | null;
  couple: Couple | null;
}

type Conn = Db | Tx;
type IdeaRow = IdeaCandidate & { venueId: number | null; isActive: boolean };

/** What the rulebook reads of an idea (the re-check's batch reads the same). */
export const ideaColumns = {
  id: dateIdeas.id,
  title: dateIdeas.title,
  category: dateIdeas.category,
  priceLevel: dateIdeas.priceLevel,
  season: dateIdeas.season,
  timeOfDay: dateIdeas.timeOfDay,
  duration: dateIdeas.duration,
  tags: dateIdeas.tags,
  requirements: dateIdeas.requirements,
  venueId: dateIdeas.venueId,
  isActive: dateIdeas.isActive,
};

/** The venue as load.ts's loadVenues builds it (with its active ideas, one mapper for both), or null. */
async function loadVenue(
  conn: Conn,
  venueId: number,
  now: Date,
  exceptId?: number,
): Promise<{ venue: VenueCandidate; ideas: IdeaRow[] } | null> {
  const [v] = await conn.select(venueColumns).from(venues).where(eq(venues.id, venueId));
  if (!v) return null;
  const booked = (await loadBooked(conn, now, { venueId, exceptId })).get(venueId) ?? [];
  const ideas: IdeaRow[] = await conn
    .select(ideaColumns)
    .from(dateIdeas)
    .where(and(eq(dateIdeas.venueId, venueId), eq(dateIdeas.isActive, true)))
    .orderBy(asc(dateIdeas.id));
  return { venue: venueCandidate(v, ideas, booked), ideas };
}

const ineligible = (kind: Ineligible, reason: string, couple: Couple | null): RulebookAnswer => ({
  eligible: false,
  reason,
  ineligible: kind,
  broken: [],
  dateIdea: null,
  couple,
});

/** The two people of a couple, each with their own needs (from their user_preferences rows). */
export function peopleOf(
  couple: Couple,
  prefs: ReadonlyArray<
    Pick<
      typeof userPreferences.$inferSelect,
      "userId" | "dietaryRestrictions" | "accessibilityNeeds" | "alcoholOk"
    >
  >,
): Person[] {
  return [couple.member, ...(couple.partner ? [couple.partner] : [])].map((u) => {
    const pr = prefs.find((x) => x.userId === u.id);
    return {
      id: u.id,
      name: memberName(u),
      dietary: pr?.dietaryRestrictions ?? [],
      accessibility: pr?.accessibilityNeeds ?? [],
      alcoholOk: pr?.alcoholOk ?? true,
    };
  });
}

/**
 * The couple as a date at `at` sees it: their profile and the allowance of its London month. A date being
 * moved or re-checked (`exceptId`) is not a clash with itself, and within its own month takes no second
 * allowance.
 */
export function coupleFactsAt(
  loaded: LoadedMember,
  at: Date,
  exceptId?: number,
): Pick<BookingFacts, "profile" | "allowance"> {
  // The allowance as the engine counts it (load.ts quotaRemaining): the owner's row, or the couple's dates.
  const ym = londonMonthKey(at);
  const quota = loaded.quotaRows.get(ym);
  const moving = loaded.profile.history.find((h) => h.reservationId === exceptId);
  const profile = moving
    ? { ...loaded.profile, history: loaded.profile.history.filter((h) => h !== moving) }
    : loaded.profile;
  const sameMonth = moving && londonMonthKey(moving.scheduledDate) === ym ? 1 : 0;
  return {
    profile,
    allowance: {
      allowed: quota?.allowed ?? datesAllowed(loaded.profile.tier),
      used: Math.max(quota?.used ?? 0, loaded.coupleDatesByMonth.get(ym) ?? 0) - sameMonth,
    },
  };
}

/**
 * Asks the rulebook. 404 for an unknown member, venue or idea; everything else is an answer. Inside a
 * transaction pass it as `conn` (after locking the couple) so the answer holds until the date is written.
 */
export async function checkBooking(
  deps: Deps,
  p: BookingProposal,
  conn: Conn = deps.db,
): Promise<RulebookAnswer> {
  const [row] = await conn
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, p.userId));
  if (!row) throw notFound(ASSIGNMENT_MSG.memberNotFound);
  if (row.deletedAt) return ineligible("deleted", RULE_MSG.deleted, null);
  const couple = await readCouple(conn, p.userId);
  if (!couple) return ineligible("deleted", RULE_MSG.deleted, null);
  if (!couple.holder) {
    const name = memberName(couple.member);
    return ineligible(
      "noPlan",
      couple.member.isAdmin ? RULE_MSG.adminOnly(name) : RULE_MSG.noPlan(name),
      couple,
    );
  }
  const now = deps.now();
  if (!(p.scheduledDate.getTime() > now.getTime())) return ineligible("inPast", RULE_MSG.inPast, couple);
  if (p.scheduledDate.getTime() > addMonths(now, BOOKING_HORIZON_MONTHS).getTime())
    return ineligible("tooFar", RULE_MSG.tooFar, couple);

  const place = await loadVenue(conn, p.venueId, now, p.exceptReservationId);
  if (!place) throw notFound(ASSIGNMENT_MSG.venueNotFound);
  let chosen: IdeaRow | null = null;
  if (typeof p.dateIdeaId === "number") {
    [chosen] = await conn.select(ideaColumns).from(dateIdeas).where(eq(dateIdeas.id, p.dateIdeaId));
    if (!chosen) throw notFound(ASSIGNMENT_MSG.dateIdeaNotFound);
  }

  const [loaded] = await loadProfiles(deps, sql`u.id = ${p.userId}`, conn);
  if (!loaded) return ineligible("deleted", RULE_MSG.deleted, null);
  const prefs = await conn.select().from(userPreferences).where(inArray(userPreferences.userId, couple.ids));
  const people = peopleOf(couple, prefs);
  const facts = (idea: IdeaRow | null): BookingFacts => ({
    ...coupleFactsAt(loaded, p.scheduledDate, p.exceptReservationId),
    people,
    venue: place.venue,
    idea,
    at: p.scheduledDate,
    now,
  });

  let broken: string[];
  if (p.dateIdeaId === undefined && place.ideas.length > 0) {
    // The idea that breaks fewest rules (ties: the first made), as Assign would book it.
    let best: { idea: IdeaRow; broken: string[] } | null = null;
    for (const idea of place.ideas) {
      const b = brokenRules(facts(idea));
      if (!best || b.length < best.broken.length) best = { idea, broken: b };
    }
    chosen = best!.idea;
    broken = best!.broken;
  } else {
    broken = brokenRules(facts(chosen));
  }
  return {
    eligible: true,
    reason: null,
    ineligible: null,
    broken,
    dateIdea: chosen ? { id: chosen.id, title: chosen.title } : null,
    couple,
  };
}

/**
 * Locks the venue (after the couple, the order every booking path uses) and answers the capacity rule's words
 * when a date of `hours` at `at` would not fit beside its other dates (`exceptId` left out), else null. For the
 * paths that put a date back rather than book a new one (Undo of a cancel or a move, a reinstatement).
 */
export async function lockVenueAndCheckRoom(
  tx: Tx,
  venueId: number,
  at: Date,
  dateIdeaId: number | null,
  exceptId: number,
  now: Date,
): Promise<string | null> {
  const [v] = await tx
    .select({ name: venues.name, capacity: venues.capacity })
    .from(venues)
    .where(eq(venues.id, venueId))
    .for("no key update");
  if (!v) return null;
  let hours = DEFAULT_DATE_HOURS;
  if (dateIdeaId !== null) {
    const [idea] = await tx
      .select({ duration: dateIdeas.duration })
      .from(dateIdeas)
      .where(eq(dateIdeas.id, dateIdeaId));
    if (idea) hours = idea.duration;
  }
  const booked = (await loadBooked(tx, now, { venueId, exceptId })).get(venueId) ?? [];
  const t = at.getTime();
  return peakOverlap(booked, t, t + hours * 3_600_000) >= v.capacity
    ? RULE_MSG.venueFull(v.name, v.capacity)
    : null;
}
