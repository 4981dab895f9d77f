/**
 * Auto Assign Date: the matching engine picks the member's next date and it is booked at once.
 * The couple's rows are locked first, so the member is read, matched and booked as one step: a double click
 * waits for the first booking and then matches around it (another slot, or "the allowance is used up").
 */
import { sql } from "drizzle-orm";
import { type AdminAssignment, ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { MEMBERS_MSG } from "../../../../shared/admin/members.ts";
import type { Deps } from "../../../deps.ts";
import { HttpError, notFound } from "../../../http-error.ts";
import type { Actor } from "../../audit/record.ts";
import { findMatches } from "../../matching/engine.ts";
import { loadProfiles, loadVenues } from "../../matching/load.ts";
import type { MatchResult, MemberProfile, VenueCandidate } from "../../matching/types.ts";
import { memberExists } from "./list.ts";
import { createAssignment, lockCouple } from "./service.ts";
import { holdCreatedForUndo } from "./undo-state.ts";

const DAY_MS = 86_400_000;
/** The first window looked at, then the wider one when nothing fits in it. */
export const AUTO_WINDOW_DAYS = 30;
export const AUTO_WIDER_WINDOW_DAYS = 60;

/**
 * The best matches from 72 hours ahead (the engine's lead time) to 30 days; when nothing fits, to 60 days.
 * The answer of the narrower window explains a failure unless the wider one found something.
 */
export function matchAhead(
  member: MemberProfile,
  venues: readonly VenueCandidate[],
  now: Date,
  limit: number,
): MatchResult {
  const window = (days: number) =>
    findMatches(member, venues, { now, from: now, to: new Date(now.getTime() + days * DAY_MS), limit });
  const first = window(AUTO_WINDOW_DAYS);
  if (first.matches.length > 0) return first;
  const wider = window(AUTO_WIDER_WINDOW_DAYS);
  return wider.matches.length > 0 ? wider : { matches: [], noFit: wider.noFit ?? first.noFit };
}

/** POST /api/admin/assignments/auto/:userId. */
export async function autoAssign(
  deps: Deps,
  userId: number,
  actor: Actor | null = null,
): Promise<AdminAssignment> {
  if (!(await memberExists(deps, userId))) throw notFound(MEMBERS_MSG.notFound);
  return deps.db.transaction(async (tx) => {
    await lockCouple(tx, userId);
    const [loaded] = await loadProfiles(deps, sql`u.id = ${userId}`, tx);
    if (!loaded?.complete) throw new HttpError(422, ASSIGNMENT_MSG.autoFailed);
    const venues = await loadVenues(deps, tx);
    const result = matchAhead(loaded.profile, venues, deps.now(), 1);
    const best = result.matches[0];
    if (!best) {
      throw new HttpError(422, ASSIGNMENT_MSG.autoNoFit(result.noFit ?? "No venue, date idea and time fit."));
    }
    const created = await createAssignment(
      deps,
      {
        userId,
        venueId: best.venueId,
        dateIdeaId: best.dateIdeaId,
        scheduledDate: best.scheduledDate,
        matchReasons: best.reasons,
        actor,
        how: "Auto-assigned",
      },
      tx,
    );
    // The couple hears of it only after the undo window (undo.ts).
    await holdCreatedForUndo(tx, deps.now(), created);
    return created;
  });
}
