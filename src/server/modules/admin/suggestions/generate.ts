/**
 * POST /api/admin/ai-suggestions/{userId} (issue #6): the matching engine's three best dates for a member,
 * stored as a pending suggestion with the preferences and date history it used and a written note (the
 * built-in writer's, or an LLM's wording of the same choices).
 */
import { sql } from "drizzle-orm";
import { type AdminAiSuggestion, AI_SUGGESTION_MSG as M } from "../../../../shared/admin/suggestions.ts";
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

export async function generateSuggestion(deps: Deps, userId: number): Promise<AdminAiSuggestion> {
  if (!(await memberExists(deps, userId))) throw notFound(M.memberNotFound);
  const [loaded] = await loadProfiles(deps, sql`u.id = ${userId}`);
  if (!loaded?.complete) throw new HttpError(422, M.noPreferences);
  const venues = await loadVenues(deps);
  const member = loaded.profile;
  const result = matchAhead(member, venues, deps.now(), SUGGESTED_VENUES);
  if (result.matches.length === 0) {
    throw new HttpError(422, M.noFit(result.noFit ?? "No venue, date idea and time fit."));
  }
  const written = await writeSuggestion(deps.config, member, result.matches);
  const [row] = await deps.db
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
  return (await readSuggestion(deps.db, row.id))!;
}
