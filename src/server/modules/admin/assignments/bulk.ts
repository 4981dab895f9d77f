/**
 * Bulk actions on a selection of dates (issue 32, item 7): cancel, message (an e-mail to the couples) and
 * re-plan (the engine moves each date to another venue on the same evening). The preview says exactly what will
 * happen to each date, or why it cannot; the run does it in ONE transaction, all or nothing: the first date that
 * is refused rolls the whole batch back (409 naming it). Cancels and re-plans keep the undo window of each date
 * (undo-state.ts), and POST /bulk/undo puts a batch back in one transaction.
 */
import { inArray, sql } from "drizzle-orm";
import {
  type BulkPreview,
  type BulkPreviewItem,
  type BulkRequest,
  type BulkResult,
  type BulkUndoResult,
  ASSIGNMENT_LIST_MSG as M,
} from "../../../../shared/admin/assignment-list.ts";
import { statusMoveRefusal } from "../../../../shared/admin/assignment-status.ts";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { londonMonthKey } from "../../../../shared/london-time.ts";
import type { Tx } from "../../../db/client.ts";
import { dateReservations } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, HttpError, notFound } from "../../../http-error.ts";
import type { Actor } from "../../audit/record.ts";
import { render } from "../../email/templates.ts";
import { findMatches } from "../../matching/engine.ts";
import { loadProfiles, loadVenues } from "../../matching/load.ts";
import type { MatchResult, VenueCandidate } from "../../matching/types.ts";
import { auditAssignment, dateWords } from "./audit.ts";
import { moveDateIn } from "./move.ts";
import { assignmentQuery, toAdminAssignment } from "./query.ts";
import { changeStatusIn, lockDateAndCouple } from "./status.ts";
import { auditUndo, undoIn } from "./undo.ts";

type Reader = Deps["db"] | Tx;

