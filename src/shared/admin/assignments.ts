/** Date assignments in the back office (Assignments tab): schemas, answer shapes and messages. */
import { z } from "zod";
import { POLICY, REVEAL_WINDOW_HOURS, TIERS, type TierId, VENUE_TYPES } from "../constants.ts";
import { londonWallClock } from "../london-time.ts";
import { MEMBER_DATE_STATUSES } from "../schemas/dates.ts";
import { VENUE_BOOKING_STATUSES } from "../venue-bookings.ts";
import { adminNoShowRecordSchema } from "./assignment-evening.ts";
import { isStorableInstant } from "./back-office.ts";

/** The statuses an admin may set from the inline dropdown (spec section 4; the moves between them: assignment-status.ts). */
export const ASSIGNMENT_STATUSES = [
  "scheduled",
  "revealed",
  "confirmed",
  "completed",
  "no_show",
  "cancelled",
] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** Two dates of one couple starting less than this many hours apart are "at the same time". */
export const ASSIGNMENT_CLASH_HOURS = 4;

/** Dates a month for a member without a paid tier (trial or none). */
export const TRIAL_DATES_PER_MONTH = 1;

/** A member's monthly allowance of dates: the tier's, or the trial's for anyone without a known tier. */
export function datesAllowed(tier: string | null | undefined): number {
  return tier && Object.hasOwn(TIERS, tier) ? TIERS[tier as TierId].datesPerMonth : TRIAL_DATES_PER_MONTH;
}

export const ASSIGNMENT_MSG = {
  memberRequired: "Please select a member",
  venueRequired: "Please select a venue",
  dateRequired: "Please choose a date and time",
  dateInvalid: "Please enter a valid date and time",
  dateInPast: "The scheduled date must be in the future",
  statusInvalid: "Status must be one of scheduled, revealed, confirmed, completed, no_show or cancelled",
  memberNotFound: "Member not found",
  venueNotFound: "Venue not found",
  dateIdeaNotFound: "Date idea not found",
  assignmentNotFound: "Assignment not found",
  clash: "This member (or their partner) already has a date at that time",
  /** A deleted account's dates can be tidied up (cancelled, completed), never planned again. */
  memberDeleted: "This member has deleted their account: their dates can only be cancelled or completed",
  autoFailed: "Could not create automated assignment. Member may need to complete their preferences.",
  /** Auto Assign when the member has preferences but no venue, idea and time fit every rule. */
  autoNoFit: (reason: string) =>
    `Could not create automated assignment. ${reason.trim()}${/[.!?]$/.test(reason.trim()) ? "" : "."}`,
  /** `couple`: `who` names both partners, who share one allowance. */
  quotaUsed: (who: string, allowed: number, month: string, couple = false) =>
    `${who} ${couple ? "have" : "has"} already used all ${allowed} date${allowed === 1 ? "" : "s"} of their allowance for ${month}`,
  created: "Date Assigned",
  statusUpdated: "Status Updated",
  statusFailed: "Failed to update assignment status",
  // The status machine: scheduled -> revealed -> confirmed -> completed; cancelled before completed.
  completeBeforeStart: "A date can be marked completed only once it has started",
  revealOutsideWindow: `A date can be marked revealed only in the ${REVEAL_WINDOW_HOURS} hours before it starts`,
  confirmOutsideWindow: `A date can be marked confirmed only in the ${REVEAL_WINDOW_HOURS} hours before it starts`,
  startedOnlyCompleteOrCancel: "A date that has started can only be marked completed or cancelled",
  completedCannotCancel: "A completed date cannot be cancelled",
  completedFinal: (to: string) => `A completed date cannot be marked ${to}`,
  // No-shows (decision 0073): recorded once the date has started, saying who did not come.
  noShowBeforeStart: "A date can be marked as a no-show only once it has started",
  noShowUseAction: "Use Mark no-show in the date's details: it records who did not come and why",
  noShowOnlyCompleted: "A no-show can only be corrected to completed",
  noShowCancelled: "A cancelled date cannot be marked as a no-show",
  backwards: (from: string, to: string) => `A ${from} date cannot go back to ${to}`,
  reinstateOnly: (to: string) =>
    `A cancelled date can be reinstated only as scheduled, or as revealed in the ${REVEAL_WINDOW_HOURS} hours before it starts; not as ${to}`,
  reinstateStarted: "A date that has already started cannot be reinstated",
  reinstateTooLate: `A date less than ${POLICY.confirmHoursBefore} hours away cannot be reinstated: there is no time left to confirm it`,
  // Undo: a back-office change that e-mails a member can be put back while its mail waits.
  undoTooLate: "Too late to undo: the e-mail has gone",
  undoNothing: "There is nothing to undo on this date",
  undoChanged: "Cannot undo: the date has changed since",
  undone: {
    created: "Booking undone",
    moved: "Move undone",
    cancelled: "Cancellation undone",
    reinstated: "Reinstatement undone",
  },
  undoFailed: "Could not undo",
} as const;

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time in London ("2026-06-01T19:30", what a datetime-local input gives) as an instant.
 * Null when the text is not such a time or names a moment that does not exist on London's clock.
 */
