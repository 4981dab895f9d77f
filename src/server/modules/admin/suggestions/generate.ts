/**
 * POST /api/admin/ai-suggestions/{userId}: the matching engine's three best dates for a member,
 * stored as a pending suggestion with the preferences and date history it used and a written note (the
 * built-in writer's, or an LLM's wording of the same choices).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { type AdminAiSuggestion, AI_SUGGESTION_MSG as M } from "../../../../shared/admin/suggestions.ts";
import type { Tx } from "../../../db/client.ts";
import { aiDateSuggestions } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { HttpError, notFound } from "../../../http-error.ts";
import { loadProfiles, loadVenues } from "../../matching/load.ts";
import type { Match, MemberProfile, VenueCandidate } from "../../matching/types.ts";
import { matchAhead } from "../assignments/auto.ts";
import { memberExists } from "../assignments/list.ts";
import { readSuggestion } from "./view.ts";
import { writeSuggestion } from "./writer.ts";

/** Venues in one suggestion. */
export const SUGGESTED_VENUES = 3;
/** Past dates of the couple stored with a suggestion. */
export const HISTORY_KEPT = 10;

/** One stored venue entry (read back by view.ts readSuggestedVenue). */
export function storedVenue(m: Match) {
  return {
    id: m.venueId,
    name: m.venueName,
    type: m.venueType,
    address: m.venueAddress,
    suggestedDate: m.scheduledDate.toISOString(),
    dateIdeaId: m.dateIdeaId,
    dateIdeaTitle: m.dateIdeaTitle,
    category: m.category,
    distanceMiles: m.distanceMiles,
    reasons: m.reasons,
  };
}

/** The preferences the engine used (no contact details, no account data). */
export function preferencesSnapshot(p: MemberProfile) {
  return {
    tier: p.tier,
    partnerLinked: p.partnerId !== null,
    postcode: p.postcode,
    travelRadiusMiles: p.travelRadiusMiles,
    dateSpend: p.dateSpend,
    openToTrying: p.openToTrying,
    alcoholOk: p.alcoholOk,
    dateTypes: p.dateTypes,
    times: p.times,
    scheduling: p.scheduling,
    dietary: p.dietary,
    accessibility: p.accessibility,
    excludedVenues: p.excludedVenueIds.length,
  };
}

/** The couple's latest dates (not cancelled), newest first: when, where, what kind, how they rated it. */
export function historySnapshot(p: MemberProfile, venues: readonly VenueCandidate[]) {
  const names = new Map(venues.map((v) => [v.id, v.name]));
  return p.history.slice(0, HISTORY_KEPT).map((h) => ({
    date: h.scheduledDate.toISOString(),
    venue: h.venueId === null ? null : (names.get(h.venueId) ?? null),
    category: h.category,
    status: h.status,
    rating: h.rating,
  }));
}

/** pg_advisory_xact_lock(key, member id) of Generate Date ("sugg" in ASCII). */
export const GENERATE_LOCK_KEY = 0x73756767;

/** The member's pending suggestion (the newest, should there be more from before this rule), or null. */
async function pendingOf(db: Deps["db"] | Tx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: aiDateSuggestions.id })
    .from(aiDateSuggestions)
    .where(and(eq(aiDateSuggestions.userId, userId), eq(aiDateSuggestions.status, "pending")))
    .orderBy(desc(aiDateSuggestions.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Generate Date: the member's pending suggestion when there is one (pressed twice, the admin gets the same
 * suggestion back), else a new one. The choice and wording are made outside any transaction (the LLM may take
 * seconds); the insert happens under a per-member advisory lock after a second look for a pending one, so two
 * concurrent presses store one suggestion and both answer it.
 */
export async function generateSuggestion(
  deps: Deps,
  userId: number,
): Promise<{ suggestion: AdminAiSuggestion; created: boolean }> {
  if (!(await memberExists(deps, userId))) throw notFound(M.memberNotFound);
  const [loaded] = await loadProfiles(deps, sql`u.id = ${userId}`);
  if (!loaded?.complete) throw new HttpError(422, M.noPreferences);
  const existing = await pendingOf(deps.db, userId);
  if (existing !== null) return { suggestion: (await readSuggestion(deps.db, existing))!, created: false };
  const venues = await loadVenues(deps);
  const member = loaded.profile;
  const result = matchAhead(member, venues, deps.now(), SUGGESTED_VENUES);
  if (result.matches.length === 0) {
    throw new HttpError(422, M.noFit(result.noFit ?? "No venue, date idea and time fit."));
  }
  const written = await writeSuggestion(deps.config, member, result.matches);
  const stored = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATE_LOCK_KEY}::int, ${userId}::int)`);
    const raced = await pendingOf(tx, userId);
    if (raced !== null) return { id: raced, created: false };
    const [row] = await tx
      .insert(aiDateSuggestions)
      .values({
        userId,
        suggestion: written.text,
        suggestedVenues: result.matches.map(storedVenue),
        preferences: preferencesSnapshot(member),
        dateHistory: historySnapshot(member, venues),
        status: "pending",
      })
      .returning({ id: aiDateSuggestions.id });
    return { id: row.id, created: true };
  });
  return { suggestion: (await readSuggestion(deps.db, stored.id))!, created: stored.created };
}
