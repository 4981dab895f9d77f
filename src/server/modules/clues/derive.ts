/**
 * Clues derived from a date's idea and venue, with no database and no clock: from a week before, gentle
 * teasers (when and how long, what kind of date), at 72 hours what to know before going, at 60 hours roughly
 * where. The dress code is never a clue: it arrives with the reveal, like the venue. A clue that would carry
 * any word of the venue's name, address or postcode, or of the idea's title, or a word of the dress code or
 * of dressing at all, is left out (guard.ts, strictly), so the team's editor shows the slot as empty; a note
 * about clothes ("Bring a change of clothes") is left out of the notes.
 */
import { CLUE, DERIVED_CLUE_HOURS, type DerivedClueSlot } from "../../../shared/clues.ts";
import { londonHour } from "../../../shared/london-time.ts";
import { areaHint } from "./area.ts";
import { type ClueSecrets, secretWords, spoilerOf, spoilerWord } from "./guard.ts";

export interface ClueSource {
  scheduledDate: Date;
  /** The date's own dress code, which wins over the idea's. */
  dressCode: string | null;
  idea: {
    title: string;
    category: string;
    duration: number;
    dressCode: string | null;
    requirements: string[];
  } | null;
  venue: {
    name: string;
    address: string | null;
    postcode: string | null;
    latitude: string | number | null;
    longitude: string | number | null;
  } | null;
}

export interface DerivedClue {
  slot: DerivedClueSlot;
  text: string;
  hoursBefore: number;
}

/** The date's dress code: its own, else its idea's. */
export const dressCodeOf = (s: Pick<ClueSource, "dressCode" | "idea">): string | null =>
  s.dressCode?.trim() || s.idea?.dressCode?.trim() || null;

export function clueSecrets(s: Pick<ClueSource, "idea" | "venue" | "dressCode">): ClueSecrets {
  return {
    venueName: s.venue?.name ?? null,
    address: s.venue?.address ?? null,
    postcode: s.venue?.postcode ?? null,
    ideaTitle: s.idea?.title ?? null,
    dressCode: dressCodeOf(s),
  };
}

const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"];

/** "Keep the whole evening free: plan on about three hours together." */
export function timeClue(start: Date, durationHours: number): string {
  const hour = londonHour(start);
  const part = hour < 12 ? "morning" : hour < 17 ? "afternoon" : "evening";
  const long = durationHours >= 3;
  const opening =
    part === "morning"
      ? long
        ? "An early start, and the whole morning together"
        : "An early start, so set an alarm"
      : long
        ? `Keep the whole ${part} free`
        : `Keep the ${part} free`;
  const hours = Math.round(durationHours);
  return hours >= 1 && hours < NUMBER_WORDS.length
    ? `${opening}: plan on about ${NUMBER_WORDS[hours]} hour${hours === 1 ? "" : "s"} together.`
    : `${opening}.`;
}

const KIND_CLUES: Record<string, string> = {
  culinary: "Come hungry.",
  active: "Bring your competitive streak.",
  adventure: "Expect a little adrenaline.",
  live_music: "Get ready to hear something live.",
  bars: "Something good to sip is on the cards.",
  cultural: "Prepare to be inspired.",
  wellness: "Expect to slow right down and unwind.",
};

/** Requirements that are the team's business (the booking), not something for the couple to know. */
const TEAM_ONLY = /\b(book|booking|booked|reserv\w*)\b/i;

/** "Over 18s only" -> "over 18s only", to follow a colon; "ID needed" keeps its capitals. */
function sentenceCase(s: string): string {
  return /^\p{Lu}\p{Lu}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
}

function withinLimit(text: string): string {
  return text.length <= CLUE.textMax ? text : `${text.slice(0, CLUE.textMax - 1).trimEnd()}…`;
}

/** The derived clues of a date, earliest first; slots with nothing safe to say are left out. */
export function deriveClues(s: ClueSource): DerivedClue[] {
  const secret = secretWords(clueSecrets(s), "strict");
  const candidates: Array<[DerivedClueSlot, string | null]> = [
    ["time", timeClue(s.scheduledDate, s.idea?.duration ?? 2)],
    ["kind", s.idea ? (KIND_CLUES[s.idea.category] ?? null) : null],
  ];
  const notes = (s.idea?.requirements ?? []).map((r) => r.trim().replace(/[.\s]+$/, "")).filter(Boolean);
  // A note about clothes is the dress code's business, and the dress code is the reveal's.
  const forCouple = notes.filter((r) => !TEAM_ONLY.test(r) && spoilerOf(r, secret)?.what !== "dress");
  candidates.push([
    "bring",
    forCouple.length ? `Before you go: ${forCouple.map(sentenceCase).join("; ")}.` : null,
  ]);
  candidates.push(["area", s.venue ? areaHint(s.venue.postcode, s.venue.latitude, s.venue.longitude) : null]);
  const out: DerivedClue[] = [];
  for (const [slot, raw] of candidates) {
    if (!raw) continue;
    const text = withinLimit(raw);
    if (spoilerWord(text, secret)) continue;
    out.push({ slot, text, hoursBefore: DERIVED_CLUE_HOURS[slot] });
  }
  return out;
}