export function londonLocalToDate(text: string): Date | null {
  const m = localDateTime.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // London is UTC or UTC+1: try both offsets and keep the one whose London clock reads the wall time.
  for (const offsetHours of [0, 1]) {
    const at = new Date(wall - offsetHours * 3_600_000);
    if (londonWall(at) === wall) return at;
  }
  return null; // the hour skipped when the clocks go forward
}

/** London's wall clock as a UTC-fielded time, to whole seconds. */
const londonWall = (at: Date): number => Math.floor(londonWallClock(at).getTime() / 1000) * 1000;

/** The London datetime-local value ("YYYY-MM-DDTHH:mm") of an instant, for pre-filling inputs. */
export function dateToLondonLocal(at: Date): string {
  return new Date(londonWall(at)).toISOString().slice(0, 16);
}

/**
 * A scheduled date: an ISO instant with its zone ("2026-06-01T18:30:00.000Z") or a London wall-clock
 * time without one ("2026-06-01T19:30").
 */
export const scheduledDateField = z
  .string({ error: ASSIGNMENT_MSG.dateRequired })
  .trim()
  .min(1, ASSIGNMENT_MSG.dateRequired)
  .max(40, ASSIGNMENT_MSG.dateInvalid)
  .transform((text, ctx) => {
    const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(text);
    const at = withZone ? new Date(text) : londonLocalToDate(text);
    if (!at || Number.isNaN(at.getTime()) || !isStorableInstant(at)) {
      ctx.addIssue({ code: "custom", message: ASSIGNMENT_MSG.dateInvalid });
      return z.NEVER;
    }
    return at;
  });

/**
 * A row id as a number or as the digits a form field holds. Nothing else is read as one: z.coerce took
 * `true` as 1 and `[7]` as 7, so a body with an array or a boolean created a date for member 1 or 7.
 */
const positiveId = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(2_147_483_647, message));

/** POST /api/admin/assignments. */
export const createAssignmentSchema = z.object({
  userId: positiveId(ASSIGNMENT_MSG.memberRequired),
  venueId: positiveId(ASSIGNMENT_MSG.venueRequired),
  scheduledDate: scheduledDateField,
});
export type CreateAssignmentInput = z.input<typeof createAssignmentSchema>;

/** PATCH /api/admin/assignments/:assignmentId/status. */
export const assignmentStatusSchema = z.object({
  status: z.enum(ASSIGNMENT_STATUSES, { error: ASSIGNMENT_MSG.statusInvalid }),
});

/** One partner's rating of a date, as the back office sees it. */
export const adminRatingSchema = z
  .object({
    userId: z.number(),
    /** First and last name, or the e-mail; "Deleted member" for an account that was deleted. */
    name: z.string(),
    rating: z.number(),
    feedback: z.string().nullable(),
    ratedAt: z.string(),
  })
  .meta({ id: "AdminRating" });
export type AdminRating = z.infer<typeof adminRatingSchema>;

