/**
 * The rulebook: whether a couple may have a date at all (eligible) and which of the matching
 * engine's hard rules a proposed date breaks, in the words an operator reads. Shared by the Assign Date
 * dialog's live check and the server, so both say the same thing.
 */
import { z } from "zod";
import { trimmedAtLeast } from "../schemas/text.ts";
import { ASSIGNMENT_MSG, assignmentStatusSchema, createAssignmentSchema } from "./assignments.ts";
import {
  adminCoupleAllowanceSchema,
  adminCoupleNeedsSchema,
  adminCouplePersonSchema,
  adminCoupleSchema,
} from "./member-couple.ts";

/** A date may be booked at most this many months ahead (no plan runs that far without a review). */
export const BOOKING_HORIZON_MONTHS = 12;
/** Longest override reason an operator may write. */
export const OVERRIDE_REASON_MAX = 500;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const RULE_MSG = {
  // Not eligible: no override.
  deleted: "This member has deleted their account: no new dates can be booked for them",
  adminOnly: (name: string) => `${name} is an admin account with no membership`,
  noPlan: (name: string) => `${name} has no active plan`,
  inPast: ASSIGNMENT_MSG.dateInPast,
  tooFar: `The date is more than ${BOOKING_HORIZON_MONTHS} months ahead`,
  // Hard rules: an operator may override them with a reason.
  paused: (until: string) => `The plan is paused until ${until}`,
  planEnds: (on: string) => `The gifted plan ends on ${on}`,
  pausedOpen: "The plan is paused",
  pastDue: "The plan's last payment failed (past due)",
  /** A date kept after its plan was cancelled, later than the last paid day. */
  planCancelled: (on: string) => `The plan is cancelled: it ends on ${on}`,
  planEnded: "The plan has ended",
  noTier: "The plan has no tier set",
  dietary: (who: string, needs: string, venue: string, n: number) =>
    `${who} needs ${needs} food: ${venue} does not offer ${plural(n, "it", "them")}`,
  access: (who: string, needs: string, venue: string, n: number) =>
    `${who} needs ${needs}: ${venue} does not have ${plural(n, "it", "them")}`,
  alcohol: (names: string, n: number) =>
    `The idea is alcohol-led and ${names} ${plural(n, "does", "do")} not drink`,
  radius: (radius: number, miles: string) => `Outside their ${radius}-mile radius (${miles} miles)`,
  noPostcode: "No postcode in their preferences: the distance can't be checked",
  postcodeUnplaced: (postcode: string) => `Their postcode ${postcode} can't be placed on the map`,
  venueUnplaced: (venue: string) => `${venue} has no known location: the distance can't be checked`,
  price: (level: string, direction: "above" | "below", spend: string) =>
    `Price ${level} is ${direction} their ${spend}`,
  ideaPrice: (level: string, direction: "above" | "below", spend: string) =>
    `The idea's price ${level} is ${direction} their ${spend}`,
  priceUnknown: (what: string) => `${what} has no known price level`,
  excluded: (venue: string) => `They asked not to go to ${venue}`,
  revisit: (day: string) => `They had a date at this venue on ${day} (within 6 months)`,
  revisitPlanned: (day: string) => `They already have a date planned at this venue on ${day}`,
  notDay: "Not one of their chosen days",
  notTime: "Not one of their chosen times",
  ideaTime: (label: string) => `The idea is for ${label}`,
  ideaSeason: (season: string) => `The idea is for ${season}`,
  ideaElsewhere: (title: string, venue: string) => `“${title}” is not held at ${venue}`,
  ideaInactive: (title: string) => `“${title}” is switched off`,
  venueArchived: (venue: string) => `${venue} is archived`,
  venueNotBookable: (venue: string, reasons: string) => `${venue} can't be booked yet: ${reasons}`,
  venueClosed: (venue: string, day: string, why: string) => `${venue} is closed on ${day} (${why})`,
  venueHours: (venue: string, detail: string) => `${venue} is not open for the whole date (${detail})`,
  venueFull: (venue: string, capacity: number) =>
    `${venue} already has ${capacity === 1 ? "a couple" : `${capacity} couples`} of ours at that time`,
  lead: "Less than 72 hours ahead",
  clash: (when: string) => `Clashes with their date on ${when}`,
  allowance: (month: string, used: number, allowed: number) =>
    `Allowance for ${month} used up (${used} of ${allowed})`,
  /** The 422 of a date that breaks rules and carries no override reason. */
  broken: (rules: readonly string[]) =>
    `This date breaks ${rules.length} ${plural(rules.length, "rule", "rules")}: ${rules.join("; ")}. Give an override reason to book it anyway.`,
  /** Auto Assign, Plan month and Create Booking never override. */
  brokenNoOverride: (rules: readonly string[]) =>
    `This date breaks ${rules.length} ${plural(rules.length, "rule", "rules")}: ${rules.join("; ")}.`,
  overrideReasonRequired: "Please give a reason for the override",
  overrideReasonTooLong: `The override reason can be at most ${OVERRIDE_REASON_MAX} characters`,
  overrideNotNeeded: "Nothing to override: this date breaks no rule",
  /** Keep with reason (a date flagged by the re-check, POST .../fix/override). */
  keepReasonRequired: "Give a reason for keeping this date",
  /** Accept fix: no fix was proposed, or the date changed since it was. */
  noFix: "There is no fix to accept for this date: it fits every rule now, or nothing else fits that evening",
  fixStale: "The date has changed since this fix was proposed: reload to see the current one",
  nothingToKeep: "This date breaks no rule now: nothing to keep",
} as const;

