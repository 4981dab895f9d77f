/**
 * A date that breaks a rule now (rulebook/recheck.ts) is resolved by an operator in one click:
 * - POST /api/admin/assignments/:assignmentId/fix/accept moves it in place to the engine's proposal (same
 *   evening, another venue and idea) through the move path (move.ts): same id and calendar UID, the undo
 *   window, the new venue asked by the sweep, the couple told only of the new plan by the move's own mails.
 *   The proposal is checked again under the couple's lock: 409 when there is none or the date changed since,
 *   422 with the rules when it no longer fits.
 * - POST /api/admin/assignments/:assignmentId/fix/override keeps the date: its current rules join the date's
 *   overridden rules with the operator's reason, who and when (as Assign's override), and the flag goes.
 * Both are on the audit record (entity "assignment", the member as subject).
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { RULE_MSG } from "../../../../shared/admin/rulebook.ts";
import { adminAssignmentsApi as api } from "../../../../shared/contract/admin-assignments.ts";
import type { Tx } from "../../../db/client.ts";
import { dateReservations } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, HttpError } from "../../../http-error.ts";
import { route } from "../../../route.ts";
import { type Actor, actorOf, recordAudit } from "../../audit/record.ts";
import { checkBooking } from "../../rulebook/check.ts";
import { toFixProposal } from "../../rulebook/fix-proposal.ts";
import { moveDateIn } from "./move.ts";
import { readAssignment } from "./query.ts";
import { lockDateAndCouple } from "./status.ts";

const fresh = async (tx: Tx, id: number): Promise<AdminAssignment> => (await readAssignment(tx, id))!;

/** Accept fix: the date moves in place to the proposal (see the file's comment). */
export async function acceptFix(deps: Deps, id: number, actor: Actor): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const { dateRow } = await lockDateAndCouple(tx, id);
    const fix = toFixProposal(dateRow.fixProposal);
    if (!fix || !dateRow.ruleProblems?.length) throw conflict(RULE_MSG.noFix);
    if (fix.scheduledDate !== dateRow.scheduledDate.toISOString()) throw conflict(RULE_MSG.fixStale);
    const before = await fresh(tx, id);
    // Rules an operator already accepted for this date (a chosen day, say) carry over with their reason, but
    // only when the fix breaks nothing else; a fix that breaks a new rule is refused below (422).
    const answer = await checkBooking(
      deps,
      {
        userId: dateRow.userId,
        venueId: fix.venueId,
        scheduledDate: dateRow.scheduledDate,
        dateIdeaId: fix.dateIdeaId,
        exceptReservationId: id,
      },
      tx,
    ).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? conflict(RULE_MSG.fixStale) : err;
    });
    const accepted = new Set(dateRow.overrideRules ?? []);
    const carry =
      answer.eligible &&
      answer.broken.length > 0 &&
      dateRow.overrideReason &&
      answer.broken.every((r) => accepted.has(r))
        ? { reason: dateRow.overrideReason, by: actor.id }
        : null;
    await moveDateIn(
      deps,
      tx,
      id,
      {
        scheduledDate: dateRow.scheduledDate,
        venueId: fix.venueId,
        dateIdeaId: fix.dateIdeaId,
        override: carry,
      },
      { undo: true, mayOverride: false },
    );
    await tx
      .update(dateReservations)
      .set({ ruleProblems: null, fixProposal: null, rulesCheckedAt: deps.now() })
      .where(eq(dateReservations.id, id));
    const after = await fresh(tx, id);
    await recordAudit(tx, {
      actor,
      entity: "assignment",
      entityId: id,
      action: "fix_accepted",
      summary: `Fix accepted: moved to ${fix.venueName}${fix.ideaTitle ? ` · ${fix.ideaTitle}` : ""}, same evening`,
      before: { ...before },
      after: { ...after },
      subjectUserId: dateRow.userId,
    });
    return after;
  });
}

/** Keep with reason: the date stays, its current rules are overridden with the reason (see the file's comment). */
export async function keepWithReason(
  deps: Deps,
  id: number,
  reason: string,
  actor: Actor,
): Promise<AdminAssignment> {
  return deps.db.transaction(async (tx) => {
    const { dateRow } = await lockDateAndCouple(tx, id);
    const problems = dateRow.ruleProblems ?? [];
    if (problems.length === 0) throw conflict(RULE_MSG.nothingToKeep);
    const before = await fresh(tx, id);
    await tx
      .update(dateReservations)
      .set({
        overrideRules: [...new Set([...(dateRow.overrideRules ?? []), ...problems])],
        overrideReason: reason,
        overriddenBy: actor.id,
        overriddenAt: deps.now(),
        ruleProblems: null,
        fixProposal: null,
        rulesCheckedAt: deps.now(),
      })
      .where(eq(dateReservations.id, id));
    const after = await fresh(tx, id);
    await recordAudit(tx, {
      actor,
      entity: "assignment",
      entityId: id,
      action: "fix_overridden",
      summary: `Kept although it breaks ${problems.length === 1 ? "a rule" : `${problems.length} rules`}: ${reason}`,
      before: { ...before },
      after: { ...after },
      subjectUserId: dateRow.userId,
    });
    return after;
  });
}

/** The two routes (registered by routes.ts; every /api/admin/* path is guarded in plugins/auth-context.ts). */
export function adminAssignmentFixRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.fixAccept, {}, async (req) => acceptFix(deps, req.params.assignmentId, actorOf(req.user!)));
  route(app, api.fixOverride, {}, async (req) =>
    keepWithReason(deps, req.params.assignmentId, req.body.reason, actorOf(req.user!)),
  );
}
