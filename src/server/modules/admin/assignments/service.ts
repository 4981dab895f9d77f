import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import {
  type AdminAssignment,
  ASSIGNMENT_CLASH_HOURS,
  ASSIGNMENT_MSG,
} from "../../../../shared/admin/assignments.ts";
import { RULE_MSG } from "../../../../shared/admin/rulebook.ts";
import type { Tx } from "../../../db/client.ts";
import { dateIdeas, dateReservations, users, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, conflict, HttpError, notFound } from "../../../http-error.ts";
import { type Actor, recordAudit } from "../../audit/record.ts";
import { type Couple, readCouple } from "../../couples/couple.ts";
import { consumeQuota } from "../../quota/quota.ts";
import { checkBooking, type RulebookAnswer } from "../../rulebook/check.ts";
import { auditAssignment, dateWords } from "./audit.ts";
import { readAssignment } from "./query.ts";

export interface NewAssignment {
  userId: number;
  venueId: number;
  scheduledDate: Date;
  /** The date idea; when not given (undefined), an active idea at the venue (or none); null: none. */
  dateIdeaId?: number | null;
  aiSuggestion?: string | null;
  /** The matching engine's reasons for this choice (admins only). */
  matchReasons?: string[] | null;
  /** An operator's reason to book although the date breaks hard rules (manual Assign only), and who they are. */
  override?: { reason: string; by: number } | null;
  /** The refusal invites an override reason (manual Assign); Auto Assign and Create Booking never override. */
  mayOverride?: boolean;
  /** Who books it (the audit row's actor); null or left out: the system (a job, the planner). */
  actor?: Actor | null;
  /** How it was booked, the audit row's words ("Date assigned", "Auto-assigned"...). */
  how?: string;
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

const deletedAnswer: RulebookAnswer = {
  eligible: false,
  reason: RULE_MSG.deleted,
  ineligible: "deleted",
  broken: [],
  dateIdea: null,
  couple: null,
};

/** The 4xx of a booking the rulebook refuses: not eligible (no override), or rules broken. */
export function rulebookRefusal(answer: RulebookAnswer, mayOverride: boolean): HttpError {
  if (!answer.eligible) {
    if (answer.ineligible === "inPast") return badRequest(ASSIGNMENT_MSG.dateInPast);
    const err = new HttpError(422, answer.reason ?? RULE_MSG.noPlan("This member"));
    err.extra = { eligible: false };
    return err;
  }
  const err = new HttpError(
    422,
    mayOverride ? RULE_MSG.broken(answer.broken) : RULE_MSG.brokenNoOverride(answer.broken),
  );
  err.extra = { eligible: true, rules: answer.broken };
  return err;
}

/**
 * Creates a date for a member (the Assign Date dialog, AI suggestions' Create Booking, the matching
 * engine). The rulebook is asked first, inside the transaction and after the couple is locked: a couple that
 * may not have dates is refused (422; a past time 400); a date that breaks hard rules is refused (422 with the
 * rules) unless `override` carries an operator's reason, and then the rules, reason, who and when are stored
 * with it. The date counts against the couple's allowance for its London month (an overridden allowance too).
 * Everything happens in one transaction (the caller's when `tx` is given).
 */
export async function createAssignment(deps: Deps, input: NewAssignment, tx?: Tx): Promise<AdminAssignment> {
  const run = async (t: Tx): Promise<AdminAssignment> => {
    if (!(input.scheduledDate.getTime() > deps.now().getTime())) throw badRequest(ASSIGNMENT_MSG.dateInPast);
    // A deleted account is not eligible (422), rather than unknown (lockCouple's 404).
    const [gone] = await t
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), isNotNull(users.deletedAt)));
    if (gone) throw rulebookRefusal(deletedAnswer, false);
    const couple = await lockCouple(t, input.userId);
    const { member } = couple;
    // The venue row is locked (after the couple, as every booking path locks them): two bookings at one venue
    // run one after the other, so its capacity counts the first when the second is checked, and a delete at
    // the same moment waits for this date and is then refused for it (instead of a 500). The idea rows are
    // key-share locked for the same reason.
    const [venue] = await t
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.id, input.venueId))
      .for("no key update");
    if (!venue) throw notFound(ASSIGNMENT_MSG.venueNotFound);
    if (typeof input.dateIdeaId === "number") {
      const [idea] = await t
        .select({ id: dateIdeas.id })
        .from(dateIdeas)
        .where(eq(dateIdeas.id, input.dateIdeaId))
        .for("key share");
      if (!idea) throw notFound(ASSIGNMENT_MSG.dateIdeaNotFound);
    }
    const answer = await checkBooking(
      deps,
      {
        userId: member.id,
        venueId: venue.id,
        scheduledDate: input.scheduledDate,
        dateIdeaId: input.dateIdeaId,
      },
      t,
    );
    const override = input.override ?? null;
    if (!answer.eligible || (answer.broken.length > 0 && !override))
      throw rulebookRefusal(answer, input.mayOverride ?? false);
    const overridden = answer.broken.length > 0 && override !== null;
    // undefined: the rulebook's pick at the venue (the active idea that breaks fewest rules); null: the venue.
    const dateIdeaId = answer.dateIdea?.id ?? null;
    if (input.dateIdeaId === undefined && dateIdeaId !== null) {
      // The idea the rulebook picked, locked as the venue is; deleted in the meantime, it is not found (404).
      const [picked] = await t
        .select({ id: dateIdeas.id })
        .from(dateIdeas)
        .where(eq(dateIdeas.id, dateIdeaId))
        .for("key share");
      if (!picked) throw notFound(ASSIGNMENT_MSG.dateIdeaNotFound);
    }
    await consumeQuota(t, couple, input.scheduledDate, { allowOver: overridden });
    const [row] = await t
      .insert(dateReservations)
      .values({
        userId: member.id,
        venueId: venue.id,
        dateIdeaId,
        scheduledDate: input.scheduledDate,
        status: "scheduled",
        // The venue is asked once the undo window has passed (venue-bookings/requests.ts).
        venueStatus: "pending",
        aiSuggestion: input.aiSuggestion ?? null,
        matchReasons: input.matchReasons?.length ? input.matchReasons : null,
        ...(overridden && override
          ? {
              overrideRules: answer.broken,
              overrideReason: override.reason,
              overriddenBy: override.by,
              overriddenAt: deps.now(),
            }
          : {}),
      })
      .returning({ id: dateReservations.id });
    const created = (await readAssignment(t, row.id))!;
    const actor = input.actor ?? null;
    await auditAssignment(t, {
      actor,
      action: "create",
      summary: `${input.how ?? "Date assigned"}: ${dateWords(created)}`,
      before: null,
      after: created,
    });
    if (overridden) await auditOverride(t, actor, created, answer.broken);
    return created;
  };
  return tx ? run(tx) : deps.db.transaction(run);
}

/** The audit row of an operator's override: the rules broken and the reason (kept with the date). */
export async function auditOverride(
  tx: Tx,
  actor: Actor | null,
  a: AdminAssignment,
  rules: string[],
): Promise<void> {
  await recordAudit(tx, {
    actor,
    entity: "assignment",
    entityId: a.id,
    action: "override",
    summary: `Rules overridden for ${dateWords(a)}: ${rules.join("; ")}`,
    changes: [
      { field: "overriddenRules", before: null, after: rules },
      { field: "overrideReason", before: null, after: a.override?.reason ?? null },
    ],
    subjectUserId: a.userId,
  });
}
