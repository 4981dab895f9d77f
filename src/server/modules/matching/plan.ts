/**
 * The monthly planner: one pass over every active, onboarded member whose London month still has
 * dates left, greatest need first; each couple once; dates spread across venues (a load penalty in the
 * ranking and at most VENUE_SLOT_CAP couples per venue per slot). Everything is written in one transaction
 * with a few bulk statements, under an advisory lock so two runs (two app instances, the CLI and the admin
 * button) never plan the same month twice. A planning_runs row records every run, dry runs included.
 */
import { sql } from "drizzle-orm";
import { datesAllowed } from "../../../shared/admin/assignments.ts";
import { londonInstant, londonParts } from "../../../shared/london-time.ts";
import { overlapping } from "../../../shared/venue-hours.ts";
import type { Tx } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { badRequest } from "../../http-error.ts";
import { datesThatStillFit, type SkippedDate, skippedText } from "../rulebook/plan-check.ts";
import { dateHours } from "../rulebook/rules.ts";
import { findMatches } from "./engine.ts";
import { previousText } from "./explain.ts";
import { type LoadDeps, type LoadedMember, loadBooked, loadProfiles, loadVenues } from "./load.ts";
import { HOUR_MS, norm } from "./rules.ts";
import { claimRun } from "./run-owner.ts";
import type { MemberProfile, PlanSummary, VenueCandidate } from "./types.ts";

/** pg_advisory_xact_lock key of the planner ("plan" in ASCII). */
export const PLAN_LOCK_KEY = 0x706c616e;
/** Unplaced members kept in the run's summary. */
export const UNPLACED_KEPT = 300;

export interface PlanMonthOptions {
  /** "YYYY-MM"; default: the next London month. */
  month?: string;
  dryRun: boolean;
  triggeredBy?: number | null;
}

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The London month after `now`'s ("2026-12"). */
export function nextLondonMonth(now: Date): string {
  const p = londonParts(now);
  const y = p.month === 12 ? p.year + 1 : p.year;
  const m = p.month === 12 ? 1 : p.month + 1;
  return `${y}-${String(m).padStart(2, "0")}`;
}

/** First and last instant of a London month. */
export function monthWindow(month: string): { from: Date; to: Date; year: number; month: number } {
  const m = MONTH_RE.exec(month);
  if (!m) throw badRequest("Month must be given as YYYY-MM");
  const year = Number(m[1]);
  const mo = Number(m[2]);
  const from = londonInstant(year, mo, 1, 0, 0);
  const next = mo === 12 ? londonInstant(year + 1, 1, 1, 0, 0) : londonInstant(year, mo + 1, 1, 0, 0);
  return { from, to: new Date(next.getTime() - 1), year, month: mo };
}

interface Unit {
  loaded: LoadedMember;
  need: number;
}

export interface PlannedDate {
  userId: number;
  category: string;
  venueId: number;
  dateIdeaId: number | null;
  scheduledDate: Date;
  reasons: string[];
}

/** The dates a couple still needs this month: their one allowance less the dates either partner has. */
function needOf(l: LoadedMember, month: string): number {
  return l.profile.quotaRemaining(month);
}

/**
 * Each couple once: of two linked members both loaded, the one with complete preferences books, then the one
 * with the greater need, then the lower id.
 */
function unitsOf(members: LoadedMember[], month: string): Unit[] {
  const byId = new Map(members.map((l) => [l.profile.userId, l]));
  const done = new Set<number>();
  const units: Unit[] = [];
  for (const l of members) {
    const id = l.profile.userId;
    if (done.has(id)) continue;
    done.add(id);
    let chosen = l;
    const partner = l.profile.partnerId ? byId.get(l.profile.partnerId) : undefined;
    if (partner && partner.profile.partnerId === id) {
      done.add(partner.profile.userId);
      // The one whose preferences can be planned with; then the greater need; then the lower id.
      const a = needOf(l, month);
      const b = needOf(partner, month);
      if (partner.complete !== l.complete) {
        if (partner.complete) chosen = partner;
      } else if (b > a || (b === a && partner.profile.userId < id)) chosen = partner;
    }
    const need = needOf(chosen, month);
    if (need > 0) units.push({ loaded: chosen, need });
  }
  units.sort((a, b) => b.need - a.need || a.loaded.profile.userId - b.loaded.profile.userId);
  return units;
}