const dateIdeaField = z
  .union(
    [
      z.null(),
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, "Please choose a date idea"),
    ],
    { error: "Please choose a date idea" },
  )
  .transform((v) => (v === null ? null : Number(v)))
  .pipe(z.number().int().min(1, "Please choose a date idea").max(2_147_483_647).nullable());

export const overrideReasonSchema = z
  .string({ error: RULE_MSG.overrideReasonRequired })
  .regex(trimmedAtLeast(1), RULE_MSG.overrideReasonRequired)
  .trim()
  .max(OVERRIDE_REASON_MAX, RULE_MSG.overrideReasonTooLong);

/** POST /api/admin/assignments/check: what Assign would say, without booking. */
export const checkAssignmentSchema = createAssignmentSchema.extend({
  /** A date idea at the venue; null: the venue itself; left out: the idea that fits best. */
  dateIdeaId: dateIdeaField.optional(),
});
export type CheckAssignmentInput = z.input<typeof checkAssignmentSchema>;

/** POST /api/admin/assignments: the check's body, plus the operator's reason when the date breaks rules. */
export const createAssignmentWithOverrideSchema = checkAssignmentSchema.extend({
  overrideReason: overrideReasonSchema.optional(),
});

/** The couple as the check shows it: plan, the allowance of the chosen month, both partners' needs. */
export const rulebookMemberSchema = adminCoupleSchema
  .pick({ memberId: true, partner: true, plan: true })
  .extend({
    allowance: adminCoupleAllowanceSchema,
    people: z.array(adminCouplePersonSchema),
    needs: adminCoupleNeedsSchema,
  })
  .meta({ id: "AdminRulebookMember" });
export type RulebookMember = z.infer<typeof rulebookMemberSchema>;

/** POST /api/admin/assignments/check answer (200 whatever the verdict). */
export const rulebookCheckSchema = z
  .object({
    eligible: z.boolean(),
    /** Why not, when not eligible. */
    reason: z.string().optional(),
    /** The hard rules the date breaks (empty when it fits or is not eligible). */
    broken: z.array(z.string()),
    /** The idea the date would have (the chosen one, or the best fit at the venue); null: the venue itself. */
    dateIdea: z.object({ id: z.number(), title: z.string() }).nullable(),
    member: rulebookMemberSchema.nullable(),
  })
  .meta({ id: "AdminRulebookCheck" });
export type RulebookCheck = z.infer<typeof rulebookCheckSchema>;

/**
 * PATCH /api/admin/assignments/:id/status: the move, and for putting a cancelled date back when it now
 * breaks hard rules, the operator's written reason (kept on the record as for Assign).
 */
export const statusChangeSchema = assignmentStatusSchema.extend({
  overrideReason: overrideReasonSchema.optional(),
});

/**
 * POST /api/admin/assignments/:id/move: the new time (and venue or idea); an operator's reason when the move
 * breaks hard rules. Leaving out venueId keeps the venue; dateIdeaId null: the venue itself.
 */
export const moveAssignmentSchema = z
  .object({
    scheduledDate: checkAssignmentSchema.shape.scheduledDate,
    venueId: checkAssignmentSchema.shape.venueId.optional(),
    dateIdeaId: checkAssignmentSchema.shape.dateIdeaId,
    overrideReason: overrideReasonSchema.optional(),
  })
  .strict();
export type MoveAssignmentInput = z.input<typeof moveAssignmentSchema>;

/** POST /api/admin/assignments/:id/fix/override: keep a date that breaks a rule now, with the operator's reason. */
export const keepDateSchema = z
  .object({
    reason: z
      .string({ error: RULE_MSG.keepReasonRequired })
      .regex(trimmedAtLeast(1), RULE_MSG.keepReasonRequired)
      .trim()
      .max(OVERRIDE_REASON_MAX, RULE_MSG.overrideReasonTooLong),
  })
  .strict();
export type KeepDateInput = z.input<typeof keepDateSchema>;
