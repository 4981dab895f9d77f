/**
 * A date's clues as they stand: the derived ones with the team's edits laid over them (an edit replaces its
 * slot's derived clue, or hides it; added slots come beside them), and what a member may see of them now.
 * Unlock times are hours before the date, so they follow a moved date.
 */
import { DERIVED_CLUE_SLOTS, type MemberClue } from "../../../shared/clues.ts";
import { type ClueSource, clueSecrets, type DerivedClue, deriveClues } from "./derive.ts";
import { type Secrets, secretWords, spoilerWord } from "./guard.ts";

/** A row of date_clues. */
export interface StoredClue {
  slot: string;
  text: string;
  hoursBefore: number;
  hidden: boolean;
  updatedBy: number | null;
  updatedAt: Date;
}

export interface EffectiveClue {
  slot: string;
  text: string;
  hoursBefore: number;
  hidden: boolean;
  derived: DerivedClue | null;
  edit: StoredClue | null;
}

const HOUR = 3_600_000;

function slotRank(slot: string): number {
  const i = (DERIVED_CLUE_SLOTS as readonly string[]).indexOf(slot);
  return i >= 0 ? i : DERIVED_CLUE_SLOTS.length + Number(slot.replace(/\D/g, "") || 0);
}

/** Earliest unlock first; at the same hour, derived slots in their order, then the team's. */
export function byUnlock(a: { slot: string; hoursBefore: number }, b: { slot: string; hoursBefore: number }) {
  return b.hoursBefore - a.hoursBefore || slotRank(a.slot) - slotRank(b.slot);
}

export function effectiveClues(derived: DerivedClue[], edits: StoredClue[]): EffectiveClue[] {
  const bySlot = new Map(edits.map((e) => [e.slot, e]));
  const out: EffectiveClue[] = derived.map((d) => {
    const e = bySlot.get(d.slot);
    bySlot.delete(d.slot);
    return e
      ? { slot: d.slot, text: e.text, hoursBefore: e.hoursBefore, hidden: e.hidden, derived: d, edit: e }
      : { slot: d.slot, text: d.text, hoursBefore: d.hoursBefore, hidden: false, derived: d, edit: null };
  });
  for (const e of bySlot.values())
    out.push({
      slot: e.slot,
      text: e.text,
      hoursBefore: e.hoursBefore,
      hidden: e.hidden,
      derived: null,
      edit: e,
    });
  return out.sort(byUnlock);
}

export const unlockAt = (scheduledDate: Date, hoursBefore: number) =>
  new Date(scheduledDate.getTime() - hoursBefore * HOUR);

/** A date's clues that may reach members at all: not hidden, not cancelled, and safe for the venue and idea now. */
export function visibleClues(
  source: ClueSource & { status: string },
  edits: StoredClue[],
): Array<{ slot: string; text: string; hoursBefore: number; unlockAt: Date }> {
  // A cancelled date's plan is never hinted at, as it is never revealed.
  if (source.status === "cancelled") return [];
  // The team's wording was checked when saved; checked again because the date's venue, idea or dress code may
  // have changed since, or the clue was saved before dress codes were kept for the reveal.
  // Only the team's own wording needs the check (derived clues are made safe), so the words are gathered
  // only for a date that has some.
  let secret: Secrets | undefined;
  const spoils = (text: string) => {
    secret ??= secretWords(clueSecrets(source), "lenient");
    return spoilerWord(text, secret) !== null;
  };
  return effectiveClues(deriveClues(source), edits)
    .filter((c) => !c.hidden && !(c.edit && spoils(c.text)))
    .map((c) => ({
      slot: c.slot,
      text: c.text,
      hoursBefore: c.hoursBefore,
      unlockAt: unlockAt(source.scheduledDate, c.hoursBefore),
    }));
}

/** What the member's answer carries: only the clues whose time has come, and when the next one comes. */
export function memberClues(
  source: ClueSource & { status: string },
  edits: StoredClue[],
  now: Date,
): { clues: MemberClue[]; nextClueAt: string | null } {
  const all = visibleClues(source, edits);
  const clues = all
    .filter((c) => c.unlockAt <= now)
    .map((c) => ({ slot: c.slot, text: c.text, unlockedAt: c.unlockAt.toISOString() }));
  const next = all
    .filter((c) => c.unlockAt > now)
    .reduce<Date | null>((min, c) => (min === null || c.unlockAt < min ? c.unlockAt : min), null);
  return { clues, nextClueAt: next?.toISOString() ?? null };
}
