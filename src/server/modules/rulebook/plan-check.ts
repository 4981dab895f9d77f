/**
 * Plan {Month} asks the rulebook too. The planner matches the whole month from one read, then
 * writes it; between the two an operator may book a clash, a member may pause, add a venue exclusion or change
 * a need. So, once the planned couples are locked, each planned date is checked against the couple as it is
 * now, with the same brokenRules every other booking path uses: a date that breaks a rule is not written and
 * the planning run's report says why. Set-based: one read of the couples and one of their people, so the
 * check stays cheap for ten thousand members.
 */
import { sql } from "drizzle-orm";
import { datesAllowed } from "../../../shared/admin/assignments.ts";
import { RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { hasLiveSubscription } from "../../../shared/constants.ts";
import { londonDayMonth, londonMonthKey } from "../../../shared/london-time.ts";
import { peakOverlap } from "../../../shared/venue-hours.ts";
import type { Tx } from "../../db/client.ts";
import { type LoadDeps, loadProfiles } from "../matching/load.ts";
import { HOUR_MS } from "../matching/rules.ts";
import type { MemberProfile, VenueCandidate } from "../matching/types.ts";
import { brokenRules, dateHours, type Person } from "./rules.ts";

/** A date the planner means to write (plan.ts PlannedDate, without the words). */
export interface DateToWrite {
  userId: number;
  venueId: number;
  dateIdeaId: number | null;
  scheduledDate: Date;
}

/** A planned date the rulebook refused at write time, for the run's report. */
export interface SkippedDate {
  userId: number;
  name: string;
  scheduledDate: string;
  rules: string[];
}

interface PersonRow extends Record<string, unknown> {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  dietary: string[] | null;
  accessibility: string[] | null;
  alcohol_ok: boolean | null;
}

/**
 * Splits `planned` into the dates that still break no rule and those that do. Call it inside the planner's
 * transaction after the couples' user rows are locked, so the answer holds until the dates are inserted. Each
 * couple's dates are checked in time order, each kept one counting as a clash and against the allowance for
 * the next.
 */
export async function datesThatStillFit<T extends DateToWrite>(
  deps: LoadDeps,
  tx: Tx,
  planned: readonly T[],
  venues: ReadonlyMap<number, VenueCandidate>,
  now: Date,
): Promise<{ keep: T[]; skipped: SkippedDate[] }> {
  const bookers = [...new Set(planned.map((p) => p.userId))];
  if (bookers.length === 0) return { keep: [], skipped: [] };
  const fresh = await loadProfiles(deps, sql`u.id = any(${sql.param(bookers)}::int[])`, tx);
  const byId = new Map(fresh.map((l) => [l.profile.userId, l]));
  const peopleIds = [
    ...new Set(fresh.flatMap((l) => [l.profile.userId, l.profile.partnerId ?? l.profile.userId])),
  ];
  const rows = (
    await tx.execute<PersonRow>(sql`
      select u.id, u.first_name, u.last_name, u.email, p.dietary_restrictions as dietary,
        p.accessibility_needs as accessibility, p.alcohol_ok
      from users u left join user_preferences p on p.user_id = u.id
      where u.id = any(${sql.param(peopleIds)}::int[])
    `)
  ).rows;
  const personOf = new Map<number, Person>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: [r.first_name, r.last_name].filter(Boolean).join(" ").trim() || r.email,
        dietary: r.dietary ?? [],
        accessibility: r.accessibility ?? [],
        alcoholOk: r.alcohol_ok ?? true,
      },
    ]),
  );

  const keep: T[] = [];
  const skipped: SkippedDate[] = [];
  const ordered = [...planned].sort(
    (a, b) => a.userId - b.userId || a.scheduledDate.getTime() - b.scheduledDate.getTime(),
  );
  let history: MemberProfile["history"] = [];
  const keptByMonth = new Map<string, number>();
  // Dates kept in this pass per venue ([start, end) in ms): they take the venue's places too.
  const keptAt = new Map<number, [number, number][]>();
  let current = -1;
  for (const p of ordered) {
    const loaded = byId.get(p.userId);
    if (p.userId !== current) {
      current = p.userId;
      history = loaded ? [...loaded.profile.history] : [];
      keptByMonth.clear();
    }
    const skip = (rules: string[]) =>
      skipped.push({
        userId: p.userId,
        name: loaded?.profile.name ?? `Member ${p.userId}`,
        scheduledDate: p.scheduledDate.toISOString(),
        rules,
      });
    // Not eligible any more: deleted, or the plan ended while planning (the planner only reads live plans).
    if (!loaded) {
      skip([RULE_MSG.deleted]);
      continue;
    }
    const m = loaded.profile;
    if (!hasLiveSubscription(m.subscriptionStatus)) {
      skip([RULE_MSG.noPlan(m.name)]);
      continue;
    }
    const venue = venues.get(p.venueId);
    const idea = p.dateIdeaId === null ? null : venue?.ideas.find((i) => i.id === p.dateIdeaId);
    if (!venue || idea === undefined) continue; // never planned: the planner only plans loaded venues and ideas
    const ym = londonMonthKey(p.scheduledDate);
    const row = loaded.quotaRows.get(ym);
    const kept = keptByMonth.get(ym) ?? 0;
    const people = [m.userId, ...(m.partnerId ? [m.partnerId] : [])]
      .map((id) => personOf.get(id))
      .filter((x): x is Person => !!x);
    const start = p.scheduledDate.getTime();
    const span: [number, number] = [start, start + dateHours(idea) * HOUR_MS];
    const broken = brokenRules({
      venueTaken: peakOverlap([...(venue.booked ?? []), ...(keptAt.get(venue.id) ?? [])], span[0], span[1]),
      profile: { ...m, history },
      people,
      venue,
      // The venue's active ideas as the planner read them.
      idea: idea ? { ...idea, venueId: venue.id, isActive: true } : null,
      at: p.scheduledDate,
      now,
      allowance: {
        allowed: row?.allowed ?? datesAllowed(m.tier),
        used: Math.max(row?.used ?? 0, loaded.coupleDatesByMonth.get(ym) ?? 0) + kept,
      },
    });
    if (broken.length > 0) {
      skip(broken);
      continue;
    }
    keep.push(p);
    keptByMonth.set(ym, kept + 1);
    const atVenue = keptAt.get(venue.id);
    if (atVenue) atVenue.push(span);
    else keptAt.set(venue.id, [span]);
    history = [
      {
        reservationId: -keep.length,
        venueId: venue.id,
        venueType: venue.type,
        category: null,
        scheduledDate: p.scheduledDate,
        status: "scheduled",
        rating: null,
      },
      ...history,
    ];
  }
  // In the planner's order (its summary lists the dates as planned).
  const kept = new Set<T>(keep);
  return { keep: planned.filter((p) => kept.has(p)), skipped };
}

/** The report line for a couple's refused dates ("Not written: 3 Dec: Clashes with ..."). */
export function skippedText(dates: readonly SkippedDate[]): string {
  return dates
    .map((d) => `Not written, ${londonDayMonth(new Date(d.scheduledDate))}: ${d.rules.join("; ")}`)
    .join(". ");
}
