/** Every business figure lives here and is imported by both the client and the server. */

export const TIER_IDS = ["silver", "gold", "platinum"] as const;
export type TierId = (typeof TIER_IDS)[number];

export interface Tier {
  id: TierId;
  name: string;
  monthlyPricePence: number;
  datesPerMonth: number;
  tagline: string;
  badge?: string;
  features: string[];
}

export const REVEAL_WINDOW_HOURS = 48;

/**
 * The undo window of a back-office change that e-mails a member (cancel, reinstate, Assign, Auto Assign,
 * Create Booking): the date's mail waits this long, and Undo puts the change back without anyone hearing of it.
 */
export const UNDO_WINDOW_MINUTES: number = 2;
export const UNDO_WINDOW_MS = UNDO_WINDOW_MINUTES * 60_000;
/** "2 minutes": how the confirm dialogs and toasts name the window. */
export const UNDO_WINDOW_LABEL = `${UNDO_WINDOW_MINUTES} minute${UNDO_WINDOW_MINUTES === 1 ? "" : "s"}`;

export const TIERS: Record<TierId, Tier> = {
  silver: {
    id: "silver",
    name: "Silver",
    monthlyPricePence: 1500,
    datesPerMonth: 1,
    tagline: "Perfect for new adventurers",
    features: [
      "1 mystery date a month",
      "Personalised to your location and budget",
      `Details revealed ${REVEAL_WINDOW_HOURS} hours before`,
      "Curated by relationship experts",
      "Cancel anytime",
    ],
  },
  gold: {
    id: "gold",
    name: "Gold",
    monthlyPricePence: 2000,
    datesPerMonth: 2,
    tagline: "For the adventurous couple",
    badge: "Most Popular",
    features: [
      "2 mystery dates a month",
      "Personalised to your location and budget",
      `Details revealed ${REVEAL_WINDOW_HOURS} hours before`,
      "Wider mix of experiences",
      "Priority booking at partner venues",
    ],
  },
  platinum: {
    id: "platinum",
    name: "Platinum",
    monthlyPricePence: 3000,
    datesPerMonth: 4,
    tagline: "For the frequent flyers",
    features: [
      "4 mystery dates a month",
      "Personalised to your location and budget",
      `Details revealed ${REVEAL_WINDOW_HOURS} hours before`,
      "Exclusive and premium experiences",
      "Dedicated concierge support",
    ],
  },
};

/** True for one of the tiers (a value read from outside the typed columns). */
export const isTierId = (value: unknown): value is TierId => TIER_IDS.some((t) => t === value);

/** A live plan's tier: a plan has one by its rules, so a plan without one is a fault, not a case to price. */
export function planTier(tier: TierId | null | undefined): TierId {
  if (!tier) throw new Error("The plan has no tier");
  return tier;
}

/** A tier's name for people ("Gold"), or `fallback` when there is no tier. */
export const tierName = (tier: string | null | undefined, fallback = ""): string =>
  isTierId(tier) ? TIERS[tier].name : fallback;

export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "past_due", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** A plan that still covers the couple: paid up, a payment being retried, or a month off. */
export function hasLiveSubscription(status: string | null | undefined): boolean {
  return status === "active" || status === "past_due" || status === "paused";
}

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops abuse of the hashing cost. */
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

export const SESSION_COOKIE = "unveil_sid";
/** Readable by scripts, holds no secret: tells the client a session may exist, so visitors skip the user call. */
export const AUTH_HINT_COOKIE = "unveil_auth_hint";
/** A session ends this long after sign-in whatever happens (absolute timeout). */
export const SESSION_ABSOLUTE_DAYS = 30;
/** Default idle timeouts (SESSION_IDLE_HOURS, ADMIN_SESSION_IDLE_HOURS): a session unused this long ends. */
export const SESSION_IDLE_HOURS = 7 * 24;
export const ADMIN_SESSION_IDLE_HOURS = 12;
/** last_seen_at is written at most this often per session, so reads stay reads. */
export const SESSION_TOUCH_MINUTES = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const VERIFY_TOKEN_TTL_HOURS = 72;

