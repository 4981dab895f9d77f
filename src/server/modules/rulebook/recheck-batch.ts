/**
 * The one rulebook (rules.ts brokenRules) asked about many stored dates at once: each couple, its needs and
 * its profile, and every venue are read once per re-check instead of once per date (checkBooking's reads, in
 * bulk), so a venue edit touching a thousand dates stays quick. The facts are built as checkBooking builds
 * them (peopleOf, coupleFactsAt), so both say the same thing of a date.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { memberName } from "../../../shared/admin/members.ts";
import { RULE_MSG } from "../../../shared/admin/rulebook.ts";
import { londonDayMonth } from "../../../shared/london-time.ts";
import { DEFAULT_DATE_HOURS } from "../../../shared/venue-hours.ts";
import { dateIdeas, userPreferences, venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { type Couple, coupleOf } from "../couples/couple.ts";
import {
  type LoadedMember,
  loadBooked,
  loadProfiles,
  loadVenues,
  venueCandidate,
  venueColumns,
} from "../matching/load.ts";
import { HOUR_MS } from "../matching/rules.ts";
import type { VenueCandidate } from "../matching/types.ts";
import { type MemberWithPlan, readWithPlan } from "../plan-account/state.ts";
import { coupleFactsAt, ideaColumns, peopleOf } from "./check.ts";
import { type BookingFacts, brokenRules, type Person } from "./rules.ts";

/** A date as stored, to be asked about again. */
export interface StoredDate {
  id: number;
  userId: number;
  venueId: number;
  dateIdeaId: number | null;
  scheduledDate: Date;
  /** Rules an operator already overrode for this date (not repeated). */
  overrideRules: readonly string[] | null;
}

type IdeaRow = NonNullable<BookingFacts["idea"]>;

/** Everything the rulebook needs, read once for a batch of dates. */
export interface RecheckWorld {
  now: Date;
  couples: Map<number, Couple>;
  people: Map<number, Person[]>;
  profiles: Map<number, LoadedMember>;
  /** Every venue (for finding fixes): read only when a date needs one (withAllVenues). */
  venues: VenueCandidate[] | null;
  /** The dates' own venues. */
  venueById: Map<number, VenueCandidate>;
  ideas: Map<number, IdeaRow>;
}

/** Reads the couples of these members, their needs and profiles, every venue and the dates' ideas. */
export async function loadWorld(deps: Deps, dates: readonly StoredDate[]): Promise<RecheckWorld> {
  const now = deps.now();
  const userIds = [...new Set(dates.map((d) => d.userId))];
  // With their plan accounts: whose plan carries the couple's dates.
  const members = userIds.length ? await readWithPlan(deps.db, userIds) : [];
  const partnerIds = [...new Set(members.flatMap((m) => (m.partnerId ? [m.partnerId] : [])))];
  const partners = partnerIds.length ? await readWithPlan(deps.db, partnerIds) : [];
  const byId = new Map<number, MemberWithPlan>([...partners, ...members].map((u) => [u.id, u]));
  const couples = new Map<number, Couple>();
  for (const m of members) {
    if (m.deletedAt) continue;
    couples.set(m.id, coupleOf(m, m.partnerId ? byId.get(m.partnerId) : null));
  }
  const everyone = [...new Set([...couples.values()].flatMap((c) => c.ids))];
  const [prefs, loaded, venues, ideaRows] = await Promise.all([
    everyone.length
      ? deps.db
          .select({
            userId: userPreferences.userId,
            dietaryRestrictions: userPreferences.dietaryRestrictions,
            accessibilityNeeds: userPreferences.accessibilityNeeds,
            alcoholOk: userPreferences.alcoholOk,
          })
          .from(userPreferences)
          .where(inArray(userPreferences.userId, everyone))
      : [],
    userIds.length ? loadProfiles(deps, sql`u.id = any(${sql.param(userIds)}::int[])`) : [],
    venuesOf(deps, [...new Set(dates.map((d) => d.venueId))]),
    ideasOf(deps, dates),
  ]);
  const people = new Map<number, Person[]>();
  for (const [id, c] of couples) people.set(id, peopleOf(c, prefs));
  return {
    now,
    couples,
    people,
    profiles: new Map(loaded.map((l) => [l.profile.userId, l])),
    venues: null,
    venueById: new Map(venues.map((v) => [v.id, v])),
    ideas: ideaRows,
  };
}

/** A re-check of a few venues' dates (a couple's, one venue's) reads those venues alone. */
const FEW_VENUES = 20;

