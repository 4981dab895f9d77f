/**
 * Business analytics of the admin back office: answer shapes, messages and the
 * definition of every figure. The server computes each figure with SQL aggregates
 * (src/server/modules/admin/analytics); the client only shows them.
 *
 * Money: integer pence inside the app (ARCHITECTURE.md). The answers carry both: `…Pence` as an integer
 * and the plain field in pounds, a number with at most two decimals (shown as £ in en-GB).
 * Rates: percentages with one decimal (12.5 means 12.5 %), rounded half away from zero; 0 when the
 * denominator is 0. Months and weeks are London calendar months and weeks (Monday to Sunday).
 * "Now" is the server's clock.
 *
 * A member is a row of users that has not been deleted (deletedAt is null: a deleted account stays as an
 * anonymised record for the books and is no longer counted). Admin accounts are members like any other.
 */
import { z } from "zod";
import { TIER_IDS } from "../constants.ts";
import { isoInstant } from "./back-office.ts";

/** Subscription statuses counted as "subscribed" (a plan running, whether paid up, behind or on a month off). */
export const LIVE_STATUSES = ["active", "past_due", "paused"] as const;

/**
 * subscription_events rows that record a change planned for later or money moved, not the member's
 * state at that moment: they are skipped when the state at a time is reconstructed.
 */
export const NON_STATE_EVENTS = ["tier_change_scheduled", "pause_scheduled", "refunded"] as const;

/** The churn window and the number of months the charts cover (spec section 9: churn window 30 days). */
export const ANALYTICS = {
  churnWindowDays: 30,
  historyMonths: 12,
  recentActivity: 10,
  noShowWindowDays: 30,
} as const;

/** Churn in one sentence, shown beside the figure (issue 32, item 8). */
export const CHURN_DEFINITION =
  "Churn is the share of subscribers at the period's start who cancelled in it (last 30 days).";

/** Definitions, one per figure: shown in the exports' Notes column and as hints on the tab. */
export const ANALYTICS_DEFINITIONS = {
  totalMRR:
    "Monthly recurring revenue: the sum, over members whose subscription status is active and who hold a tier, of the tier's monthly price after their running offer (an offer_code_usage row with status active whose discountEndDate is unset or later than now, applying to the member's tier: a percentage of the price or a fixed amount, never below £0). Past-due, paused and cancelled plans and partners covered by the other's plan add nothing.",
  activeSubscribers:
    "Members whose subscription status is active and who hold a tier (silver, gold or platinum).",
  arpu: "Average revenue per user: monthly recurring revenue divided by active subscribers, to the penny; £0 when there are none.",
  subscriptionCounts:
    "Members holding a tier, counted by tier and current subscription status (active, past_due, paused, cancelled, or none).",
  tierDistribution: "Active subscribers per tier, with their share of all active subscribers and their MRR.",
  mrrHistory:
    "MRR at the end of each of the last 12 London months, rebuilt from subscription_events: a member counts when the latest event (by time, then id) at that moment, skipping scheduled changes and refunds, leaves them active; their amount is the monthlyAmount of the latest event up to then that set a price for that tier (list price if none). When a time-limited offer runs out, the offer-cycles job records an offer_ended event with the full price, so the history stops carrying the discount from the offer's end. The month in progress shows the live figure (the card's).",
  churnRate:
    "Churn is the share of subscribers at the period's start who cancelled in it: of the members subscribed (active, past due or paused, by subscription_events) 30 days ago, the percentage whose subscription was cancelled or ended since (an event moving their status to cancelled). Members who joined during the period are not counted, above or below the line.",
  cancelledLast30Days:
    "Members whose subscription moved to cancelled in the last 30 days (cancelled by them, ended by the bank or provider, lapsed after missed payments, or account deleted), including members who joined within the window.",
  totalCancelled: "Members whose subscription status is cancelled now.",
  failedPayments:
    "Failed payments (last 30 days): payments the provider reported failed or charged back in the period, each counted once however many of its retries failed (billing history). Recovered: those after whose first failure the member had a payment collected (the retry, or the missed month taken from new bank details).",
  newSignups: "Accounts created in each of the last 12 London months.",
  newSubscriptions: "New subscriptions (subscription_events 'created') in each of the last 12 London months.",
  totalReservations: "Every date reservation, whatever its status.",
  completedDates: "Date reservations with status completed.",
  completionRate:
    "Completed dates as a percentage of settled dates: every reservation except those still ahead (scheduled after now and neither completed nor cancelled). Cancelled dates count against.",
  noShowRate:
    "No-show rate (last 30 days): dates marked as a no-show (by the couple or the venue) as a percentage of the dates that took place in the period: scheduled in the last 30 days up to now and not cancelled.",
  emailDeliveryRate: "E-mails logged with status sent, as a percentage of every e-mail logged.",
  suggestionApprovalRate:
    "AI suggestions approved or booked, as a percentage of those decided (approved, booked or rejected). Pending ones do not count.",
  averageRating:
    "Average rating: the mean of every rating members gave their dates, one decimal; each partner of a couple rates for themselves, so a date rated by both counts twice. Null when there are none.",
  ratingsGiven: "Ratings given: every rating a member gave a date, each partner's own counted apart.",
  bothRatedRate:
    "Both partners rated: of the dates at least one partner rated, the percentage rated by two members (both voices of the couple).",
  recentReservations:
    "Dates this week: reservations scheduled from Monday 00:00 to Sunday 24:00 London time of the current week, not cancelled.",
  recentActivity:
    "The 10 latest events up to now: accounts created, subscriptions started or restarted, subscriptions cancelled or ended, and dates booked (reservations created).",
} as const;

