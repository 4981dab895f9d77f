import type { SubscriptionStatus, TierId } from "./constants.ts";

export interface ActiveDiscount {
  offerCode: string;
  discountType: "percentage" | "fixed_amount";
  discountValue: string;
  cyclesRemaining: number | null;
  discountEndDate: string | null;
}

/** The current user as the API sends it: never a password, token or payment-provider id. */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  onboardingCompleted: boolean;
  subscriptionTier: TierId | null;
  subscriptionStatus: SubscriptionStatus | null;
  partnerId: number | null;
  city: string | null;
  phone: string | null;
  emailNotifications: boolean;
  smsNotifications: boolean;
  marketingOptOut: boolean;
  termsAccepted: boolean;
  createdAt: string;
  activeDiscount: ActiveDiscount | null;
  /** A new address waiting for its verification link to be followed. */
  pendingEmail: string | null;
  twoFactorEnabled: boolean;
  /** End of the billing cycle paid for (a cancelled plan runs until then). */
  currentPeriodEnd: string | null;
  /** A tier change waiting for the next cycle. */
  pendingTier: TierId | null;
  /** A month off booked or under way: no date from pausedFrom (null: from now) until pausedUntil. */
  pausedUntil: string | null;
  /** Where that month off starts: after the dates the couple kept, or at the end of the paid cycle. */
  pausedFrom: string | null;
  /**
   * When a change of plan made now takes effect: the next payment, or with a month off booked or running the
   * first payment after it (the date POST /api/subscription/change-tier answers as effectiveAt). Null
   * without a live plan.
   */
  planChangeFrom: string | null;
  /**
   * The linked partner's membership when it covers this member (one membership covers a couple): the
   * member then has no plan of their own to buy, and billing stays with the partner.
   */
  partnerPlan: {
    tier: TierId;
    status: SubscriptionStatus;
    firstName: string | null;
    pausedFrom: string | null;
    pausedUntil: string | null;
  } | null;
  /**
   * The plan chosen before paying (at registration or on the plans page) and the offer code validated for it,
   * so any tab or device continues where the member left off; null once a plan is set up.
   */
  chosenPlan: { tier: TierId; offerCode: string | null } | null;
  preferences: { city: string | null; travelRadius: number | null; postcode: string | null } | null;
}

/** One signed-in device in Settings, Privacy & Security (GET /api/account/sessions). */
export interface SessionInfo {
  /** Public handle used to end it; the cookie token never leaves the browser that holds it. */
  id: string;
  current: boolean;
  /** "Chrome on Mac", "Safari on iPhone", "Unknown device". */
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
}