/** The venues as loadVenues builds them (their active ideas, their dates booked): these few, or every one. */
async function venuesOf(deps: Deps, ids: number[]): Promise<VenueCandidate[]> {
  if (ids.length > FEW_VENUES) return loadVenues(deps);
  if (ids.length === 0) return [];
  const now = deps.now();
  const [rows, ideaRows, booked] = await Promise.all([
    deps.db.select(venueColumns).from(venues).where(inArray(venues.id, ids)),
    deps.db
      .select(ideaColumns)
      .from(dateIdeas)
      .where(and(inArray(dateIdeas.venueId, ids), eq(dateIdeas.isActive, true)))
      .orderBy(asc(dateIdeas.id)),
    Promise.all(ids.map((id) => loadBooked(deps.db, now, { venueId: id }))),
  ]);
  const spans = new Map(booked.flatMap((m) => [...m]));
  return rows.map((v) =>
    venueCandidate(
      v,
      ideaRows
        .filter((i) => i.venueId === v.id)
        .map(({ venueId: _, isActive: __, ...i }) => ({
          ...i,
          tags: i.tags ?? [],
          requirements: i.requirements ?? [],
        })),
      spans.get(v.id) ?? [],
    ),
  );
}

/** Every venue of the world, read once (the first date that needs a fix asks for them). */
export async function withAllVenues(deps: Deps, world: RecheckWorld): Promise<VenueCandidate[]> {
  world.venues ??= await loadVenues(deps);
  return world.venues;
}

async function ideasOf(deps: Deps, dates: readonly StoredDate[]): Promise<Map<number, IdeaRow>> {
  const ids = [...new Set(dates.flatMap((d) => (d.dateIdeaId === null ? [] : [d.dateIdeaId])))];
  if (ids.length === 0) return new Map();
  const rows = await deps.db.select(ideaColumns).from(dateIdeas).where(inArray(dateIdeas.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Why the couple's plan does not carry a date at `at` (no plan at all, a cancelled plan ending before it,
 * an ended one), or null when it does; only asked when the couple has no live plan (couple.holder null).
 */
export function planGone(couple: Couple, at: Date, now: Date): string {
  if (couple.member.isAdmin && !couple.partner) return RULE_MSG.adminOnly(memberName(couple.member));
  const cancelled = [couple.member, ...(couple.partner ? [couple.partner] : [])]
    .filter((u) => u.subscriptionStatus === "cancelled" && u.currentPeriodEnd)
    .sort((a, b) => b.currentPeriodEnd!.getTime() - a.currentPeriodEnd!.getTime())[0];
  if (!cancelled) return RULE_MSG.noPlan(memberName(couple.member));
  const end = cancelled.currentPeriodEnd!;
  if (end.getTime() <= now.getTime()) return RULE_MSG.planEnded;
  return at.getTime() < end.getTime() ? "" : RULE_MSG.planCancelled(londonDayMonth(end));
}

/** The venue with the date's own time left out of its booked list (a date is not counted against itself). */
function withoutSelf(venue: VenueCandidate, d: StoredDate, idea: IdeaRow | null): VenueCandidate {
  const booked = venue.booked ?? [];
  const start = d.scheduledDate.getTime();
  const end = start + (idea?.duration ?? DEFAULT_DATE_HOURS) * HOUR_MS;
  const i = booked.findIndex(([s, e]) => s === start && e === end);
  if (i < 0) return venue;
  return { ...venue, booked: [...booked.slice(0, i), ...booked.slice(i + 1)] };
}

/** The answer of the rulebook for one stored date. */
export interface StoredVerdict {
  /** The rules it breaks now that nobody overrode (empty: fine). */
  problems: string[];
  /** Whether the couple's plan itself is the trouble (no other venue would help). */
  planProblem: boolean;
  /** The facts the date was checked with (for finding a fix), or null when the couple or venue is gone. */
  facts: Omit<BookingFacts, "venue" | "idea"> | null;
}

/** Asks the rulebook about one stored date with the batch's facts; null: its venue is unknown (left alone). */
export function checkStored(world: RecheckWorld, d: StoredDate): StoredVerdict | null {
  const venue = world.venueById.get(d.venueId);
  if (!venue) return null;
  const couple = world.couples.get(d.userId);
  const loaded = world.profiles.get(d.userId);
  if (!couple || !loaded) return { problems: [RULE_MSG.deleted], planProblem: true, facts: null };
  if (!couple.holder) {
    const why = planGone(couple, d.scheduledDate, world.now);
    if (why) return { problems: [why], planProblem: true, facts: null };
  }
  const idea = d.dateIdeaId === null ? null : (world.ideas.get(d.dateIdeaId) ?? null);
  const base = {
    ...coupleFactsAt(loaded, d.scheduledDate, d.id),
    people: world.people.get(d.userId) ?? [],
    at: d.scheduledDate,
    now: world.now,
  };
  const broken = brokenRules({ ...base, venue: withoutSelf(venue, d, idea), idea });
  const accepted = new Set([...(d.overrideRules ?? []), RULE_MSG.lead]);
  const planRules = new Set<string>([RULE_MSG.pastDue, RULE_MSG.pausedOpen, RULE_MSG.noTier]);
  const problems = broken.filter((r) => !accepted.has(r));
  const planProblem = problems.some(
    (r) => planRules.has(r) || r.startsWith("The plan is paused") || r.startsWith("The gifted plan ends"),
  );
  return { problems, planProblem, facts: base };
}