const pounds = (what: string) => z.number().describe(`${what} in pounds, two decimals`);
const percent = (what: string) => z.number().describe(`${what}: percent, one decimal`);

export const tierDistributionRowSchema = z
  .object({
    tier: z.enum(TIER_IDS),
    subscribers: z.int(),
    percentage: percent("Share of active subscribers"),
    mrr: pounds("MRR"),
    mrrPence: z.int(),
  })
  .meta({ id: "AdminTierDistributionRow" });
export type TierDistributionRow = z.infer<typeof tierDistributionRowSchema>;

export const monthlyMrrSchema = z
  .object({
    month: z.string().describe("YYYY-MM (London)"),
    mrr: pounds("MRR"),
    mrrPence: z.int(),
    subscribers: z.int(),
  })
  .meta({ id: "AdminMonthlyMrr" });
export type MonthlyMrr = z.infer<typeof monthlyMrrSchema>;

/** GET /api/admin/analytics/subscriptions */
export const subscriptionAnalyticsSchema = z
  .object({
    totalMRR: pounds("Monthly recurring revenue"),
    totalMRRPence: z.int(),
    activeSubscribers: z.int(),
    arpu: pounds("Average revenue per user"),
    arpuPence: z.int(),
    subscriptionCounts: z.array(z.object({ tier: z.string(), status: z.string(), count: z.int() })),
    tierDistribution: z.array(tierDistributionRowSchema),
    mrrHistory: z.array(monthlyMrrSchema).describe("Oldest first, ending with the current month"),
  })
  .meta({ id: "AdminSubscriptionAnalytics" });
export type SubscriptionAnalytics = z.infer<typeof subscriptionAnalyticsSchema>;

export const monthlyCountSchema = z
  .object({ month: z.string().describe("YYYY-MM (London)"), count: z.int() })
  .meta({ id: "AdminMonthlyCount" });
export type MonthlyCount = z.infer<typeof monthlyCountSchema>;

/** Failed payments in the churn window and how many were recovered (ANALYTICS_DEFINITIONS.failedPayments). */
export const failedPaymentsSchema = z
  .object({
    failed: z.int(),
    recovered: z.int(),
    recoveryRate: percent("Recovered of failed"),
  })
  .meta({ id: "AdminFailedPayments" });
export type FailedPayments = z.infer<typeof failedPaymentsSchema>;