const INCOMPLETE = "Preferences are incomplete (no postcode, days or times to plan with)";

export async function planMonth(deps: Deps, opts: PlanMonthOptions): Promise<PlanSummary> {
  const started = performance.now();
  const now = deps.now();
  const month = opts.month ?? nextLondonMonth(now);
  const window = monthWindow(month);
  const [run] = (
    await deps.db.execute<{ id: number }>(sql`
      insert into planning_runs (month, dry_run, status, triggered_by, started_at)
      values (${month}, ${opts.dryRun}, 'running', ${opts.triggeredBy ?? null}, ${now})
      returning id
    `)
  ).rows;
  const timings: Record<string, number> = {};
  const mark = (name: string, since: number) => {
    timings[name] = Math.round(performance.now() - since);
  };
  try {
    const summary = await deps.db.transaction(async (tx) => {
      await claimRun(deps.db, tx, run.id);
      // Plans are made inside the lock: a second run waits, then sees the first one's dates and quotas.
      if (!opts.dryRun) await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_LOCK_KEY})`);
      let t = performance.now();
      const members = await loadProfiles(
        deps,
        sql`ua.subscription_status = 'active' and u.onboarding_completed and ua.subscription_tier is not null`,
        tx,
      );
      const venues = await loadVenues(deps, tx);
      mark("loadMs", t);
      t = performance.now();
      const units = unitsOf(members, month);
      const venueLoad = new Map<number, number>();
      // This pass's dates per venue ([start, end) in ms): with the venue's booked dates, at most its capacity
      // overlap at any time.
      const passDates = new Map<number, [number, number][]>();
      const slotTaken = (venueId: number, start: number, end: number) => {
        const list = passDates.get(venueId);
        return list ? overlapping(list, start, end) : 0;
      };
      const venueById = new Map(venues.map((v) => [v.id, v]));
      const planned: PlannedDate[] = [];
      const unplaced: { userId: number; name: string; reason: string }[] = [];
      let membersUnplaced = 0;
      for (const unit of units) {
        const base = unit.loaded.profile;
        if (!unit.loaded.complete) {
          membersUnplaced++;
          if (unplaced.length < UNPLACED_KEPT)
            unplaced.push({ userId: base.userId, name: base.name, reason: INCOMPLETE });
          continue;
        }
        let placed = 0;
        const first = planned.length;
        let history = base.history;
        let reason: string | null = null;
        while (placed < unit.need) {
          const left = unit.need - placed;
          const profile: MemberProfile = {
            ...base,
            history,
            quotaRemaining: (ym) => (ym === month ? left : 0),
          };
          const result = findMatches(profile, venues, {
            now,
            from: window.from,
            to: window.to,
            limit: 1,
            venueLoad,
            slotTaken,
          });
          const m = result.matches[0];
          if (!m) {
            reason = result.noFit ?? "Nothing fits";
            break;
          }
          placed++;
          planned.push({
            userId: base.userId,
            category: m.category,
            venueId: m.venueId,
            dateIdeaId: m.dateIdeaId,
            scheduledDate: m.scheduledDate,
            reasons: m.reasons,
          });
          venueLoad.set(m.venueId, (venueLoad.get(m.venueId) ?? 0) + 1);
          const at = m.scheduledDate.getTime();
          const idea = venueById.get(m.venueId)?.ideas.find((i) => i.id === m.dateIdeaId) ?? null;
          const span: [number, number] = [at, at + dateHours(idea) * HOUR_MS];
          const list = passDates.get(m.venueId);
          if (list) list.push(span);
          else passDates.set(m.venueId, [span]);
          history = [
            {
              reservationId: -planned.length,
              venueId: m.venueId,
              venueType: m.venueType,
              category: m.category,
              scheduledDate: m.scheduledDate,
              status: "scheduled",
              rating: null,
            },
            ...history,
          ];
        }
        if (placed > 1) truePrevious(planned.slice(first), history, now);
        if (placed < unit.need) {
          membersUnplaced++;
          if (unplaced.length < UNPLACED_KEPT) {
            unplaced.push({
              userId: base.userId,
              name: base.name,
              reason:
                placed === 0 ? (reason ?? "Nothing fits") : `Planned ${placed} of ${unit.need}: ${reason}`,
            });
          }
        }
      }
      mark("matchMs", t);

      let written = planned;
      let skipped: SkippedDate[] = [];
      if (!opts.dryRun && planned.length > 0) {
        t = performance.now();
        const checked = await recheckAndWrite(deps, tx, members, venues, planned, window, month, now);
        written = checked.keep;
        mark("writeMs", t);
        if (checked.skipped.length > 0) {
          timings.droppedOnRecheck = checked.skipped.length;
          skipped = checked.skipped;
          membersUnplaced += reportSkipped(unplaced, checked.skipped);
        }
      }
      return { membersConsidered: units.length, planned: written, unplaced, membersUnplaced, skipped };
    });

    const elapsedMs = Math.round(performance.now() - started);
    const result: PlanSummary = {
      runId: run.id,
      month,
      dryRun: opts.dryRun,
      membersConsidered: summary.membersConsidered,
      datesPlanned: summary.planned.length,
      membersUnplaced: summary.membersUnplaced,
      unplaced: summary.unplaced,
      planned: summary.planned.map((p) => ({
        userId: p.userId,
        venueId: p.venueId,
        dateIdeaId: p.dateIdeaId,
        scheduledDate: p.scheduledDate.toISOString(),
        reasons: p.reasons,
      })),
      elapsedMs,
    };
    await deps.db.execute(sql`
      update planning_runs set status = 'done', members_considered = ${result.membersConsidered},
        dates_planned = ${result.datesPlanned}, members_unplaced = ${result.membersUnplaced},
        summary = ${JSON.stringify({ unplaced: result.unplaced, skipped: summary.skipped, timings: { ...timings, elapsedMs } })}::jsonb,
        finished_at = ${deps.now()}
      where id = ${run.id}
    `);
    return result;
  } catch (err) {
    await deps.db
      .execute(sql`
        update planning_runs set status = 'failed', error = ${String((err as Error)?.message ?? err).slice(0, 2000)},
          finished_at = ${deps.now()}
        where id = ${run.id}
      `)
      .catch(() => {});
    throw err;
  }
}

/**
 * Puts the dates the rulebook refused at write time into the run's unplaced list: appended to the couple's
 * line when it has one, else a new line. Answers how many members newly lack a date.
 */
function reportSkipped(
  unplaced: { userId: number; name: string; reason: string }[],
  skipped: readonly SkippedDate[],
): number {
  const byUser = new Map<number, SkippedDate[]>();
  for (const d of skipped) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
  let added = 0;
  for (const [userId, dates] of byUser) {
    const line = unplaced.find((u) => u.userId === userId);
    if (line) line.reason = `${line.reason}. ${skippedText(dates)}`;
    else {
      added++;
      if (unplaced.length < UNPLACED_KEPT)
        unplaced.push({ userId, name: dates[0].name, reason: skippedText(dates) });
    }
  }
  return added;
}

const DIFFERENT = "Something different after ";

/**
 * A couple's dates are planned best first, not in date order: a date planned later can land before one planned
 * earlier, whose "Something different after ..." then names the wrong previous date. With all of the couple's
 * dates known, each such reason is worded again from the date really before it (or dropped when that one is
 * of the same kind).
 */
export function truePrevious(dates: PlannedDate[], history: MemberProfile["history"], now: Date): void {
  for (const p of dates) {
    const i = p.reasons.findIndex((r) => r.startsWith(DIFFERENT));
    if (i < 0) continue;
    const t = p.scheduledDate.getTime();
    let prev: MemberProfile["history"][number] | null = null;
    for (const h of history) {
      const ht = h.scheduledDate.getTime();
      if (ht < t && h.category && (!prev || ht > prev.scheduledDate.getTime())) prev = h;
    }
    if (!prev?.category || norm(prev.category) === norm(p.category)) p.reasons.splice(i, 1);
    else {
      const words = previousText(
        { category: norm(prev.category), at: prev.scheduledDate },
        { parts: londonParts(p.scheduledDate) },
        now,
      );
      p.reasons[i] = `${DIFFERENT}${words}`;
    }
  }
}

/**
 * Locks the planned couples' user rows (as createAssignment does), then asks the rulebook about each planned
 * date against the couple as it is now (rulebook/plan-check.ts): a date that breaks a rule since the month was
 * read (an operator booked a clash, the couple paused) is not written, and is named in the run's report. Then
 * inserts the dates and takes the quota in bulk.
 */
export async function recheckAndWrite(
  deps: LoadDeps,
  tx: Tx,
  members: LoadedMember[],
  venues: VenueCandidate[],
  planned: PlannedDate[],
  window: { from: Date; to: Date; year: number; month: number },
  month: string,
  now: Date,
): Promise<{ keep: PlannedDate[]; skipped: SkippedDate[] }> {
  const byId = new Map(members.map((l) => [l.profile.userId, l]));
  const bookers = [...new Set(planned.map((p) => p.userId))];
  const coupleOf = (id: number) => {
    const p = byId.get(id)?.profile.partnerId;
    return p ? [id, p] : [id];
  };
  const lockIds = [...new Set(bookers.flatMap(coupleOf))].sort((a, b) => a - b);
  await tx.execute(sql`
    select id from users where id = any(${sql.param(lockIds)}::int[]) order by id for update
  `);
  // Then the venues (couples first, venues second, as createAssignment locks them), and their booked dates read
  // again: a date booked at one of them since the month was read counts against its capacity.
  const venueIds = [...new Set(planned.map((p) => p.venueId))].sort((a, b) => a - b);
  await tx.execute(sql`
    select id from venues where id = any(${sql.param(venueIds)}::int[]) order by id for no key update
  `);
  const booked = await loadBooked(tx, now);
  const venueById = new Map(venues.map((v) => [v.id, { ...v, booked: booked.get(v.id) ?? [] }]));
  const { keep, skipped } = await datesThatStillFit(deps, tx, planned, venueById, now);
  if (keep.length === 0) return { keep, skipped };

  await tx.execute(sql`
    insert into date_reservations (user_id, venue_id, date_idea_id, scheduled_date, status, match_reasons, venue_status)
    select t.u, t.v, t.i, t.s, 'scheduled', t.r::jsonb, 'pending'
    from unnest(${sql.param(keep.map((p) => p.userId))}::int[], ${sql.param(keep.map((p) => p.venueId))}::int[],
      ${sql.param(keep.map((p) => p.dateIdeaId))}::int[],
      ${sql.param(keep.map((p) => p.scheduledDate.toISOString()))}::timestamptz[],
      ${sql.param(keep.map((p) => JSON.stringify(p.reasons)))}::text[]) as t(u, v, i, s, r)
  `);

  // The couple's one allowance (the plan holder's row) takes the new dates, whichever partner booked.
  const ownerOf = (id: number) => byId.get(id)?.allowanceOwnerId ?? id;
  const added = new Map<number, number>();
  for (const p of keep) added.set(ownerOf(p.userId), (added.get(ownerOf(p.userId)) ?? 0) + 1);
  const bookerOf = new Map(keep.map((p) => [ownerOf(p.userId), p.userId]));
  const ids = [...added.keys()];
  // An owner without a row for the month gets one from the plan's tier and the couple's dates already in the
  // month; then every planned couple's row takes the new dates.
  const withoutRow = ids.filter((id) => !byId.get(bookerOf.get(id)!)?.quotaRows.has(month));
  if (withoutRow.length > 0) {
    const tiers = withoutRow.map((id) => byId.get(bookerOf.get(id)!)?.profile.tier ?? "trial");
    const allowed = tiers.map((tier) => datesAllowed(tier));
    const used = withoutRow.map((id) => byId.get(bookerOf.get(id)!)?.coupleDatesByMonth.get(month) ?? 0);
    await tx.execute(sql`
      insert into user_monthly_quotas (user_id, year, month, subscription_tier, quota_allowed, quota_used, quota_remaining)
      select t.u, ${window.year}::int, ${window.month}::int, t.tier, t.a, t.used, greatest(t.a - t.used, 0)
      from unnest(${sql.param(withoutRow)}::int[], ${sql.param(tiers)}::text[], ${sql.param(allowed)}::int[],
        ${sql.param(used)}::int[]) as t(u, tier, a, used)
      on conflict (user_id, year, month) do nothing
    `);
  }
  await tx.execute(sql`
    update user_monthly_quotas q
    set quota_used = q.quota_used + t.n, quota_remaining = greatest(q.quota_remaining - t.n, 0), updated_at = now()
    from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => added.get(id) as number))}::int[]) as t(u, n)
    where q.user_id = t.u and q.year = ${window.year}::int and q.month = ${window.month}::int
  `);
  return { keep, skipped };
}
