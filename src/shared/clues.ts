/**
 * Teaser clues before the reveal: the figures, the messages and the schemas shared by the member's date page,
 * the back office's clue editor and the server. Clues are derived from the date's idea and venue
 * (src/server/modules/clues/derive.ts); the team may edit them per date (table date_clues).
 */
import { z } from "zod";
import { REVEAL_WINDOW_HOURS } from "./constants.ts";

export const CLUE = {
  /** The earliest a clue may unlock: a week before the date. */
  maxHoursBefore: 168,
  /** The latest: the reveal itself, after which the details speak for themselves. */
  minHoursBefore: REVEAL_WINDOW_HOURS,
  textMax: 200,
  /** Clues the team may add to one date, beside the derived ones. */
  maxExtra: 5,
  /**
   * How long after unlocking a clue may still be pushed or texted: longer than quiet hours (21:00-08:00), so
   * a clue held overnight goes in the morning, and short enough that a member who switches clue
   * notifications on is not sent a week of old ones.
   */
  sendWithinHours: 12,
} as const;

/**
 * The derived clues' slots, in the order they unlock, and when (hours before the date). The dress code is
 * not among them: it is part of the reveal, and no clue carries it.
 */
export const DERIVED_CLUE_SLOTS = ["time", "kind", "bring", "area"] as const;
export type DerivedClueSlot = (typeof DERIVED_CLUE_SLOTS)[number];
export const DERIVED_CLUE_HOURS: Record<DerivedClueSlot, number> = {
  time: 168,
  kind: 120,
  bring: 72,
  area: 60,
};

/** A slot the team adds: "extra-1" to "extra-5". */
export const EXTRA_SLOT = /^extra-[1-5]$/;
/**
 * The old dress-code slot: a date may still hold the team's clue in it. It is accepted so the editor can save
 * such a date's list (rewritten, or removed like an added clue); members never get one that names a dress code.
 */
export const RETIRED_DRESS_SLOT = "dress";
export const isClueSlot = (s: string): boolean =>
  (DERIVED_CLUE_SLOTS as readonly string[]).includes(s) || EXTRA_SLOT.test(s) || s === RETIRED_DRESS_SLOT;

export const CLUE_SLOT_LABELS: Record<DerivedClueSlot, string> = {
  time: "When",
  kind: "What kind of date",
  bring: "Before you go",
  area: "Where-ish",
};
export const clueSlotLabel = (slot: string): string =>
  slot === RETIRED_DRESS_SLOT
    ? "Old dress-code clue"
    : ((CLUE_SLOT_LABELS as Record<string, string>)[slot] ?? `Extra clue ${slot.replace("extra-", "")}`);

export const CLUE_MSG = {
  textRequired: "Please write the clue",
  textTooLong: `A clue can be at most ${CLUE.textMax} characters`,
  hoursWhole: "The unlock time must be a whole number of hours",
  hoursRange: `A clue unlocks between ${CLUE.minHoursBefore} and ${CLUE.maxHoursBefore} hours before the date`,
  slotInvalid: "Unknown clue slot",
  slotTwice: "Each clue slot may appear once",
  tooMany: `At most ${DERIVED_CLUE_SLOTS.length + 1 + CLUE.maxExtra} clues`,
  /** A clue that would name the venue, its address or the idea before the reveal. */
  givesAway: (word: string) =>
    `This clue gives the surprise away: "${word}" is part of the venue's name or address, or the idea's title. Hint at it instead.`,
  /** A clue that would tell the dress code, or hint at what to wear, before the reveal. */
  givesDressAway: (word: string) =>
    `This clue gives the dress code away: "${word}" is about what to wear, and the dress code arrives with the reveal. Leave it out.`,
  noVenue: "This date has no venue yet, so there is nothing to hint at",
} as const;

/** One clue as the member sees it, once its time has come. */
export const memberClueSchema = z
  .object({
    slot: z.string(),
    text: z.string(),
    /** ISO time the clue unlocked. */
    unlockedAt: z.string(),
  })
  .meta({ id: "MemberClue" });
export type MemberClue = z.infer<typeof memberClueSchema>;

/** PUT /api/admin/assignments/{id}/clues: the team's clues for the date; derived slots not listed stay derived. */
export const clueEditSchema = z.object({
  slot: z.string().refine(isClueSlot, CLUE_MSG.slotInvalid),
  text: z
    .string({ error: CLUE_MSG.textRequired })
    .trim()
    .min(1, CLUE_MSG.textRequired)
    .max(CLUE.textMax, CLUE_MSG.textTooLong),
  hoursBefore: z
    .number({ error: CLUE_MSG.hoursRange })
    .int(CLUE_MSG.hoursWhole)
    .min(CLUE.minHoursBefore, CLUE_MSG.hoursRange)
    .max(CLUE.maxHoursBefore, CLUE_MSG.hoursRange),
  hidden: z.boolean().default(false),
});
export type ClueEdit = z.infer<typeof clueEditSchema>;

export const putCluesSchema = z.object({
  clues: z
    .array(clueEditSchema)
    .max(DERIVED_CLUE_SLOTS.length + 1 + CLUE.maxExtra, CLUE_MSG.tooMany)
    .refine((list) => new Set(list.map((c) => c.slot)).size === list.length, CLUE_MSG.slotTwice),
});
export type PutClues = z.infer<typeof putCluesSchema>;

/** One clue of a date as the team sees it: what members get, and what derivation would give. */
export const adminClueSchema = z
  .object({
    slot: z.string(),
    text: z.string(),
    hoursBefore: z.number(),
    /** ISO time the clue unlocks for this date (follows the date when it moves). */
    unlockAt: z.string(),
    hidden: z.boolean(),
    /** derived: as worked out from the idea and venue; edited: the team changed a derived clue; added: the team's own. */
    source: z.enum(["derived", "edited", "added"]),
    /** What derivation gives for this slot (null for an added clue, or a derived slot with nothing to say). */
    derived: z.object({ text: z.string(), hoursBefore: z.number() }).nullable(),
    updatedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "AdminClue" });
export type AdminClue = z.infer<typeof adminClueSchema>;

export const adminCluesSchema = z
  .object({
    assignmentId: z.number(),
    scheduledDate: z.string(),
    revealAt: z.string(),
    clues: z.array(adminClueSchema),
  })
  .meta({ id: "AdminClues" });
export type AdminClues = z.infer<typeof adminCluesSchema>;
