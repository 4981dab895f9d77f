/** Suggestion rows as the back office reads them: the stored JSON is read defensively. */
import { eq } from "drizzle-orm";
import type {
  AdminAiSuggestion,
  SuggestedVenue,
  SuggestionStatus,
  SuggestionUser,
} from "../../../../shared/admin/suggestions.ts";
import type { Db, Tx } from "../../../db/client.ts";
import { aiDateSuggestions, users } from "../../../db/schema.ts";

const TEXT_MAX = 300;

function text(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t ? t.slice(0, TEXT_MAX) : null;
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

function isoDate(v: unknown): string | null {
  if (typeof v !== "string" && !(typeof v === "number" && Number.isFinite(v))) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * One stored venue entry (written by the matching engine). Whatever is not readable becomes null,
 * and an entry that is not an object keeps its place as an empty one, so "the first venue" stays the first.
 */
export function readSuggestedVenue(entry: unknown): SuggestedVenue {
  const o =
    entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
  return {
    id: positiveInt(o.id ?? o.venueId),
    name: text(o.name),
    type: text(o.type),
    address: text(o.address),
    suggestedDate: isoDate(o.suggestedDate),
    dateIdeaId: positiveInt(o.dateIdeaId),
    dateIdeaTitle: text(o.dateIdeaTitle),
    distanceMiles:
      typeof o.distanceMiles === "number" && Number.isFinite(o.distanceMiles) && o.distanceMiles >= 0
        ? Math.round(o.distanceMiles * 10) / 10
        : null,
    reasons: Array.isArray(o.reasons)
      ? o.reasons
          .map(text)
          .filter((r): r is string => r !== null)
          .slice(0, 8)
      : [],
  };
}

export function readSuggestedVenues(stored: unknown): SuggestedVenue[] {
  return Array.isArray(stored) ? stored.map(readSuggestedVenue) : [];
}

export const suggestionColumns = {
  id: aiDateSuggestions.id,
  userId: aiDateSuggestions.userId,
  suggestion: aiDateSuggestions.suggestion,
  suggestedVenues: aiDateSuggestions.suggestedVenues,
  status: aiDateSuggestions.status,
  reservationId: aiDateSuggestions.reservationId,
  createdAt: aiDateSuggestions.createdAt,
  user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
};

interface SuggestionRow {
  id: number;
  userId: number;
  suggestion: string;
  suggestedVenues: unknown;
  status: string;
  reservationId: number | null;
  createdAt: Date;
  user: SuggestionUser;
}

export function toAdminSuggestion(row: SuggestionRow): AdminAiSuggestion {
  return {
    id: row.id,
    userId: row.userId,
    user: row.user,
    suggestion: row.suggestion,
    suggestedVenues: readSuggestedVenues(row.suggestedVenues),
    status: row.status as SuggestionStatus,
    reservationId: row.reservationId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One suggestion with its member, or undefined. */
export async function readSuggestion(db: Db | Tx, id: number): Promise<AdminAiSuggestion | undefined> {
  const [row] = await db
    .select(suggestionColumns)
    .from(aiDateSuggestions)
    .innerJoin(users, eq(users.id, aiDateSuggestions.userId))
    .where(eq(aiDateSuggestions.id, id));
  return row ? toAdminSuggestion(row) : undefined;
}
