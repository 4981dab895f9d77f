/**
 * "Take a month off" and "Resume now": the request schema, the answers' schemas and the messages, shared by the
 * Settings dialog and the server (GET /api/subscription/pause-preview, POST /api/subscription/pause,
 * POST /api/subscription/resume).
 */
import { z } from "zod";

export const PAUSE_MSG = {
  keepDates: "Choose whether to keep your booked dates or cancel them.",
  datesToChoose:
    "You have dates booked in the month off. Choose whether to keep them (the month off starts after them) or cancel them.",
  notPaused: "Your plan is not paused.",
  onlyHolder: "Only the partner who holds the plan can pause or resume it.",
} as const;

/**
 * The choice when the month off holds booked dates. Optional when it holds none; `keepDates: true` moves the
 * start of the month off to the end of the last kept date's day.
 */
export const pauseSchema = z.strictObject({
  keepDates: z.boolean({ error: PAUSE_MSG.keepDates }).optional(),
});
export type PauseInput = z.infer<typeof pauseSchema>;

/** One booked date inside the month off, named as the member may see it (the venue only once revealed). */
export const pauseDateSchema = z
  .object({
    id: z.number(),
    /** ISO start time. */
    scheduledDate: z.string(),
    /** "Friday 18 December" */
    day: z.string(),
    /** "19:30" */
    time: z.string(),
    /** The venue's name once the date is revealed (48 hours before); null while it is still a surprise. */
    venue: z.string().nullable(),
  })
  .meta({ id: "PauseDate" });
export type PauseDate = z.infer<typeof pauseDateSchema>;

/** What one choice does: when the month off runs and which dates it cancels. */
export const pauseOptionSchema = z
  .object({
    /** ISO: the month off starts (no dates from then). */
    from: z.string(),
    /** ISO: the plan picks up again (dates and payments). */
    until: z.string(),
    /** Dates this choice cancels (each goes back into its month's allowance). */
    cancels: z.array(pauseDateSchema),
  })
  .meta({ id: "PauseOption" });
export type PauseOption = z.infer<typeof pauseOptionSchema>;

/** GET /api/subscription/pause-preview */
export const pausePreviewSchema = z
  .object({
    /** Booked dates of the couple inside the month off as it would start today (at the end of the paid cycle). */
    dates: z.array(pauseDateSchema),
    /** Cancel the booked dates: the month off starts at the end of the paid cycle. */
    cancel: pauseOptionSchema,
    /** Keep them: the month off starts after the last one (null when there is nothing to keep). */
    keep: pauseOptionSchema.nullable(),
    /** ISO day the skipped payment would have been taken (the end of the paid cycle): it is not taken. */
    skippedPaymentDate: z.string(),
    /** ISO day payments start again. */
    nextPaymentDate: z.string(),
  })
  .meta({ id: "PausePreview" });
export type PausePreview = z.infer<typeof pausePreviewSchema>;

/** POST /api/subscription/pause */
export const pauseResultSchema = z.object({
  message: z.string(),
  pausedFrom: z.string(),
  pausedUntil: z.string(),
  /** Ids of the dates the pause cancelled. */
  cancelledDates: z.array(z.number()),
});
export type PauseResult = z.infer<typeof pauseResultSchema>;

/** POST /api/subscription/resume */
export const resumeResultSchema = z.object({
  message: z.string(),
  /** ISO day of the next payment. */
  nextPaymentDate: z.string().nullable(),
});
export type ResumeResult = z.infer<typeof resumeResultSchema>;
