/**
 * A date stays true after it is booked: when something a date depends on changes (either partner's needs and
 * answers, the couple, the plan, the venue, the idea, an Undo), each date still ahead that it touches is asked
 * of the one rulebook again, and a sweep asks every date ahead at least daily; the rules it now breaks are stored with it
 * (date_reservations.rule_problems, shown in the back office as `ruleProblems`). Rules an operator already
 * overrode for the date, and "less than 72 hours ahead" (every date gets there), are not repeated.
 */

import { and, asc, eq, inArray, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import pino from "pino";
import { dateReservations, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { Logger } from "../../logger.ts";
import { bestFix, type FixProposal } from "./best-fix.ts";
import { checkStored, loadWorld, withAllVenues } from "./recheck-batch.ts";

/** Re-checks the dates still ahead at these venues; answers how many now break a rule. */
export async function recheckVenueDates(deps: Deps, venueIds: readonly number[]): Promise<number> {
  if (venueIds.length === 0) return 0;
  return recheckDates(deps, inArray(dateReservations.venueId, [...venueIds]));
}

/** Re-checks the dates still ahead built on these date ideas. */
export async function recheckIdeaDates(deps: Deps, ideaIds: readonly number[]): Promise<number> {
  if (ideaIds.length === 0) return 0;
  return recheckDates(deps, inArray(dateReservations.dateIdeaId, [...ideaIds]));
}

/**
 * Re-checks the dates still ahead of these members' couples (each member's own dates and their partner's):
 * after a change to either partner's needs, alcohol choice, postcode, radius, plan, or the couple itself.
 */
export async function recheckCoupleDates(deps: Deps, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const ids = [...userIds];
  const partners = await deps.db
    .select({ partnerId: users.partnerId })
    .from(users)
    .where(inArray(users.id, ids));
  const all = [...new Set([...ids, ...partners.flatMap((p) => (p.partnerId ? [p.partnerId] : []))])];
  return recheckDates(deps, inArray(dateReservations.userId, all));
}

/** How often the sweep asks each date ahead again, and how many dates one run asks at most. */
export const RECHECK_SWEEP = { everyHours: 24, perRun: 2_000 } as const;

/**
 * The sweep (job "recheck-dates", one instance at a time): dates ahead not asked for a day, or never, soonest
 * first. It catches what no change announced: a re-check lost when a process stopped between a change's commit
 * and its re-check, rules that turn with time (a plan's last paid day, a season), and dates booked before the
 * re-checks existed. Answers how many dates it asked.
 */
export async function recheckStaleDates(deps: Deps, limit: number = RECHECK_SWEEP.perRun): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - RECHECK_SWEEP.everyHours * 3_600_000);
  const due = await deps.db
    .select({ id: dateReservations.id })
    .from(dateReservations)
    .where(
      and(
        notInArray(dateReservations.status, ["cancelled", "completed", "no_show"]),
        sql`${dateReservations.scheduledDate} > ${now}`,
        or(isNull(dateReservations.rulesCheckedAt), lt(dateReservations.rulesCheckedAt, before)),
      ),
    )
    .orderBy(asc(dateReservations.scheduledDate), asc(dateReservations.id))
    .limit(limit);
  if (due.length === 0) return 0;
  await recheckDates(
    deps,
    inArray(
      dateReservations.id,
      due.map((d) => d.id),
    ),
  );
  return due.length;
}

/** One date, now (after an operator's change to it, say). */
export async function recheckDate(deps: Deps, reservationId: number): Promise<number> {
  return recheckDates(deps, eq(dateReservations.id, reservationId));
}

async function recheckDates(deps: Deps, which: SQL | undefined): Promise<number> {
  const now = deps.now();
  const rows = await deps.db
    .select({
      id: dateReservations.id,
      userId: dateReservations.userId,
      venueId: dateReservations.venueId,
      dateIdeaId: dateReservations.dateIdeaId,
      scheduledDate: dateReservations.scheduledDate,
      overrideRules: dateReservations.overrideRules,
      ruleProblems: dateReservations.ruleProblems,
      fixProposal: dateReservations.fixProposal,
    })
    .from(dateReservations)
    .where(
      and(
        which,
        notInArray(dateReservations.status, ["cancelled", "completed", "no_show"]),
        sql`${dateReservations.scheduledDate} > ${now}`,
      ),
    );
  const dates = rows.filter((d): d is typeof d & { venueId: number } => d.venueId !== null);
  if (dates.length === 0) return 0;
  const world = await loadWorld(deps, dates);
  const ids: number[] = [];
  const problems: (string[] | null)[] = [];
  const fixes: (FixProposal | null)[] = [];
  const places: string[] = [];
  let flagged = 0;
  for (const d of dates) {
    const verdict = checkStored(world, d);
    if (!verdict) continue;
    const broken = verdict.problems.length > 0 ? verdict.problems : null;
    if (broken) flagged++;
    const fix = broken ? bestFix(await withAllVenues(deps, world), d, verdict) : null;
    ids.push(d.id);
    problems.push(broken);
    fixes.push(fix);
    places.push(`${d.venueId}|${d.dateIdeaId ?? ""}|${d.scheduledDate.toISOString()}`);
  }
  if (ids.length === 0) return flagged;
  // One statement for every date; a date moved meanwhile (another venue, idea or time) is left to its own check.
  await deps.db.execute(sql`
    update date_reservations r
    set rule_problems = nullif(v.problems, 'null'::jsonb), fix_proposal = nullif(v.fix, 'null'::jsonb), rules_checked_at = ${now}
    from (
      select unnest(${sql.param(ids)}::int[]) as id, unnest(${sql.param(problems.map((p) => JSON.stringify(p)))}::jsonb[]) as problems,
        unnest(${sql.param(fixes.map((f) => JSON.stringify(f)))}::jsonb[]) as fix,
        unnest(${sql.param(places)}::text[]) as place
    ) v
    where r.id = v.id
      and r.venue_id::text || '|' || coalesce(r.date_idea_id::text, '') || '|' ||
        to_char(r.scheduled_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') = v.place
  `);
  return flagged;
}

/**
 * After a member's own change has committed (needs, alcohol, postcode, radius, a partner linking or leaving,
 * the plan pausing, failing, ending, resuming): the couple's dates still ahead are asked again. Never makes the
 * member's change fail: a failure of the re-check is logged (the next change, or an operator's, asks again).
 */
export async function recheckCoupleAfter(
  deps: Deps,
  userIds: readonly (number | null | undefined)[],
  log?: Logger,
): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === "number"))];
  try {
    await recheckCoupleDates(deps, ids);
  } catch (err) {
    (log ?? fallbackLog).error({ err, userIds: ids }, "re-checking the couple's dates failed");
  }
}

const fallbackLog: Logger = pino({ name: "recheck" });
