/**
 * The whole data model (admin-and-data-model.md section 3) plus the additions ARCHITECTURE.md decides:
 * city, phone and notification switches on users, dressCode on date ideas and reservations,
 * subscription_events, and a user_id column on sessions so a user's sessions can be ended together.
 * Money added by us is integer pence; the spec's decimals stay decimals.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  decimal,
  index,
  integer,
  json,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { AuditEntity } from "../../shared/admin/audit.ts";
import type { VenueType } from "../../shared/admin/venues.ts";
import { SUBSCRIPTION_STATUSES, TIER_IDS } from "../../shared/constants.ts";
import { MEMBER_DATE_STATUSES } from "../../shared/schemas/dates.ts";

/** Tiers, plan statuses and date statuses are enums in the database as in TypeScript: a stray value is refused. */
export const tierEnum = pgEnum("tier", TIER_IDS);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
// Every status a date can have, a member's request to move it included.
export const dateStatusEnum = pgEnum("date_status", MEMBER_DATE_STATUSES);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull(),
    firstName: varchar("first_name", { length: 80 }),
    lastName: varchar("last_name", { length: 80 }),
    profileImageUrl: text("profile_image_url"),
    password: text("password"),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** sha256 of the verification token; the token itself is only ever in the e-mail. */
    emailVerificationToken: text("email_verification_token"),
    emailVerificationExpires: timestamp("email_verification_expires", { withTimezone: true }),
    /** A new address waiting for verification before it replaces `email`. */
    pendingEmail: varchar("pending_email", { length: 254 }),
    /** sha256 of the reset token. */
    passwordResetToken: text("password_reset_token"),
    passwordResetExpires: timestamp("password_reset_expires", { withTimezone: true }),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    partnerId: integer("partner_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    termsAccepted: boolean("terms_accepted").notNull().default(false),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    city: varchar("city", { length: 100 }),
    phone: varchar("phone", { length: 32 }),
    /** Set when the member deleted the account: the row stays, anonymised, for the financial records. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_password_reset_token_idx").on(t.passwordResetToken),
    index("users_email_verification_token_idx").on(t.emailVerificationToken),
    index("users_created_at_idx").on(t.createdAt),
    /** Back-office search on name and e-mail (admin/members): a substring search stays fast at 100,000 members. */
    index("users_search_trgm_idx").using(
      "gin",
      sql`(lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || ${t.email})) gin_trgm_ops`,
    ),
  ],
);

/**
 * Two-step sign-in, one row per user from the moment set-up starts (its own table, not the users row: the
 * request's user and the session cache never hold a secret, and identity stays apart from its settings).
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32 TOTP secret once two-step sign-in is on. */
  secret: text("secret"),
  /** The secret being set up, until a first code confirms it. */
  pendingSecret: text("pending_secret"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** sha256 of each unused one-time recovery code. */
  recoveryCodes: text("recovery_codes").array().notNull().default(sql`'{}'::text[]`),
  /** Last TOTP time step accepted, so a code cannot be replayed. */
  lastStep: integer("last_step"),
});

/**
 * What a member wants to hear from us, and by which channel (modules/notifications/switches.ts). A member
 * without a row has the defaults below: the row is written the first time a switch changes.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Optional notices (reminders, rating requests); service mail always goes. */
  emailNotifications: boolean("email_notifications").notNull().default(true),
  smsNotifications: boolean("sms_notifications").notNull().default(false),
  /** The push channel's switch; pushes go only to devices the member subscribed (push_subscriptions). */
  pushNotifications: boolean("push_notifications").notNull().default(true),
  /** Teaser clues go out by push and/or text (each as its own switch allows) when they unlock. */
  clueNotifications: boolean("clue_notifications").notNull().default(false),
  /** When the member replied STOP to a text: no text goes until they turn SMS on again. */
  smsStoppedAt: timestamp("sms_stopped_at", { withTimezone: true }),
  marketingOptOut: boolean("marketing_opt_out").notNull().default(false),
});

/**
 * The member's links at the payment provider (modules/payments/links.ts): customer, mandate, the subscription
 * collecting their plan and the full-price one that follows a time-limited offer, and the time of the newest
 * provider event applied. A member who never set up a Direct Debit has no row (every link null).
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentCustomerId: text("payment_customer_id"),
    paymentMandateId: text("payment_mandate_id"),
    paymentSubscriptionId: text("payment_subscription_id"),
    /** The full-price subscription that follows a time-limited discounted one (GoCardless). */
    paymentNextSubscriptionId: text("payment_next_subscription_id"),
    /** Time of the newest payment-provider event applied, so an older event arriving late changes nothing. */
    paymentStatusAt: timestamp("payment_status_at", { withTimezone: true }),
  },
  // The payment webhooks find the member by mandate or subscription id.
  (t) => [
    index("payment_links_mandate_idx").on(t.paymentMandateId),
    index("payment_links_subscription_idx").on(t.paymentSubscriptionId),
    index("payment_links_next_subscription_idx").on(t.paymentNextSubscriptionId),
  ],
);

/**
 * The plan a member chose before paying, and the membership offered to them when their partner, the plan
 * holder, left (modules/plan-account/choices.ts). A member with neither has no row.
 */
