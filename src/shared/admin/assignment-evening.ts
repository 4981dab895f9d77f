/**
 * What happened on the evening (decision 0073): a date that has started can be marked as a no-show, by the
 * couple (their date page, or an operator on their behalf) or by the venue (an operator records it), with a
 * note; an operator records the venue's feedback. No rating is asked after a no-show.
 */
import { z } from "zod";
import { trimmedAtLeast } from "../schemas/text.ts";

/** Who says nobody came. */
export const NO_SHOW_BY = ["couple", "venue"] as const;
export type NoShowBy = (typeof NO_SHOW_BY)[number];

/** Longest note kept with a no-show and longest venue feedback (the columns' sizes). */
export const NO_SHOW_NOTE_MAX = 1000;
export const VENUE_FEEDBACK_MAX = 2000;

export const EVENING_MSG = {
  byInvalid: 'Say who did not come: "couple" or "venue"',
  noteTooLong: `The note must be at most ${NO_SHOW_NOTE_MAX} characters`,
  noteInvalid: "The note must be text",
  feedbackRequired: "Please enter the venue's feedback",
  feedbackInvalid: "The feedback must be text",
  feedbackTooLong: `The feedback must be at most ${VENUE_FEEDBACK_MAX} characters`,
  notStarted: "A date can be marked as a no-show only once it has started",
  cancelled: "A cancelled date cannot be marked as a no-show",
  already: "This date is already marked as a no-show",
  ratingClosed: "A no-show can be reported only while the date can still be rated (14 days after it)",
  rated: "You have already rated this date: it took place",
  noRating: "No rating after a no-show: this date did not take place",
  feedbackBeforeStart: "Venue feedback can be recorded once the date has started",
  markedNoShow: "Marked as a no-show",
  feedbackSaved: "Venue feedback saved",
  /** The audit rows' words. */
  auditNoShow: (by: NoShowBy) =>
    `Marked as a no-show (${by === "venue" ? "the venue says" : "the couple says"} nobody came)`,
  auditFeedback: "Venue feedback recorded",
} as const;

const note = z
  .string({ error: EVENING_MSG.noteInvalid })
  .trim()
  .max(NO_SHOW_NOTE_MAX, EVENING_MSG.noteTooLong)
  .optional()
  .nullable()
  .transform((s) => (s ? s : null));

/** POST /api/admin/assignments/:assignmentId/no-show. */
export const adminNoShowSchema = z.object({
  by: z.enum(NO_SHOW_BY, { error: EVENING_MSG.byInvalid }),
  note,
});
export type AdminNoShowInput = z.input<typeof adminNoShowSchema>;

/** POST /api/dates/:id/no-show (the couple: "we couldn't go"). */
export const memberNoShowSchema = z.object({ note });

/** PUT /api/admin/assignments/:assignmentId/venue-feedback. */
export const venueFeedbackSchema = z.object({
  feedback: z
    .string({ error: EVENING_MSG.feedbackRequired })
    .regex(trimmedAtLeast(1), EVENING_MSG.feedbackRequired)
    .trim()
    .max(VENUE_FEEDBACK_MAX, EVENING_MSG.feedbackTooLong),
});

/** A no-show as the back office reads it. */
export const adminNoShowRecordSchema = z
  .object({ by: z.enum(NO_SHOW_BY), note: z.string().nullable(), at: z.string() })
  .meta({ id: "AdminNoShow" });
export type AdminNoShowRecord = z.infer<typeof adminNoShowRecordSchema>;