/** The selected dates in the order chosen; 404 naming any that do not exist. */
async function readSelection(db: Reader, ids: number[]): Promise<AdminAssignment[]> {
  const rows = (await assignmentQuery(db).where(inArray(dateReservations.id, ids))).map(toAdminAssignment);
  const byId = new Map(rows.map((a) => [a.id, a]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw notFound(M.notFound(missing));
  return ids.map((id) => byId.get(id)!);
}

const who = (a: AdminAssignment) => (a.user ? memberName(a.user) : `Member ${a.userId}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Why a date cannot be cancelled now, or null. */
function cancelProblem(a: AdminAssignment, now: Date): string | null {
  if (a.status === "cancelled") return "Already cancelled";
  return statusMoveRefusal(a.status, "cancelled", new Date(a.scheduledDate), now);
}

/** Why a date cannot be re-planned (moved by the engine), or null. */
function replanProblem(a: AdminAssignment, now: Date): string | null {
  if (["cancelled", "completed", "no_show"].includes(a.status) || new Date(a.scheduledDate) <= now)
    return "Only a date still ahead can be re-planned";
  if (!a.user) return "The member has deleted their account";
  return null;
}

/**
 * The engine's best other venue on the same evening (same time) for the date, every rule passed, the date
 * itself not counted as a clash or a second allowance; null when nothing fits.
 */
async function bestReplan(
  deps: Deps,
  db: Reader,
  a: AdminAssignment,
  venues: readonly VenueCandidate[],
): Promise<MatchResult["matches"][number] | null> {
  const at = new Date(a.scheduledDate);
  const [loaded] = await loadProfiles(deps, sql`u.id = ${a.userId}`, db as Tx);
  if (!loaded?.complete) return null;
  const ym = londonMonthKey(at);
  const profile = {
    ...loaded.profile,
    history: loaded.profile.history.filter((h) => h.reservationId !== a.id),
    quotaRemaining: (key: string) => (key === ym ? 1 : 0),
  };
  const result = findMatches(
    profile,
    venues.filter((v) => v.id !== a.venueId),
    { now: deps.now(), from: at, to: at, limit: 3 },
  );
  return result.matches.find((m) => m.scheduledDate.getTime() === at.getTime()) ?? null;
}

const venueTold = (a: AdminAssignment) =>
  a.venue && a.venueBooking.requestedAt
    ? `; ${a.venue.name} is told too`
    : "; the venue was not asked yet, so nothing goes to it";

/** POST /api/admin/assignments/bulk/preview: what the action would do to each date (changes nothing). */
export async function previewBulk(deps: Deps, req: BulkRequest): Promise<BulkPreview> {
  const dates = await readSelection(deps.db, req.ids);
  const now = deps.now();
  const venues = req.action === "replan" ? await loadVenues(deps) : [];
  const items: BulkPreviewItem[] = [];
  for (const a of dates) {
    let outcome: string | null = null;
    let problem: string | null = null;
    if (req.action === "cancel") {
      problem = cancelProblem(a, now);
      if (!problem) outcome = `Cancelled. The couple is e-mailed after the undo window${venueTold(a)}`;
    } else if (req.action === "message") {
      problem = a.user ? null : "The member has deleted their account";
      if (!problem) outcome = `E-mailed to ${a.user!.email} (and their partner, when linked)`;
    } else {
      problem = replanProblem(a, now);
      if (!problem) {
        const best = await bestReplan(deps, deps.db, a, venues);
        if (!best) problem = "No other venue fits every rule on that evening";
        else
          outcome = `Moved to ${best.venueName}${best.dateIdeaTitle ? ` (${best.dateIdeaTitle})` : ""}, same time; the new venue is asked after the undo window`;
      }
    }
    items.push({
      id: a.id,
      member: who(a),
      scheduledDate: a.scheduledDate,
      venue: a.venue?.name ?? null,
      status: a.status,
      outcome,
      problem,
    });
  }
  const blocked = items.filter((i) => i.problem).length;
  const n = items.length;
  const dates_ = plural(n, "date");
  // Only venues already asked are told of a cancellation: the summary says what the items say.
  const asked = dates.filter((a) => a.venue && a.venueBooking.requestedAt).length;
  const whoIsTold =
    asked === 0
      ? n === 1
        ? "the couple"
        : "the couples"
      : asked === n
        ? n === 1
          ? "the couple and the venue"
          : "the couples and venues"
        : `the couples, and the ${plural(asked, "venue")} already asked,`;
  const summary =
    blocked > 0
      ? `${plural(blocked, "date")} of ${n} cannot be ${req.action === "message" ? "messaged" : req.action === "cancel" ? "cancelled" : "re-planned"}: remove ${blocked === 1 ? "it" : "them"} from the selection to go on`
      : req.action === "cancel"
        ? `${dates_} will be cancelled; ${whoIsTold} will be told after the undo window`
        : req.action === "message"
          ? `${plural(n, "couple")} will be e-mailed "${req.subject}"`
          : `${dates_} will be moved to another venue on the same evening; the couples hear only of the new plan`;
  return { action: req.action, summary, ready: blocked === 0, items };
}

/** POST /api/admin/assignments/bulk: the action on every date in one transaction, all or nothing. */
export async function runBulk(deps: Deps, req: BulkRequest, actor: Actor | null): Promise<BulkResult> {
  const mails: Array<{ to: string; userId: number; reservationId: number }> = [];
  const venues = req.action === "replan" ? await loadVenues(deps) : [];
  const assignments = await deps.db.transaction(async (tx) => {
    const dates = await readSelection(tx, req.ids);
    const out: AdminAssignment[] = [];
    for (const a of dates) {
      try {
        if (req.action === "cancel") {
          const problem = cancelProblem(a, deps.now());
          if (problem) throw conflict(problem);
          out.push(await changeStatusIn(deps, tx, a.id, "cancelled", null, { actor }));
        } else if (req.action === "replan") {
          const problem = replanProblem(a, deps.now());
          if (problem) throw conflict(problem);
          const best = await bestReplan(deps, tx, a, venues);
          if (!best) throw conflict("No other venue fits every rule on that evening");
          out.push(
            await moveDateIn(
              deps,
              tx,
              a.id,
              {
                scheduledDate: new Date(a.scheduledDate),
                venueId: best.venueId,
                dateIdeaId: best.dateIdeaId,
                matchReasons: ["Re-planned by an operator", ...best.reasons],
                actor,
                how: "Re-planned",
              },
              { undo: true, mayOverride: false },
            ),
          );
        } else {
          const { couple } = await lockDateAndCouple(tx, a.id);
          if (!couple) throw conflict("The member has deleted their account");
          for (const u of [couple.member, couple.partner]) {
            if (u && !u.deletedAt) mails.push({ to: u.email, userId: u.id, reservationId: a.id });
          }
          await auditAssignment(tx, {
            actor,
            action: "message",
            summary: `E-mailed the couple about ${dateWords(a)}: "${req.action === "message" ? req.subject : ""}"`,
            before: null,
            after: null,
          });
          out.push(a);
        }
      } catch (e) {
        if (e instanceof HttpError && e.statusCode < 500) {
          const err = new HttpError(e.statusCode === 404 ? 404 : 409, M.failed(a.id, e.message));
          throw err;
        }
        throw e;
      }
    }
    return out;
  });
  if (req.action === "message") {
    const m = render(
      req.subject,
      req.subject,
      req.body
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean),
    );
    for (const mail of mails) void deps.mailer.send({ ...mail, ...m, type: "admin_date_message" });
  }
  const n = assignments.length;
  const message =
    req.action === "cancel"
      ? `${plural(n, "date")} cancelled`
      : req.action === "replan"
        ? `${plural(n, "date")} re-planned`
        : `${plural(mails.length, "e-mail")} sent to ${plural(n, "couple")}`;
  return {
    action: req.action,
    message,
    assignments,
    undoIds: req.action === "message" ? [] : assignments.map((a) => a.id),
  };
}

/** POST /api/admin/assignments/bulk/undo: every date of a batch put back in one transaction, or none. */
export async function undoBulk(deps: Deps, ids: number[], actor: Actor | null): Promise<BulkUndoResult> {
  const assignments = await deps.db.transaction(async (tx) => {
    const out: AdminAssignment[] = [];
    for (const id of ids) {
      try {
        const result = await undoIn(deps, tx, id);
        await auditUndo(tx, actor, result);
        if (result.assignment) out.push(result.assignment);
      } catch (e) {
        if (e instanceof HttpError && e.statusCode < 500)
          throw new HttpError(e.statusCode, M.failed(id, e.message));
        throw e;
      }
    }
    return out;
  });
  return { message: M.undone(assignments.length), assignments };
}