export const planChoices = pgTable("plan_choices", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /**
   * The plan a member chose before paying (at registration, on the plans page) and the offer code they had
   * validated: any tab or device continues where they left off. Cleared once a plan is set up.
   */
  chosenTier: tierEnum("chosen_tier"),
  chosenOfferCode: varchar("chosen_offer_code", { length: 50 }),
  /**
   * When the plan holder of a couple left: the partner may take the membership over (their own Direct Debit)
   * until this time and keep the booked dates; otherwise dates after `planOfferPaidUntil` are cancelled.
   */
  planOfferExpiresAt: timestamp("plan_offer_expires_at", { withTimezone: true }),
  /** The tier the leaving plan holder had, offered to the partner. */
  planOfferTier: tierEnum("plan_offer_tier"),
  /** End of the cycle the leaving plan holder had paid for: dates up to it stay whatever happens. */
  planOfferPaidUntil: timestamp("plan_offer_paid_until", { withTimezone: true }),
});

/**
 * The plan account (modules/plan-account/state.ts): the subscription itself (tier, status, period end, pending
 * tier), the pause, the end of a gifted plan, credit months, how the running cycle is covered and a failed
 * payment's retries. A member who never had a plan and has none of it has no row (nulls, and no credit months
 * or retries).
 */
export const planAccounts = pgTable(
  "plan_accounts",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionTier: tierEnum("subscription_tier"),
    subscriptionStatus: subscriptionStatusEnum("subscription_status"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Tier that replaces subscriptionTier at currentPeriodEnd (a change takes effect at the next cycle). */
    pendingTier: tierEnum("pending_tier"),
    /** A one-month pause: no date planned and no charge until this time, then the plan resumes by itself. */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** When the pause begins (a pause may start after dates the couple chose to keep); null: at once. */
    pauseStartsAt: timestamp("pause_starts_at", { withTimezone: true }),
    /**
     * The end of a plan given as a gift (redeemed by a member without a Direct Debit): no collection, no
     * booking after it; the gifts job reminds the couple before it and ends the plan at it. Null once they pay.
     */
    giftedUntil: timestamp("gifted_until", { withTimezone: true }),
    /**
     * Gift months redeemed as credit and not yet used, each covering one cycle instead of a collection; how the
     * running cycle is covered (null: paid; credited, gifted, paused, overdue); and, for a failed payment being
     * recovered, when it is tried again and how many retries have been made.
     */
    creditMonths: integer("credit_months").notNull().default(0),
    cycleCoveredBy: varchar("cycle_covered_by", { length: 12 }),
    paymentRetryAt: timestamp("payment_retry_at", { withTimezone: true }),
    paymentRetries: integer("payment_retries").notNull().default(0),
  },
  (t) => [
    // The back office's member lists, the jobs and the analytics filter members by status and tier; with
    // user_id the analytics count subscribers from the index alone and join users and offers by it. (On users
    // there were two, the second partial on deleted_at: a column of users cannot bound an index here.)
    index("plan_accounts_subscription_idx").on(t.subscriptionStatus, t.subscriptionTier, t.userId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie's random token: a copy of this table cannot be replayed as cookies. */
    sid: varchar("sid", { length: 128 }).primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Public handle of a session (the device list); the sid never leaves the server. */
    publicId: uuid("public_id").notNull().defaultRandom().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last request seen, refreshed at most every few minutes; idle sessions end (SESSION_IDLE_HOURS). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_id_idx").on(t.userId)],
);

/**
 * Rate-limit windows shared by every instance (modules/auth/rate-limit.ts): the SHA-256 of the limiter's key,
 * the hits in the window, and when it ends. Unlogged (migration): counters need no crash safety.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 64 }).primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const userPreferences = pgTable("user_preferences", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  postcode: varchar("postcode", { length: 10 }),
  travelRadius: integer("travel_radius").notNull().default(25),
  dateSpend: varchar("date_spend", { length: 3 }),
  dateTypePreferences: json("date_type_preferences").$type<{ type: string; rank: number }[]>(),
  dayPreferences: json("day_preferences").$type<string[]>(),
  timePreferences: json("time_preferences").$type<{ time: string; rank: number }[]>(),
  schedulingPreferences: json("scheduling_preferences").$type<{ weekOfMonth: number; dayOfWeek: string }[]>(),
  dietaryRestrictions: text("dietary_restrictions").array().notNull().default(sql`'{}'::text[]`),
  accessibilityNeeds: text("accessibility_needs").array().notNull().default(sql`'{}'::text[]`),
  alcoholOk: boolean("alcohol_ok").notNull().default(true),
  openToTrying: boolean("open_to_trying").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const venues = pgTable(
  "venues",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 120 }).notNull(),
    address: text("address"),
    city: varchar("city", { length: 100 }).notNull(),
    postcode: varchar("postcode", { length: 10 }),
    latitude: decimal("latitude", { precision: 10, scale: 7 }),
    longitude: decimal("longitude", { precision: 10, scale: 7 }),
    type: varchar("type", { length: 20 }).$type<VenueType>().notNull(),
    priceLevel: varchar("price_level", { length: 10 }).notNull().default("medium"),
    experienceBlurb: text("experience_blurb"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    accessibilityFeatures: text("accessibility_features").array().notNull().default(sql`'{}'::text[]`),
    dietaryAccommodations: text("dietary_accommodations").array().notNull().default(sql`'{}'::text[]`),
    contactInfo: json("contact_info").$type<{ phone?: string; website?: string }>(),
    /** Where booking requests go (required for the venue to be bookable), and who answers them. */
    bookingEmail: varchar("booking_email", { length: 254 }),
    bookingPhone: varchar("booking_phone", { length: 40 }),
    bookingContactName: varchar("booking_contact_name", { length: 120 }),
    /** London-time sessions per weekday ("mon".."sun" -> ["17:00-23:00"]); null: not given (not bookable). */
    openingHours: jsonb("opening_hours").$type<Record<string, string[]>>(),
    /** How many of our couples the venue takes at once. */
    capacity: integer("capacity").notNull().default(1),
    /** Days the venue is closed ({ from, to, reason }, London dates, inclusive). */
    closures: jsonb("closures")
      .$type<{ from: string; to: string; reason: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** UK bank holidays and 24 December - 1 January are closed days unless this is true. */
    opensOnHolidays: boolean("opens_on_holidays").notNull().default(false),
    /** active, or archived (kept with its history, never offered or planned, can be restored). */
    status: varchar("status", { length: 10 }).notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [
    index("venues_name_idx").on(sql`lower(${t.name})`),
    index("venues_type_idx").on(t.type),
    // Natural order ("Venue 2" before "Venue 10"); the collation is created by migration 0009.
    index("venues_name_natural_idx").on(sql`${t.name} collate "venue_natural"`, t.id),
  ],
);

export const dateIdeas = pgTable(
  "date_ideas",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 160 }).notNull(),
    description: text("description"),
    category: varchar("category", { length: 20 }).notNull().default("culinary"),
    duration: integer("duration").notNull().default(2),
    priceLevel: varchar("price_level", { length: 10 }).notNull().default("medium"),
    season: varchar("season", { length: 10 }).notNull().default("any"),
    timeOfDay: varchar("time_of_day", { length: 10 }).notNull().default("evening"),
    dressCode: varchar("dress_code", { length: 120 }),
    venueId: integer("venue_id").references(() => venues.id, { onDelete: "set null" }),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("date_ideas_venue_idx").on(t.venueId), index("date_ideas_category_idx").on(t.category)],
);

