/**
 * What the member area answers about dates (GET /api/dates/user, GET /api/dates/{id}, the confirm, reschedule
 * and rating calls, GET /api/dates/stats). The serializer encodes through these schemas, so a column added to
 * a stored date, venue or idea never reaches a member unless it is listed here. A date still more than
 * REVEAL_WINDOW_HOURS away carries no venue, address, dress code or date idea: those fields are null.
 */

import { z } from "zod";
import { memberClueSchema } from "../clues.ts";
import { paymentProblemSchema } from "../payment-recovery.ts";

export const revealedVenueSchema = z
  .object({
    name: z.string(),
    address: z.string().nullable(),
    city: z.string(),
    postcode: z.string().nullable(),
    type: z.string(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .meta({ id: "RevealedVenue" });
export type RevealedVenue = z.infer<typeof revealedVenueSchema>;

export const MEMBER_DATE_STATUSES = [
  "scheduled",
  "revealed",
  "confirmed",
  "reschedule_requested",
  "completed",
  "no_show",
  "cancelled",
] as const;
export type MemberDateStatus = (typeof MEMBER_DATE_STATUSES)[number];
/** True for a status a date can have (a value read back from stored JSON, say). */
export const isDateStatus = (value: unknown): value is MemberDateStatus =>
  MEMBER_DATE_STATUSES.some((s) => s === value);

export const revealedIdeaSchema = z
  .object({
    title: z.string(),
    description: z.string().nullable(),
    /** culinary, active, adventure, live_music, bars, cultural, wellness: picks the card image. */
    category: z.string(),
  })
  .meta({ id: "RevealedIdea" });
export type RevealedIdea = z.infer<typeof revealedIdeaSchema>;

/** One action's state for this date, decided by the server's clock and the policies. */
export const dateActionSchema = z
  .object({
    allowed: z.boolean(),
    /** Why not, in a sentence the member can read (null when allowed). */
    reason: z.string().nullable(),
    /** ISO time the action stops being possible, when it has a deadline. */
    until: z.string().nullable(),
  })
  .meta({ id: "DateAction" });
export type DateAction = z.infer<typeof dateActionSchema>;

/** One partner's rating of a date they had together. */
export const dateRatingSchema = z
  .object({
    /** "you": the signed-in member; "partner": the other of the couple; "former": someone linked before. */
    by: z.enum(["you", "partner", "former"]),
    /** First name of who wrote it (null for a deleted account). */
    name: z.string().nullable(),
    rating: z.number(),
    feedback: z.string().nullable(),
    ratedAt: z.string(),
  })
  .meta({ id: "DateRating" });
export type DateRating = z.infer<typeof dateRatingSchema>;

/** GET /api/dates/user (array) and GET /api/dates/{id}. */
export const memberDateSchema = z
  .object({
    id: z.number(),
    /** ISO time the date starts. Never secret: the couple must keep the time free. */
    scheduledDate: z.string(),
    /** Hours; not secret (the calendar hold before the reveal uses it). */
    durationHours: z.number(),
    status: z.enum(MEMBER_DATE_STATUSES),
    /** Within 48 hours of the date, or past: the details below are filled in. */
    revealed: z.boolean(),
    /**
     * Inside the reveal window but not revealed yet: "final touches are being made" (the plan is being
     * finalised). Never true before the reveal time.
     */
    finalTouches: z.boolean(),
    /**
     * Inside the reveal window but not revealed: the couple's last payment has not gone through yet. The evening
     * and the booking stand; the reveal follows once it is paid.
     */
    paymentHold: z.boolean(),
    /** ISO time the details unlock (scheduledDate minus 48 hours). */
    revealAt: z.string(),
    /** The date has passed or is completed. */
    isPast: z.boolean(),
    /** True when the date belongs to the member's partner (partners share the couple's dates). */
    isPartnerDate: z.boolean(),
    venue: revealedVenueSchema.nullable(),
    dateIdea: revealedIdeaSchema.nullable(),
    dressCode: z.string().nullable(),
    /** A maps link to the venue (revealed dates only). */
    directionsUrl: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    rescheduleRequestedAt: z.string().nullable(),
    /** The signed-in member's own rating of the date (each partner rates for themselves). */
    rating: z.number().nullable(),
    feedback: z.string().nullable(),
    ratedAt: z.string().nullable(),
    /** Every rating of the date by the couple, the member's own first, each labelled with who wrote it. */
    ratings: z.array(dateRatingSchema),
    /**
     * Nobody came (status no_show): who said so ("couple": the couple themselves, through this page or the team;
     * "venue": the venue), their note and when. No rating is asked after a no-show. Null otherwise.
     */
    noShow: z
      .object({ by: z.enum(["couple", "venue"]), note: z.string().nullable(), at: z.string() })
      .nullable(),
    /** A cancelled date: whether it went back into its month's allowance (null when not cancelled). */
    cancellation: z.object({ allowanceReturned: z.boolean() }).nullable(),
    /**
     * Teaser clues whose unlock time has come (from 7 days before), earliest first; a clue not yet unlocked is
     * not in the answer at all. Both partners see the same. Empty for a cancelled date.
     */
    clues: z.array(memberClueSchema),
    /** ISO time the next clue unlocks, or null when none is left to come. */
    nextClueAt: z.string().nullable(),
    actions: z.object({
      confirm: dateActionSchema,
      reschedule: dateActionSchema,
      rate: dateActionSchema,
      /** "We couldn't go": the couple says the evening did not happen (once it has started, in the rating window). */
      noShow: dateActionSchema,
    }),
  })
  .meta({ id: "MemberDate" });
export type MemberDate = z.infer<typeof memberDateSchema>;

export const memberDateListSchema = z.array(memberDateSchema);

/** GET /api/dates/stats: the dashboard's counts. */
export const dashboardStatsSchema = z
  .object({
    upcoming: z.number(),
    completed: z.number(),
    /** The member's own average rating to one decimal, or null when they have rated nothing. */
    averageRating: z.number().nullable(),
    /**
     * The first-month promise (src/shared/planning-schedule.ts): while the couple's plan is new and no date is
     * booked yet, the day by which the first one will be ("Friday 27 November"); null otherwise.
     */
    firstDateBookedBy: z.string().nullable(),
    /** The couple's plan is behind on a payment being recovered (the dashboard's banner); null otherwise. */
    paymentProblem: paymentProblemSchema.nullable(),
    /** The plan account's next collection for the couple's plan (London day, pence), as /billing names it. */
    nextPayment: z.object({ date: z.string(), amountPence: z.number().int() }).nullable(),
  })
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
