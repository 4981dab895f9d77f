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

// The date answers are zod schemas (the serializer encodes through them); their types keep these names.
export type {
  DashboardStats,
  DateAction,
  DateRating,
  MemberDate,
  RevealedIdea,
  RevealedVenue,
} from "./schemas/dates.ts";

export type { SupportTicketDetail, SupportTicketSummary } from "./schemas/support.ts";

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

/** POST /api/account/2fa/setup */
export interface TwoFactorSetup {
  /** base32 secret for manual entry. */
  secret: string;
  otpauthUrl: string;
  /** An SVG image of the QR code as a data: URL. */
  qrDataUrl: string;
}

/** POST /api/account/2fa/enable answers the one-time recovery codes, shown once. */
export interface TwoFactorEnabled {
  recoveryCodes: string[];
}

/** POST /api/login when the account has 2FA and no code was sent (status 200, no session yet). */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  message: string;
}

/** GET /api/partner: the member's partner and any invitation waiting. */
export interface PartnerStatus {
  partner: { id: number; firstName: string | null; email: string } | null;
  pendingInvite: { email: string; sentAt: string; expiresAt: string } | null;
}

/** GET /api/partner-invite/{token}: who invited (no session needed). */
export interface PartnerInviteInfo {
  inviterFirstName: string | null;
  email: string;
  expiresAt: string;
}