export const dateReservations = pgTable(
  "date_reservations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dateIdeaId: integer("date_idea_id").references(() => dateIdeas.id, { onDelete: "set null" }),
    /** Restrict: a venue with reservations cannot be deleted (the admin sees "existing date reservations"). */
    venueId: integer("venue_id").references(() => venues.id, { onDelete: "restrict" }),
    scheduledDate: timestamp("scheduled_date", { withTimezone: true }).notNull(),
    status: dateStatusEnum("status").notNull().default("scheduled"),
    revealedAt: timestamp("revealed_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    dressCode: varchar("dress_code", { length: 120 }),
    rescheduledAt: timestamp("rescheduled_at", { withTimezone: true }),
    aiSuggestion: text("ai_suggestion"),
    manualBookingNotes: text("manual_booking_notes"),
    /** Why the matching engine chose this venue, idea and time (shown to admins only, never to members). */
    matchReasons: jsonb("match_reasons").$type<string[]>(),
    /** An operator's booking that breaks hard rules: the rules broken (in the rulebook's words), why, who, when. */
    overrideRules: jsonb("override_rules").$type<string[]>(),
    overrideReason: text("override_reason"),
    overriddenBy: integer("overridden_by").references(() => users.id, { onDelete: "set null" }),
    overriddenAt: timestamp("overridden_at", { withTimezone: true }),
    /** Until then the date's e-mails wait (the undo window of the back office's last change to it). */
    mailHoldUntil: timestamp("mail_hold_until", { withTimezone: true }),
    /** What Undo puts back while mailHoldUntil is ahead (the change's kind and the previous state). */
    undoState: jsonb("undo_state").$type<Record<string, unknown>>(),
    /**
     * How many times the date was reinstated after a cancellation. Part of its e-mails' once-only keys, so a
     * reinstated date gets a fresh hold, reveal and reminders after its cancellation went out.
     */
    mailRound: integer("mail_round").notNull().default(0),
    /**
     * The venue's side of the date (venue_bookings holds each request): pending (booked, the request not yet
     * sent: the undo window), requested, confirmed, declined, proposed or cancelled. A date is revealed only
     * once confirmed. Rows written outside the booking service (the demo seed, imports) are taken as confirmed;
     * every booking path sets pending.
     */
    venueStatus: varchar("venue_status", { length: 12 }).notNull().default("confirmed"),
    venueReference: varchar("venue_reference", { length: 80 }),
    venueAnsweredAt: timestamp("venue_answered_at", { withTimezone: true }),
    /**
     * The hard rules the date breaks now (the rulebook's words), from the last re-check after something it
     * depends on changed (its venue, so far); null: none. Rules an operator overrode for it are not repeated.
     */
    ruleProblems: jsonb("rule_problems").$type<string[]>(),
    rulesCheckedAt: timestamp("rules_checked_at", { withTimezone: true }),
    /**
     * The engine's best fix for a date that now breaks a rule (same evening, another venue and idea that fit):
     * { venueId, dateIdeaId, scheduledDate, venueName, ideaTitle }, or null when nothing fits or none is needed.
     */
    fixProposal: jsonb("fix_proposal").$type<Record<string, unknown>>(),
    /** Nobody came (status no_show): who says so (couple or venue), their words, and when. */
    noShowBy: varchar("no_show_by", { length: 8 }),
    noShowNote: varchar("no_show_note", { length: 1000 }),
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    /** What the venue said about the evening (recorded by an operator). */
    venueFeedback: varchar("venue_feedback", { length: 2000 }),
    createdAt: createdAt(),
  },
  (t) => [
    index("date_reservations_user_date_idx").on(t.userId, t.scheduledDate),
    index("date_reservations_scheduled_idx").on(t.scheduledDate),
    index("date_reservations_venue_idx").on(t.venueId),
    // The admin list's order (newest first, id breaking ties): a page is read straight off this index.
    index("date_reservations_created_idx").on(t.createdAt, t.id),
    // Analytics: counts by status, and dates ahead or this week per status, from the index alone.
    index("date_reservations_status_date_idx").on(t.status, t.scheduledDate),
  ],
);

