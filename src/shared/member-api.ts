/**
 * The member area's API answers (issue #4). The server builds exactly these shapes; the client reads them.
 * A date still more than REVEAL_WINDOW_HOURS away carries no venue, address, dress code or date idea:
 * those fields are null, not merely hidden by the client.
 */
import type { TierId } from "./constants.ts";

export const MEMBER_DATE_STATUSES = [
  "scheduled",
  "revealed",
  "confirmed",
  "reschedule_requested",
  "completed",
  "cancelled",
] as const;
export type MemberDateStatus = (typeof MEMBER_DATE_STATUSES)[number];

export interface RevealedVenue {
  name: string;
  address: string | null;
  city: string;
  postcode: string | null;
  type: string;
  phone: string | null;
  website: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface RevealedIdea {
  title: string;
  description: string | null;
  /** culinary, active, adventure, live_music, bars, cultural, wellness: picks the card image. */
  category: string;
}

/** One action's state for this date, decided by the server's clock and the policies. */
export interface DateAction {
  allowed: boolean;
  /** Why not, in a sentence the member can read (null when allowed). */
  reason: string | null;
  /** ISO time the action stops being possible, when it has a deadline. */
  until: string | null;
}

/** One partner's rating of a date they had together. */
export interface DateRating {
  /** "you": the signed-in member; "partner": the other of the couple; "former": someone the member was linked with before. */
  by: "you" | "partner" | "former";
  /** First name of who wrote it (null for a deleted account). */
  name: string | null;
  rating: number;
  feedback: string | null;
  ratedAt: string;
}

/** GET /api/dates/user (array) and GET /api/dates/{id}. */
export interface MemberDate {
  id: number;
  /** ISO time the date starts. Never secret: the couple must keep the time free. */
  scheduledDate: string;
  /** Hours; not secret (the calendar hold before the reveal uses it). */
  durationHours: number;
  status: MemberDateStatus;
  /** Within 48 hours of the date, or past: the details below are filled in. */
  revealed: boolean;
  /** ISO time the details unlock (scheduledDate minus 48 hours). */
  revealAt: string;
  /** The date has passed or is completed. */
  isPast: boolean;
  /** True when the date belongs to the member's partner (partners share the couple's dates). */
  isPartnerDate: boolean;
  venue: RevealedVenue | null;
  dateIdea: RevealedIdea | null;
  dressCode: string | null;
  /** A maps link to the venue (revealed dates only). */
  directionsUrl: string | null;
  confirmedAt: string | null;
  rescheduleRequestedAt: string | null;
  /** The signed-in member's own rating of the date (each partner rates for themselves). */
  rating: number | null;
  feedback: string | null;
  ratedAt: string | null;
  /** Every rating of the date by the couple, the member's own first, each labelled with who wrote it. */
  ratings: DateRating[];
  /** A cancelled date: whether it went back into its month's allowance (null when not cancelled). */
  cancellation: { allowanceReturned: boolean } | null;
  actions: {
    confirm: DateAction;
    reschedule: DateAction;
    rate: DateAction;
  };
}

export interface DashboardStats {
  upcoming: number;
  completed: number;
  /** The member's own average rating to one decimal, or null when they have rated nothing. */
  averageRating: number | null;
  /**
   * The first-month promise (src/shared/planning-schedule.ts): while the couple's plan is new and no date is
   * booked yet, the day by which the first one will be ("Friday 27 November"); null otherwise.
   */
  firstDateBookedBy: string | null;
}

/** GET /api/support/tickets (array) and GET /api/support/tickets/{id} (with replies). */
export interface SupportTicketSummary {
  id: number;
  subject: string;
  status: "new" | "open" | "answered" | "closed";
  reservationId: number | null;
  createdAt: string;
  updatedAt: string;
  replyCount: number;
}
export interface SupportTicketDetail extends SupportTicketSummary {
  body: string;
  replies: Array<{ id: number; body: string; fromSupport: boolean; createdAt: string }>;
}

/** GET /api/billing: what Manage Billing shows. Amounts in pence. */
export interface BillingOverview {
  provider: "sandbox" | "gocardless";
  tier: TierId | null;
  status: string | null;
  monthlyAmountPence: number | null;
  /** Tier that takes over at the next cycle, if a change is pending. */
  pendingTier: TierId | null;
  currentPeriodEnd: string | null;
  pausedUntil: string | null;
  /** Where the month off starts (see PublicUser.pausedFrom). */
  pausedFrom: string | null;
  cancelAtPeriodEnd: boolean;
  nextPayment: { date: string; amountPence: number } | null;
  mandate: {
    reference: string;
    status: string;
    bankName: string | null;
    accountEnding: string | null;
  } | null;
  payments: Array<{
    id: string;
    chargeDate: string;
    amountPence: number;
    refundedPence: number;
    status: string;
    description: string;
  }>;
  /** Cancelling now refunds the first payment in full (cooling-off period, no date held yet). */
  coolingOffRefundEligible: boolean;
  /** Every payment, failure, retry, refund and mandate change, newest first (#18). */
  history: BillingHistoryItem[];
  /** Whether "Change bank details" is offered, and why not (or what it means for a cancelled plan). */
  bankDetails: { changeable: boolean; note: string | null };
}

/** One row of the append-only billing history, in the member's words. Amounts in pence. */
export interface BillingHistoryItem {
  id: number;
  /** payment_confirmed, payment_failed, payment_retried, payment_refunded, mandate_replaced... */
  kind: string;
  occurredAt: string;
  amountPence: number | null;
  /** The payment's charge day (YYYY-MM-DD), for payment rows. */
  chargeDate: string | null;
  /** "Payment of £20.00 confirmed", "Refund of £20.00", "New bank details: account ending 78". */
  description: string;
  /** The payment's own label ("Monthly membership"), for payment rows. */
  detail: string | null;
  /** One word: Paid, Failed, Retrying, Refunded, Updated... */
  status: string;
  /** A PDF receipt can be downloaded from GET /api/billing/receipts/{id}.pdf. */
  receiptAvailable: boolean;
}

export type { TwoFactorEnabled, TwoFactorSetup } from "./schemas/account.ts";
// The answers of the account and partner routes are zod schemas (the routes' response contract) beside their
// request schemas; their types stay importable from here.
export type { TwoFactorChallenge } from "./schemas/auth.ts";
export type { PartnerInviteInfo, PartnerStatus } from "./schemas/partner.ts";
