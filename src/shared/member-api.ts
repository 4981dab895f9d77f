/**
 * The member area's API answers. The server builds exactly these shapes; the client reads them.
 * A date still more than REVEAL_WINDOW_HOURS away carries no venue, address, dress code or date idea:
 * those fields are null, not merely hidden by the client.
 */

export type { TwoFactorEnabled, TwoFactorSetup } from "./schemas/account.ts";
// The answers of the account and partner routes are zod schemas (the routes' response contract) beside their
// request schemas; their types stay importable from here.
export type { TwoFactorChallenge } from "./schemas/auth.ts";
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
export { MEMBER_DATE_STATUSES, type MemberDateStatus } from "./schemas/dates.ts";
export type { PartnerInviteInfo, PartnerStatus } from "./schemas/partner.ts";
export type { SupportTicketDetail, SupportTicketSummary } from "./schemas/support.ts";
