/**
 * The member area's API answers (issue #4). The server builds exactly these shapes; the client reads them.
 * A date still more than REVEAL_WINDOW_HOURS away carries no venue, address, dress code or date idea:
 * those fields are null, not merely hidden by the client.
 */

export const MEMBER_DATE_STATUSES = [
  "scheduled",
  "revealed",
  "confirmed",
  "reschedule_requested",
  "completed",
  "cancelled",
] as const;
export type MemberDateStatus = (typeof MEMBER_DATE_STATUSES)[number];

export type { BillingHistoryItem, BillingOverview } from "./schemas/billing.ts";
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