/** An operator's booking against hard rules, as stored with the date (the rulebook's words). */
export const assignmentOverrideSchema = z
  .object({
    rules: z.array(z.string()),
    reason: z.string(),
    /** The admin's id and name ("Former admin" when their account is gone). */
    byId: z.number().nullable(),
    by: z.string(),
    at: z.string(),
  })
  .meta({ id: "AdminAssignmentOverride" });
export type AssignmentOverride = z.infer<typeof assignmentOverrideSchema>;

/** The venue's side of a date in the back office: the contract's three fields, then the latest request's details. */
export const adminVenueBookingSchema = z
  .object({
    status: z.enum(VENUE_BOOKING_STATUSES),
    reference: z.string().nullable(),
    answeredAt: z.string().nullable(),
    /** When the latest request went out (null: not yet, the undo window or no booking e-mail). */
    requestedAt: z.string().nullable(),
    /** Handed to the operators: unanswered, a proposed time, a decline nothing replaced, or close to the date. */
    escalated: z.boolean(),
    declineReason: z.string().nullable(),
    proposedDate: z.string().nullable(),
    proposedNote: z.string().nullable(),
  })
  .meta({ id: "AdminAssignmentVenueBooking" });
export type AdminVenueBooking = z.infer<typeof adminVenueBookingSchema>;

/** The engine's best fix for a date that breaks a rule now: the same evening at another venue and idea. */
export const assignmentFixProposalSchema = z
  .object({
    venueId: z.number(),
    dateIdeaId: z.number().nullable(),
    scheduledDate: z.string(),
    venueName: z.string(),
    ideaTitle: z.string().nullable(),
  })
  .meta({ id: "AdminAssignmentFixProposal" });
export type AssignmentFixProposal = z.infer<typeof assignmentFixProposalSchema>;

/** One assignment as the back office reads it (dates as ISO strings). */
export const adminAssignmentSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    venueId: z.number().nullable(),
    dateIdeaId: z.number().nullable(),
    scheduledDate: z.string(),
    status: z.enum(MEMBER_DATE_STATUSES),
    createdAt: z.string(),
    revealedAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    user: z
      .object({
        id: z.number(),
        email: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
      })
      .nullable(),
    venue: z
      .object({
        id: z.number(),
        name: z.string(),
        city: z.string(),
        type: z.enum(VENUE_TYPES),
        address: z.string().nullable(),
      })
      .nullable(),
    dateIdea: z
      .object({
        title: z.string(),
        description: z.string().nullable(),
        category: z.string(),
        duration: z.number(),
        timeOfDay: z.string(),
      })
      .nullable(),
    /** The couple's average rating of the date to one decimal (each partner rates for themselves). */
    rating: z.number().nullable(),
    /** Each partner's words, "{name}: {words}", joined with " / ". */
    feedback: z.string().nullable(),
    /** Each rating of the date, labelled with who wrote it (ordered by member id). */
    ratings: z.array(adminRatingSchema),
    /** Why the matching engine chose this date (auto-assign, Create Booking, Plan month); null for hand-made dates. Admins only. */
    matchReasons: z.array(z.string()).nullable(),
    /** An operator booked this date although it broke hard rules: which, why, who, when. Admins only. */
    override: assignmentOverrideSchema.nullable(),
    /** The venue's side: asked, confirmed (with its reference), declined, proposed another time, cancelled. */
    venueBooking: adminVenueBookingSchema,
    /**
     * The hard rules the date breaks now, in the rulebook's words, found when something it depends on changed
     * after it was booked (its venue's hours, closures, capacity, needs, location...); empty: none.
     */
    ruleProblems: z.array(z.string()),
    /** The engine's best fix for a date that breaks a rule now (same evening, another venue and idea); null: none. */
    fixProposal: assignmentFixProposalSchema.nullable(),
    /** Nobody came (status no_show): who says so, their note, when; null otherwise. */
    noShow: adminNoShowRecordSchema.nullable(),
    /** What the venue said about the evening, as an operator recorded it. */
    venueFeedback: z.string().nullable(),
  })
  .meta({ id: "AdminAssignment" });
export type AdminAssignment = z.infer<typeof adminAssignmentSchema>;