/** Client timing figures from the specification (member-app.md section 9). */
export const TIMING = {
  currentUserStaleMs: 5 * 60 * 1000,
  signInRedirectMs: 500,
  afterDeleteRedirectMs: 1000,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastLimit: 1,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

export const DATE_SPEND_BANDS = {
  "£": "£20-40 per person",
  "££": "£40-80 per person",
  "£££": "£80+ per person",
} as const;

export const DATE_TYPES = ["restaurants", "active", "live_music", "bars", "culture"] as const;
export const TIMES_OF_DAY = ["mornings", "afternoons", "evenings"] as const;
export const DAYS_OF_WEEK = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export const DIETARY_OPTIONS = [
  "Vegetarian",
  "Vegan",
  "Gluten-free",
  "Dairy-free",
  "Nut Allergies",
  "Halal",
  "Kosher",
  "Pescatarian",
  "Low Sodium",
] as const;
export const ACCESSIBILITY_OPTIONS = [
  "Wheelchair accessible",
  "Hearing loop",
  "Large print menus",
  "Step-free access",
  "Accessible parking",
  "Guide dog friendly",
] as const;

export const VENUE_TYPES = ["restaurant", "activity", "cultural", "adventure", "wellness"] as const;
export const PRICE_LEVELS = ["low", "medium", "high"] as const;
export const DATE_IDEA_CATEGORIES = [
  "culinary",
  "active",
  "adventure",
  "live_music",
  "bars",
  "cultural",
  "wellness",
] as const;
export const SEASONS = ["any", "spring", "summer", "autumn", "winter"] as const;
export const TIME_OF_DAY_SLOTS = ["morning", "afternoon", "evening"] as const;
export const DATE_STATUSES = [
  "scheduled",
  "revealed",
  "confirmed",
  "completed",
  "no_show",
  "cancelled",
] as const;
export const DISCOUNT_TYPES = ["percentage", "fixed_amount"] as const;

export const CANCELLATION_REASONS = [
  "Too expensive",
  "Not enough date options in my area",
  "Don't have time for dates right now",
  "Dates don't match my preferences",
  "Partner is no longer interested",
  "Technical issues with the app",
  "Switching to a different service",
  "Other",
] as const;

export function formatPence(pence: number): string {
  return pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`;
}

/** One server rule for every radius (whole miles); the onboarding slider and settings offer subsets. */
export const TRAVEL_RADIUS = {
  min: 1,
  max: 500,
  onboardingDefault: 25,
  sliderMin: 5,
  sliderMax: 50,
  sliderStep: 5,
  settingsChoices: [10, 25, 50, 100] as const,
} as const;

export const TIME_LABELS: Record<(typeof TIMES_OF_DAY)[number], string> = {
  mornings: "Mornings (10AM-12PM)",
  afternoons: "Afternoons (12PM-6PM)",
  evenings: "Evenings (6PM-late)",
};

export const DATE_TYPE_LABELS: Record<(typeof DATE_TYPES)[number], string> = {
  restaurants: "Restaurants",
  active: "Active",
  live_music: "Live music",
  bars: "Bars",
  culture: "Culture",
};

/** Membership policies (member-app.md section 9): enforced by the server, quoted by the terms and the FAQ. */
export const POLICY = {
  minimumAge: 18,
  coolingOffDays: 14,
  /** A booking not confirmed this many hours before the date is cancelled. */
  confirmHoursBefore: 24,
  /** Venue, time and dress code arrive this many hours before the date. */
  detailsSentHoursBefore: REVEAL_WINDOW_HOURS,
  freeReschedulesPerMonth: 1,
  rescheduleNoticeHours: 48,
  /** Days a member has to update a failed direct debit before the plan lapses. */
  paymentGraceDays: 7,
  /**
   * A failed Direct Debit is asked for again through the provider: the first retry this many days after the
   * failure, the second this many days after the first retry failed (GoCardless retries a failed payment on a
   * later charge date; days apart give the account time to be funded). After the last one the plan ends.
   */
  paymentRetryDays: [3, 5],
} as const;

/** How long the one-time sign-in link of the lockout step-up works (auth/lockout.ts). */
export const SIGN_IN_LINK_MINUTES = 15;