/**
 * Each partner's own rating of a date they had together (1-5 and their words), editable for 14 days. A date
 * belongs to the couple, so either partner may rate it whichever of them it was booked for.
 */
export const dateRatings = pgTable(
  "date_ratings",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => dateReservations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    feedback: text("feedback"),
    ratedAt: timestamp("rated_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("date_ratings_reservation_user_unique").on(t.reservationId, t.userId),
    index("date_ratings_user_idx").on(t.userId),
  ],
);

export const userVenueExclusions = pgTable(
  "user_venue_exclusions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    reason: varchar("reason", { length: 40 }).notNull().default("cancelled"),
    excludedAt: timestamp("excluded_at", { withTimezone: true }).notNull().defaultNow(),
    /** Removed by an operator (kept on record with who and why); a removed exclusion no longer applies. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: integer("removed_by").references(() => users.id, { onDelete: "set null" }),
    removedReason: varchar("removed_reason", { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_venue_exclusions_unique").on(t.userId, t.venueId)],
);

export const userMonthlyQuotas = pgTable(
  "user_monthly_quotas",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    /** The plan tier the allowance was counted for, or "trial" (no plan yet): not only a tier, so text. */
    subscriptionTier: varchar("subscription_tier", { length: 20 }).notNull(),
    quotaAllowed: integer("quota_allowed").notNull(),
    quotaUsed: integer("quota_used").notNull().default(0),
    quotaRemaining: integer("quota_remaining").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("user_monthly_quotas_unique").on(t.userId, t.year, t.month)],
);