/** GET /api/admin/analytics/churn */
export const churnAnalyticsSchema = z
  .object({
    churnRate: percent("Churn over the last 30 days"),
    /** The figure's definition, said beside it: "the share of subscribers at the period's start who cancelled in it". */
    definition: z.string(),
    windowDays: z.int(),
    windowStart: isoInstant.describe("Start of the window (now minus 30 days)"),
    subscribersAtWindowStart: z.int(),
    churnedFromWindowStart: z.int(),
    cancelledLast30Days: z.int(),
    totalCancelled: z.int(),
    newSignups: z.array(monthlyCountSchema),
    newSubscriptions: z.array(monthlyCountSchema),
    failedPayments: failedPaymentsSchema,
  })
  .meta({ id: "AdminChurnAnalytics" });
export type ChurnAnalytics = z.infer<typeof churnAnalyticsSchema>;

export const ACTIVITY_TYPES = ["signup", "subscription", "cancellation", "booking"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activityItemSchema = z
  .object({
    type: z.enum(ACTIVITY_TYPES),
    at: isoInstant,
    userId: z.int().nullable(),
    member: z.string().describe('Full name, else the e-mail; "Deleted member" for a deleted account'),
    detail: z.string().describe('Plain words: "Account created", "Gold plan started", "Date booked"...'),
    dateAt: isoInstant
      .nullable()
      .describe("A booking's scheduled time, for the client to format in London time"),
  })
  .meta({ id: "AdminActivityItem" });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const statusCountSchema = z
  .object({ status: z.string(), count: z.int() })
  .meta({ id: "AdminStatusCount" });
export type StatusCount = z.infer<typeof statusCountSchema>;

/** GET /api/admin/analytics/operational */
export const operationalAnalyticsSchema = z
  .object({
    totalReservations: z.int(),
    completedDates: z.int(),
    completionRate: percent("Completed of settled dates"),
    noShowRate: percent("No-shows of the dates that took place in the last 30 days"),
    noShows: z.int().describe("Dates marked as a no-show in the period"),
    datesTakenPlace: z.int().describe("Dates that took place in the period (started, not cancelled)"),
    noShowWindowDays: z.int(),
    emailDeliveryRate: percent("E-mails sent of logged"),
    suggestionApprovalRate: percent("Suggestions approved of decided"),
    averageRating: z
      .number()
      .nullable()
      .describe("Mean of every partner's rating, one decimal; null with none"),
    ratingsGiven: z.int().describe("Ratings given (each partner's own)"),
    bothRatedRate: percent("Rated dates that both partners rated"),
    recentReservations: z.int().describe("Dates this week (London, Monday to Sunday), not cancelled"),
    weekStart: isoInstant.describe("This week's start (inclusive)"),
    weekEnd: isoInstant.describe("This week's end (exclusive)"),
    reservationsByStatus: z.array(statusCountSchema),
    emailsByStatus: z.array(statusCountSchema),
    suggestionsByStatus: z.array(statusCountSchema),
    recentActivity: z.array(activityItemSchema),
  })
  .meta({ id: "AdminOperationalAnalytics" });
export type OperationalAnalytics = z.infer<typeof operationalAnalyticsSchema>;

export const ANALYTICS_EXPORTS = {
  subscription: {
    url: "/api/admin/analytics/subscription/export",
    base: "subscription-analytics",
    kind: "Subscription",
  },
  operational: {
    url: "/api/admin/analytics/operational/export",
    base: "operational-analytics",
    kind: "Operational",
  },
} as const;
export type AnalyticsExportKind = keyof typeof ANALYTICS_EXPORTS;

export const ANALYTICS_MSG = {
  fetchSubscriptions: "Failed to fetch subscription analytics",
  fetchChurn: "Failed to fetch churn analytics",
  fetchOperational: "Failed to fetch operational metrics",
  exportSuccessTitle: "Export Successful",
  exportSuccess: (kind: string) => `${kind} analytics downloaded successfully`,
  exportFailedTitle: "Export Failed",
  exportFailed: (kind: string) => `Failed to export ${kind.toLowerCase()} analytics`,
} as const;
