/**
 * AI Suggestions tab (spec sections 2, 4 and 7): suggestion answers, the status rules, the
 * members-needing-dates list, and the texts both sides show.
 */
import { z } from "zod";
import { TIER_IDS, TIERS, type TierId } from "../constants.ts";
import { TRIAL_DATES_PER_MONTH } from "./assignments.ts";
import { adminListQuerySchema } from "./back-office.ts";

export const SUGGESTION_STATUSES = ["pending", "approved", "rejected", "booked"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/**
 * The moves an admin may make (spec section 4): pending becomes approved or rejected; approved becomes
 * booked once its date exists, or rejected while it has no date (say it breaks a rule now that the couple's
 * needs or the venue changed). Rejected and booked are final. Asking for the current status again
 * changes nothing and is not an error (a repeated click).
 */
export const SUGGESTION_TRANSITIONS: Record<SuggestionStatus, readonly SuggestionStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["booked", "rejected"],
  rejected: [],
  booked: [],
};

export const AI_SUGGESTION_MSG = {
  /** POST /api/admin/ai-suggestions/{userId} for a member without usable preferences. */
  noPreferences:
    "Could not create a suggestion. Member may need to complete their preferences (postcode, days and times).",
  /** ... when no venue, idea and time fit every rule: the engine's reason follows. */
  noFit: (reason: string) =>
    `Could not create a suggestion. ${reason.trim()}${/[.!?]$/.test(reason.trim()) ? "" : "."}`,
  createFailed: "Failed to create AI suggestion",
  updateFailed: "Failed to update AI suggestion",
  missingVenueOrDate: "Missing venue or date information in AI suggestion",
  notFound: "AI suggestion not found",
  memberNotFound: "Member not found",
  status: "Status must be one of pending, approved, rejected or booked",
  reservationId: "reservationId must be a positive whole number",
  transition: (from: SuggestionStatus, to: SuggestionStatus) =>
    from === to
      ? `This suggestion is already ${from}`
      : `A ${from} suggestion cannot be marked ${to}${SUGGESTION_TRANSITIONS[from].length ? ` (it can be marked ${SUGGESTION_TRANSITIONS[from].join(" or ")})` : ""}`,
  bookedNeedsDate: "Marking a suggestion booked needs the reservationId of its date",
  dateOnlyWhenBooked: "A reservation can only be attached when marking a suggestion booked",
  dateNotFound: "Reservation not found",
  dateOtherMember: "That reservation is not one of this member's dates",
  dateCancelled: "That reservation is cancelled",
  dateTaken: "That reservation is already linked to another suggestion",
  bookOnlyApproved: (status: SuggestionStatus) =>
    `Only approved suggestions can be booked; this one is ${status}`,
  booked: "Booking Created",
  statusUpdated: "Status Updated",
} as const;

const M = AI_SUGGESTION_MSG;

/** PATCH /api/admin/ai-suggestions/:id. */
export const updateSuggestionSchema = z.strictObject({
  status: z.enum(SUGGESTION_STATUSES, { error: M.status }),
  reservationId: z
    .number({ error: M.reservationId })
    .int(M.reservationId)
    .min(1, M.reservationId)
    .max(2_147_483_647, M.reservationId)
    .nullish(),
});
export type UpdateSuggestionInput = z.infer<typeof updateSuggestionSchema>;

/** GET /api/admin/ai-suggestions?search=&status=&limit=&offset= (paged; total in x-total-count). */
export const suggestionListQuerySchema = adminListQuerySchema.extend({
  status: z
    .enum(SUGGESTION_STATUSES, { error: M.status })
    .or(z.literal("").transform(() => undefined))
    .optional(),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuerySchema>;

/** One venue of a suggestion as stored by the matching engine; anything unreadable is null (reasons: empty). */
export const suggestedVenueSchema = z
  .object({
    id: z.number().nullable(),
    name: z.string().nullable(),
    type: z.string().nullable(),
    address: z.string().nullable(),
    /** ISO 8601. */
    suggestedDate: z.string().nullable(),
    /** The engine's date idea at the venue (null: the venue itself). */
    dateIdeaId: z.number().nullable(),
    dateIdeaTitle: z.string().nullable(),
    distanceMiles: z.number().nullable(),
    /** Why the engine chose it (admins only). */
    reasons: z.array(z.string()),
  })
  .meta({ id: "AdminSuggestedVenue" });
export type SuggestedVenue = z.infer<typeof suggestedVenueSchema>;

export const suggestionUserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  })
  .meta({ id: "AdminSuggestionUser" });
export type SuggestionUser = z.infer<typeof suggestionUserSchema>;

/** One suggestion as GET/PATCH/POST .../book answer it. */
export const adminAiSuggestionSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    user: suggestionUserSchema,
    suggestion: z.string(),
    suggestedVenues: z.array(suggestedVenueSchema),
    status: z.enum(SUGGESTION_STATUSES),
    reservationId: z.number().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "AdminAiSuggestion" });
export type AdminAiSuggestion = z.infer<typeof adminAiSuggestionSchema>;

/** Whether the tab offers Create Booking (spec: approved suggestions without a reservationId). */
export function canCreateBooking(s: Pick<AdminAiSuggestion, "status" | "reservationId">): boolean {
  return s.status === "approved" && s.reservationId === null;
}

/** The window of the needing-dates card: dates from now to this many days ahead are counted. */
export const NEEDING_DATES_WINDOW_DAYS = 30;

/**
 * Dates a member should have planned in the window (spec section 9 and ARCHITECTURE.md: Silver 1, Gold 2,
 * Platinum 4; any other or no tier counts as 1).
 */
export function requiredDatesPerMonth(tier: string | null | undefined): number {
  return tier && (TIER_IDS as readonly string[]).includes(tier)
    ? TIERS[tier as TierId].datesPerMonth
    : TRIAL_DATES_PER_MONTH;
}

/** What the card's note says about who is listed. */
export const NEEDING_DATES_NOTE = `Active members who have completed onboarding and have fewer dates planned in the next ${NEEDING_DATES_WINDOW_DAYS} days than their plan includes: ${TIER_IDS.map((t) => `${TIERS[t].name} ${TIERS[t].datesPerMonth}`).join(", ")} a month. Cancelled dates do not count.`;

/** GET /api/admin/members-needing-dates?limit=&offset= (greatest need first; total in x-total-count). */
export const needingDatesQuerySchema = adminListQuerySchema.pick({ limit: true, offset: true });

export const memberNeedingDatesSchema = z
  .object({
    user: suggestionUserSchema.extend({ subscriptionTier: z.string().nullable() }),
    required: z.number(),
    scheduled: z.number(),
    needed: z.number(),
  })
  .meta({ id: "AdminMemberNeedingDates" });
export type MemberNeedingDates = z.infer<typeof memberNeedingDatesSchema>;