export const aiDateSuggestions = pgTable(
  "ai_date_suggestions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    suggestion: text("suggestion").notNull(),
    suggestedVenues: json("suggested_venues").$type<unknown[]>().notNull(),
    preferences: json("preferences"),
    dateHistory: json("date_history"),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    reservationId: integer("reservation_id").references(() => dateReservations.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("ai_date_suggestions_user_idx").on(t.userId),
    index("ai_date_suggestions_status_idx").on(t.status),
  ],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: serial("id").primaryKey(),
    emailId: varchar("email_id", { length: 255 }).unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    reservationId: integer("reservation_id").references(() => dateReservations.id, { onDelete: "set null" }),
    fromEmail: varchar("from_email", { length: 254 }).notNull(),
    fromName: varchar("from_name", { length: 160 }),
    subject: varchar("subject", { length: 200 }).notNull(),
    body: text("body").notNull(),
    priority: varchar("priority", { length: 10 }).notNull().default("normal"),
    status: varchar("status", { length: 20 }).notNull().default("new"),
    replyToId: integer("reply_to_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("support_tickets_user_idx").on(t.userId), index("support_tickets_status_idx").on(t.status)],
);

export const supportReplies = pgTable(
  "support_replies",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    fromEmail: varchar("from_email", { length: 254 }).notNull(),
    body: text("body").notNull(),
    isFromAdmin: boolean("is_from_admin").notNull().default(false),
    /** Message id of the inbound e-mail this reply came from, so a repeated delivery is stored once. */
    emailId: varchar("email_id", { length: 255 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [index("support_replies_ticket_idx").on(t.ticketId)],
);

export const emailLogs = pgTable(
  "email_logs",
  {
    id: serial("id").primaryKey(),
    recipientEmail: varchar("recipient_email", { length: 254 }).notNull(),
    recipientName: varchar("recipient_name", { length: 160 }),
    subject: varchar("subject", { length: 255 }).notNull(),
    emailType: varchar("email_type", { length: 40 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("sent"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    reservationId: integer("reservation_id").references(() => dateReservations.id, { onDelete: "set null" }),
    errorMessage: text("error_message"),
  },
  (t) => [
    // (sent_at, id): the log is read newest first, and its export walks it by that keyset in batches.
    index("email_logs_sent_at_id_idx").on(t.sentAt, t.id),
    index("email_logs_user_idx").on(t.userId),
    index("email_logs_type_idx").on(t.emailType),
    index("email_logs_status_idx").on(t.status),
  ],
);

export const emailTemplates = pgTable("email_templates", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 120 }).notNull().unique(),
  subject: varchar("subject", { length: 255 }).notNull(),
  htmlContent: text("html_content").notNull(),
  textContent: text("text_content"),
  templateType: varchar("template_type", { length: 40 }).notNull(),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailCampaigns = pgTable("email_campaigns", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 120 }).notNull(),
  description: text("description"),
  templateId: integer("template_id").references(() => emailTemplates.id, { onDelete: "set null" }),
  triggerType: varchar("trigger_type", { length: 40 }).notNull(),
  delayHours: integer("delay_hours").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userEmailCampaigns = pgTable(
  "user_email_campaigns",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 20 }).notNull().default("scheduled"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    emailLogId: integer("email_log_id").references(() => emailLogs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_email_campaigns_due_idx").on(t.status, t.scheduledAt),
    uniqueIndex("user_email_campaigns_unique").on(t.userId, t.campaignId),
  ],
);

export const offerCodes = pgTable(
  "offer_codes",
  {
    id: serial("id").primaryKey(),
    code: varchar("code", { length: 40 }).notNull().unique(),
    description: text("description"),
    discountType: varchar("discount_type", { length: 20 }).notNull().default("percentage"),
    discountValue: decimal("discount_value", { precision: 5, scale: 2 }).notNull().default("0"),
    /** Minimum monthly price in pence for the code to apply. */
    minOrderValue: integer("min_order_value"),
    maxUses: integer("max_uses"),
    usesCount: integer("uses_count").notNull().default(0),
    maxUsesPerUser: integer("max_uses_per_user").notNull().default(1),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    applicableTiers: text("applicable_tiers").array(),
    durationMonths: integer("duration_months"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Codes are compared case-insensitively, so "Welcome10" and "WELCOME10" cannot both exist.
  (t) => [uniqueIndex("offer_codes_code_upper_unique").on(sql`upper(${t.code})`)],
);

export const offerCodeUsage = pgTable(
  "offer_code_usage",
  {
    id: serial("id").primaryKey(),
    offerCodeId: integer("offer_code_id")
      .notNull()
      .references(() => offerCodes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionTier: tierEnum("subscription_tier").notNull(),
    /** Monthly amounts in pence. */
    originalAmount: integer("original_amount").notNull(),
    discountAmount: integer("discount_amount").notNull(),
    finalAmount: integer("final_amount").notNull(),
    paymentSubscriptionId: text("payment_subscription_id"),
    discountStartDate: timestamp("discount_start_date", { withTimezone: true }).notNull().defaultNow(),
    discountEndDate: timestamp("discount_end_date", { withTimezone: true }),
    cyclesRemaining: integer("cycles_remaining"),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("offer_code_usage_user_code_unique").on(t.userId, t.offerCodeId)],
);

export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** created, activated, tier_changed, cancelled, reactivated, past_due, paused, resumed, ended */
    eventType: varchar("event_type", { length: 30 }).notNull(),
    fromTier: tierEnum("from_tier"),
    toTier: tierEnum("to_tier"),
    fromStatus: varchar("from_status", { length: 20 }),
    toStatus: varchar("to_status", { length: 20 }),
    /** Monthly price in pence after the event, discounts applied. */
    monthlyAmount: integer("monthly_amount"),
    reason: text("reason"),
    feedback: text("feedback"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_events_occurred_idx").on(t.occurredAt),
    index("subscription_events_user_idx").on(t.userId),
    // Analytics: each member's events in order with what the state and price need, read without a sort
    // or a table visit (MRR history, churn, the price a tier change set).
    index("subscription_events_user_time_idx").on(
      t.userId,
      t.occurredAt,
      t.id,
      t.eventType,
      t.toStatus,
      t.toTier,
      t.monthlyAmount,
    ),
    // Analytics: new subscriptions per month.
    index("subscription_events_created_idx").on(t.occurredAt).where(sql`${t.eventType} = 'created'`),
  ],
);

/**
 * One direct-debit authorisation in progress: created by POST /api/create-subscription, authorised at the
 * provider's hosted page, completed once by POST /api/complete-subscription with its session token.
 */
export const paymentCheckouts = pgTable(
  "payment_checkouts",
  {
    id: serial("id").primaryKey(),
    /** sha256 of the session_token that travels in the return address. */
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: tierEnum("tier").notNull(),
    offerCodeId: integer("offer_code_id").references(() => offerCodes.id, { onDelete: "set null" }),
    /** Monthly amounts in pence as quoted to the member. */
    originalAmount: integer("original_amount").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    /** Months the quoted discount lasts (null: for as long as the subscription runs). */
    discountMonths: integer("discount_months"),
    /** True once a use of the offer code is counted for this checkout, so a retried completion counts once. */
    offerReserved: boolean("offer_reserved").notNull().default(false),
    provider: varchar("provider", { length: 20 }).notNull(),
    /** "subscribe" starts a plan; "update_mandate" replaces the bank mandate of a running plan. */
    kind: varchar("kind", { length: 20 }).notNull().default("subscribe"),
    /** The provider's id for the authorisation (a GoCardless billing request, a sandbox reference). */
    providerRef: varchar("provider_ref", { length: 64 }).notNull().unique(),
    /** What the provider keeps about the authorisation (the sandbox's redirect address and bank details). */
    providerState: jsonb("provider_state").$type<Record<string, unknown>>().notNull().default({}),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    customerId: text("customer_id"),
    mandateId: text("mandate_id"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set while the provider subscription is being created; a stale value means a crashed attempt to retry. */
    completingSince: timestamp("completing_since", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("payment_checkouts_user_idx").on(t.userId)],
);

/** Payment-provider webhook events already processed, so a replayed event changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: varchar("id", { length: 64 }).primaryKey(),
  provider: varchar("provider", { length: 20 }).notNull(),
  resourceType: varchar("resource_type", { length: 30 }).notNull(),
  action: varchar("action", { length: 40 }).notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  outcome: varchar("outcome", { length: 60 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An invitation from a member to their partner; the token travels only in the e-mail. */
export const partnerInvites = pgTable(
  "partner_invites",
  {
    id: serial("id").primaryKey(),
    inviterId: integer("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 254 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("partner_invites_inviter_idx").on(t.inviterId)],
);

/** The sandbox payment provider's own books: subscriptions and the payments they collect (sandbox only). */
export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: varchar("id", { length: 40 }).primaryKey(),
  mandateId: varchar("mandate_id", { length: 40 }).notNull(),
  amountPence: integer("amount_pence").notNull(),
  /** Cycles billed at the discounted amount first (time-limited offers). */
  discountAmountPence: integer("discount_amount_pence"),
  discountCycles: integer("discount_cycles").notNull().default(0),
  status: varchar("status", { length: 20 }).notNull().default("active"),
  startDate: timestamp("start_date", { withTimezone: true }).notNull(),
  pausedCycles: integer("paused_cycles").notNull().default(0),
  /** Cycle numbers (0 = the first charge) skipped by pauses. */
  skipCycles: integer("skip_cycles").array().notNull().default(sql`'{}'::integer[]`),
  createdAt: createdAt(),
});

export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    subscriptionId: varchar("subscription_id", { length: 40 }).notNull(),
    mandateId: varchar("mandate_id", { length: 40 }).notNull(),
    amountPence: integer("amount_pence").notNull(),
    refundedPence: integer("refunded_pence").notNull().default(0),
    chargeDate: timestamp("charge_date", { withTimezone: true }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("pending_submission"),
    description: varchar("description", { length: 120 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_payments_mandate_idx").on(t.mandateId)],
);

/**
 * Where a postcode (or a postcode district) is: from the shipped district-centroid table or, when GEOCODER_URL
 * is set, from a postcodes.io-compatible API. Cached so a postcode is looked up once.
 */
export const postcodeLocations = pgTable("postcode_locations", {
  postcode: varchar("postcode", { length: 10 }).primaryKey(),
  latitude: decimal("latitude", { precision: 10, scale: 7 }).notNull(),
  longitude: decimal("longitude", { precision: 10, scale: 7 }).notNull(),
  /** "geocoder" or "district". */
  source: varchar("source", { length: 20 }).notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every scheduled message (reveal, hold-the-evening, confirmation request, auto-cancel notice, rating request,
 * renewal reminder, campaign mail), claimed here before it is sent: the unique key makes two workers send a
 * message once; failures are retried with backoff (attempts, next_attempt_at) and each attempt is logged in
 * email_logs.
 */
export const outboundMessages = pgTable(
  "outbound_messages",
  {
    id: serial("id").primaryKey(),
    /** e.g. "reveal:123", "hold:123:2026-12-05T19:00:00.000Z", "renewal:45:2026-12-01". */
    key: varchar("key", { length: 160 }).notNull().unique(),
    kind: varchar("kind", { length: 40 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    reservationId: integer("reservation_id").references(() => dateReservations.id, { onDelete: "set null" }),
    /** sending (claimed), sent, failed (will be retried at next_attempt_at), abandoned (out of attempts), skipped. */
    status: varchar("status", { length: 20 }).notNull().default("sending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    emailLogId: integer("email_log_id").references(() => emailLogs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbound_messages_retry_idx").on(t.status, t.nextAttemptAt),
    index("outbound_messages_reservation_idx").on(t.reservationId),
  ],
);

/** One run of a scheduled job (pg-boss worker), so an operator can see what ran, when, and what failed. */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 60 }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** running, ok, failed */
    status: varchar("status", { length: 20 }).notNull().default("running"),
    processed: integer("processed").notNull().default(0),
    error: text("error"),
  },
  (t) => [index("job_runs_name_started_idx").on(t.name, t.startedAt)],
);

/** A plan-month pass (CLI or the admin button): what it considered, planned and could not place, and why. */
export const planningRuns = pgTable(
  "planning_runs",
  {
    id: serial("id").primaryKey(),
    /** London month planned, "2026-12". */
    month: varchar("month", { length: 7 }).notNull(),
    dryRun: boolean("dry_run").notNull().default(false),
    /** running, done, failed */
    status: varchar("status", { length: 20 }).notNull().default("running"),
    membersConsidered: integer("members_considered").notNull().default(0),
    datesPlanned: integer("dates_planned").notNull().default(0),
    membersUnplaced: integer("members_unplaced").notNull().default(0),
    /** Up to a few hundred unplaced members with the rule that ruled everything out, and timings. */
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    error: text("error"),
    triggeredBy: integer("triggered_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * The PostgreSQL session doing the run (pg_backend_pid and its backend_start): while it is running, it is
     * in pg_stat_activity; a run whose session is gone (its process killed) is marked failed.
     */
    ownerPid: integer("owner_pid"),
    ownerBackendStart: timestamp("owner_backend_start", { withTimezone: true }),
  },
  (t) => [index("planning_runs_started_idx").on(t.startedAt)],
);

/** People outside the service area who asked to hear when it reaches their postcode area (one row per address and area). */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 255 }).notNull(),
    /** Normalised, "EH1 1YZ". */
    postcode: varchar("postcode", { length: 10 }).notNull(),
    /** The postcode area, "EH". */
    postcodeArea: varchar("postcode_area", { length: 2 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_email_area_unique").on(sql`lower(${t.email})`, t.postcodeArea),
    index("waitlist_entries_area_idx").on(t.postcodeArea),
  ],
);

/**
 * The member's billing history, append-only (a trigger refuses UPDATE and DELETE, except the user_id a deleted
 * account leaves behind): every payment, failure, retry, refund and mandate change, recorded as it happens from
 * the provider's answers and webhooks. It outlives mandates and providers; each row can be printed as a receipt.
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who the provider knew: sandbox or gocardless. */
    provider: varchar("provider", { length: 20 }).notNull(),
    /**
     * payment_created, payment_submitted, payment_confirmed, payment_paid_out, payment_failed, payment_retried,
     * payment_charged_back,
     * payment_cancelled, payment_refunded, mandate_created, mandate_active, mandate_cancelled,
     * mandate_replaced, mandate_failed.
     */
    kind: varchar("kind", { length: 30 }).notNull(),
    /** The provider's payment id, when the event is about a payment. */
    paymentRef: varchar("payment_ref", { length: 64 }),
    /** The provider's mandate id. */
    mandateRef: varchar("mandate_ref", { length: 64 }),
    /** Pence: the payment's amount, or the amount refunded. */
    amountPence: integer("amount_pence"),
    /** The day the provider charges (or charged) the payment. */
    chargeDate: varchar("charge_date", { length: 10 }),
    /** In the member's words, e.g. "Gold plan, December 2026". */
    description: text("description"),
    /** Once only: a provider event id, or "<kind>:<payment or mandate id>". */
    eventKey: varchar("event_key", { length: 160 }).notNull().unique(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("billing_events_user_time_idx").on(t.userId, t.occurredAt, t.id)],
);

/**
 * One-time sign-in links e-mailed when an account is under a sign-in flood and a browser it has not seen before
 * types the right password (the step-up of auth/lockout.ts). Only the token's hash is stored; spent once.
 */
export const signInLinks = pgTable(
  "sign_in_links",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_links_user_idx").on(t.userId)],
);

/**
 * A gift membership: bought once (a one-off bank payment), delivered to the recipients by e-mail on the chosen
 * London day, redeemed once with its code. The code is stored as it is (not hashed): it must be printed on
 * the card and e-mailed again whenever the buyer or an admin resends it, and it is worth no more than the
 * months it buys; guessing is stopped by its length (60+ bits), the rate limit and the 24-month expiry.
 * The private manage link's token, which can cancel and refund, is stored only as its sha256.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    /** Normalised: upper case, no separators ("K7QXM4RZT9WA"); shown in groups of four. */
    code: varchar("code", { length: 32 }).notNull().unique(),
    /** pending (awaiting payment), paid, scheduled, delivered, redeemed, expired, refunded. */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    tier: tierEnum("tier").notNull(),
    months: integer("months").notNull(),
    /** Pence: the tier's price times the months, the length discount and the offer's saving, and the total. */
    subtotalPence: integer("subtotal_pence").notNull(),
    lengthDiscountPence: integer("length_discount_pence").notNull().default(0),
    offerDiscountPence: integer("offer_discount_pence").notNull().default(0),
    amountPence: integer("amount_pence").notNull(),
    offerCodeId: integer("offer_code_id").references(() => offerCodes.id, { onDelete: "set null" }),
    /** The signed-in member who bought it, if any (visitors may buy). */
    buyerUserId: integer("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    buyerName: varchar("buyer_name", { length: 80 }).notNull(),
    buyerEmail: varchar("buyer_email", { length: 254 }).notNull(),
    recipientNames: varchar("recipient_names", { length: 160 }).notNull(),
    recipientEmail: varchar("recipient_email", { length: 254 }).notNull(),
    message: text("message").notNull().default(""),
    /** London calendar day the recipients' e-mail goes, "2026-12-24". */
    deliverOn: varchar("deliver_on", { length: 10 }).notNull(),
    /** sha256 of the buyer's private manage token. */
    manageTokenHash: varchar("manage_token_hash", { length: 64 }).notNull().unique(),
    provider: varchar("provider", { length: 20 }).notNull(),
    /** The provider's id for the one-off payment request (a GoCardless billing request, a sandbox reference). */
    providerRef: varchar("provider_ref", { length: 64 }).notNull().unique(),
    providerState: jsonb("provider_state").$type<Record<string, unknown>>().notNull().default({}),
    /** The provider's payment id once paid (refunds go to it). */
    paymentRef: varchar("payment_ref", { length: 64 }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Times the recipients' e-mail was sent again (resend), so each resend has its own once-only key. */
    resends: integer("resends").notNull().default(0),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    /** "plan" (a member without a plan got the tier) or "credit" (a paying member's collections paused). */
    redeemedAs: varchar("redeemed_as", { length: 10 }),
    /** 24 months after payment; an unredeemed code stops working then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("gifts_status_deliver_idx").on(t.status, t.deliverOn),
    index("gifts_paid_at_idx").on(t.paidAt),
    index("gifts_buyer_email_idx").on(sql`lower(${t.buyerEmail})`),
  ],
);

/** One browser or phone a member opted in to web push from (its PushSubscription). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's URL for this device: unique, and a secret (it is never sent back in full). */
    endpoint: text("endpoint").notNull().unique(),
    /** The subscription's keys (base64url): the P-256 public key and the auth secret, for RFC 8291. */
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    /** How the member knows the device: "Chrome on Android", from the user agent, renamable. */
    label: varchar("label", { length: 80 }).notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Consecutive failures other than 404/410 (those remove the row at once). */
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** Every text sent through a real provider, with its delivery status from the provider's signed callbacks. */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** E.164, "+447700900123". */
    to: varchar("to", { length: 20 }).notNull(),
    body: text("body").notNull(),
    segments: integer("segments").notNull(),
    /** The message's kind, as in outbound_messages ("sms_reveal", "sms_clue"...). */
    kind: varchar("kind", { length: 40 }).notNull(),
    provider: varchar("provider", { length: 20 }).notNull(),
    /** The provider's id (Twilio's MessageSid). */
    providerId: varchar("provider_id", { length: 64 }).unique(),
    /** queued, sent, delivered, undelivered, failed (the provider's words). */
    status: varchar("status", { length: 20 }).notNull().default("queued"),
    errorCode: varchar("error_code", { length: 20 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sms_messages_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The team's edits to a date's teaser clues. Clues are derived from the idea and venue; a row here replaces
 * the derived clue of its slot (or hides it). Unlock times are relative to the date, so they follow a move.
 */
export const dateClues = pgTable(
  "date_clues",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => dateReservations.id, { onDelete: "cascade" }),
    /** "dress", "bring", "area", or "extra-1".. for clues the team adds. */
    slot: varchar("slot", { length: 20 }).notNull(),
    text: varchar("text", { length: 200 }).notNull(),
    /** Hours before the date the clue unlocks (between 48 and 168). */
    hoursBefore: integer("hours_before").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("date_clues_reservation_slot_idx").on(t.reservationId, t.slot)],
);

/** A whole users row, secrets included: only the code that checks a password or a second factor needs it. */
export type UserRow = typeof users.$inferSelect;
/** Columns that never leave the database except to be checked: hashes, TOTP secrets, one-time tokens. */
export const USER_SECRET_COLUMNS = ["password", "emailVerificationToken", "passwordResetToken"] as const;
/**
 * A user as the request sees it (req.user) and the session cache keeps it: every column but the secrets, so
 * no hash, TOTP secret or token sits in memory beyond the code that checks it.
 */
export type User = Omit<UserRow, (typeof USER_SECRET_COLUMNS)[number]>;
/** The subscription itself (tier, status, period end, pending tier): the plan account's (plan_accounts). */
export type Subscription = Pick<
  typeof planAccounts.$inferSelect,
  "subscriptionTier" | "subscriptionStatus" | "currentPeriodEnd" | "pendingTier"
>;
/** A user with their subscription beside the row (what most plan rules need). */
export type UserWithSubscription = User & Subscription;
/**
 * The signed-in user of a request (req.user, the session cache): the user, their subscription (read in the
 * session's one query) and whether two-step sign-in is on.
 */
export type SessionUser = UserWithSubscription & { twoFactorOn: boolean };
export type NewUser = typeof users.$inferInsert;

/**
 * One booking request to a venue for a date (and its answer). The e-mail carries a single-use link whose token
 * is stored only as its SHA-256; a move or a re-plan sends a new request, and the old one is cancelled.
 */
export const venueBookings = pgTable(
  "venue_bookings",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => dateReservations.id, { onDelete: "cascade" }),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    /** The date's time this request asked for. */
    scheduledDate: timestamp("scheduled_date", { withTimezone: true }).notNull(),
    /** requested, confirmed, declined, proposed, cancelled */
    status: varchar("status", { length: 12 }).notNull().default("requested"),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once the venue answered through the link: the link is spent. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** Handed to the operators (unanswered after the reminder, or unconfirmed 72 hours before). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** venue (through the link) or the operator who recorded it. */
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    reference: varchar("reference", { length: 80 }),
    declineReason: varchar("decline_reason", { length: 500 }),
    proposedDate: timestamp("proposed_date", { withTimezone: true }),
    proposedNote: varchar("proposed_note", { length: 500 }),
    /** When the venue was told of the cancellation. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("venue_bookings_reservation_idx").on(t.reservationId, t.id),
    index("venue_bookings_status_idx").on(t.status, t.requestedAt),
  ],
);

/**
 * Who changed what: one row per back-office change (and a member's own plan changes and account deletion).
 * `changes` lists each changed field before and after. A deleted member's rows keep no personal data: their
 * name as actor is cleared and the rows about them lose their field values (account deletion scrubs them).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who did it: null for the system (a job) or a deleted account. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when it was done ("System" for jobs); cleared when that account is deleted. */
    actorName: varchar("actor_name", { length: 200 }),
    /** What kind of record: venue, date_idea, assignment, offer_code, user, template, campaign, clue, gift... */
    entity: varchar("entity", { length: 40 }).$type<AuditEntity>().notNull(),
    entityId: varchar("entity_id", { length: 80 }).notNull(),
    /** create, update, delete, move, status, override, undo, ... */
    action: varchar("action", { length: 40 }).notNull(),
    /** One line a person reads ("Venue \"The Ivy\" saved"). */
    summary: varchar("summary", { length: 500 }).notNull(),
    changes: jsonb("changes").$type<Array<{ field: string; before: unknown; after: unknown }>>(),
    /** The member the change is about, if any (their deletion scrubs the row). */
    subjectUserId: integer("subject_user_id"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.id),
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_subject_idx").on(t.subjectUserId),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

/** Operators' internal notes on a member (never shown to members). */
export const memberNotes = pgTable(
  "member_notes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: varchar("author_name", { length: 200 }),
    body: varchar("body", { length: 4000 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("member_notes_user_idx").on(t.userId, t.id)],
);

/**
 * The web push (VAPID) key pair when the environment sets none: generated by the first instance to start and
 * used by every instance on this database, so subscriptions survive a second instance and a redeploy. One row.
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("vapid_keys_one_row", sql`${t.id} = 1`)],
);
