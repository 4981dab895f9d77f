CREATE TABLE "ai_date_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"suggestion" text NOT NULL,
	"suggested_venues" json NOT NULL,
	"preferences" json,
	"date_history" json,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"reservation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_ideas" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(160) NOT NULL,
	"description" text,
	"category" varchar(20) DEFAULT 'culinary' NOT NULL,
	"duration" integer DEFAULT 2 NOT NULL,
	"price_level" varchar(10) DEFAULT 'medium' NOT NULL,
	"season" varchar(10) DEFAULT 'any' NOT NULL,
	"time_of_day" varchar(10) DEFAULT 'evening' NOT NULL,
	"dress_code" varchar(120),
	"venue_id" integer,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date_idea_id" integer,
	"venue_id" integer,
	"scheduled_date" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'scheduled' NOT NULL,
	"revealed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"dress_code" varchar(120),
	"feedback" text,
	"rating" integer,
	"rated_at" timestamp with time zone,
	"rescheduled_at" timestamp with time zone,
	"ai_suggestion" text,
	"manual_booking_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text,
	"template_id" integer,
	"trigger_type" varchar(40) NOT NULL,
	"delay_hours" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_email" varchar(254) NOT NULL,
	"recipient_name" varchar(160),
	"subject" varchar(255) NOT NULL,
	"email_type" varchar(40) NOT NULL,
	"status" varchar(20) DEFAULT 'sent' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"reservation_id" integer,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"html_content" text NOT NULL,
	"text_content" text,
	"template_type" varchar(40) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "offer_code_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_tier" varchar(20) NOT NULL,
	"original_amount" integer NOT NULL,
	"discount_amount" integer NOT NULL,
	"final_amount" integer NOT NULL,
	"payment_subscription_id" text,
	"discount_start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"discount_end_date" timestamp with time zone,
	"cycles_remaining" integer,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"description" text,
	"discount_type" varchar(20) DEFAULT 'percentage' NOT NULL,
	"discount_value" numeric(5, 2) DEFAULT '0' NOT NULL,
	"min_order_value" integer,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"max_uses_per_user" integer DEFAULT 1 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"applicable_tiers" text[],
	"duration_months" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"event_type" varchar(30) NOT NULL,
	"from_tier" varchar(20),
	"to_tier" varchar(20),
	"from_status" varchar(20),
	"to_status" varchar(20),
	"monthly_amount" integer,
	"reason" text,
	"feedback" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"from_email" varchar(254) NOT NULL,
	"body" text NOT NULL,
	"is_from_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_id" varchar(255),
	"user_id" integer,
	"reservation_id" integer,
	"from_email" varchar(254) NOT NULL,
	"from_name" varchar(160),
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"reply_to_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_email_id_unique" UNIQUE("email_id")
);
--> statement-breakpoint
CREATE TABLE "user_email_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"email_log_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_monthly_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"subscription_tier" varchar(20) NOT NULL,
	"quota_allowed" integer NOT NULL,
	"quota_used" integer DEFAULT 0 NOT NULL,
	"quota_remaining" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"postcode" varchar(10),
	"travel_radius" integer DEFAULT 25 NOT NULL,
	"date_spend" varchar(3),
	"date_type_preferences" json,
	"day_preferences" json,
	"time_preferences" json,
	"scheduling_preferences" json,
	"dietary_restrictions" text[] DEFAULT '{}'::text[] NOT NULL,
	"accessibility_needs" text[] DEFAULT '{}'::text[] NOT NULL,
	"alcohol_ok" boolean DEFAULT true NOT NULL,
	"open_to_trying" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "user_venue_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"reason" varchar(40) DEFAULT 'cancelled' NOT NULL,
	"excluded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(80),
	"last_name" varchar(80),
	"profile_image_url" text,
	"password" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" text,
	"email_verification_expires" timestamp with time zone,
	"pending_email" varchar(254),
	"password_reset_token" text,
	"password_reset_expires" timestamp with time zone,
	"payment_customer_id" text,
	"payment_mandate_id" text,
	"payment_subscription_id" text,
	"subscription_tier" varchar(20),
	"subscription_status" varchar(20),
	"current_period_end" timestamp with time zone,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"partner_id" integer,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"marketing_opt_out" boolean DEFAULT false NOT NULL,
	"city" varchar(100),
	"phone" varchar(32),
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"address" text,
	"city" varchar(100) NOT NULL,
	"postcode" varchar(10),
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"type" varchar(20) NOT NULL,
	"price_level" varchar(10) DEFAULT 'medium' NOT NULL,
	"experience_blurb" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"accessibility_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"dietary_accommodations" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_info" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_date_suggestions" ADD CONSTRAINT "ai_date_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_date_suggestions" ADD CONSTRAINT "ai_date_suggestions_reservation_id_date_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."date_reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_ideas" ADD CONSTRAINT "date_ideas_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD CONSTRAINT "date_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD CONSTRAINT "date_reservations_date_idea_id_date_ideas_id_fk" FOREIGN KEY ("date_idea_id") REFERENCES "public"."date_ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD CONSTRAINT "date_reservations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_reservation_id_date_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."date_reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code_usage" ADD CONSTRAINT "offer_code_usage_offer_code_id_offer_codes_id_fk" FOREIGN KEY ("offer_code_id") REFERENCES "public"."offer_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code_usage" ADD CONSTRAINT "offer_code_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_reservation_id_date_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."date_reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_campaigns" ADD CONSTRAINT "user_email_campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_campaigns" ADD CONSTRAINT "user_email_campaigns_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_campaigns" ADD CONSTRAINT "user_email_campaigns_email_log_id_email_logs_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_monthly_quotas" ADD CONSTRAINT "user_monthly_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_venue_exclusions" ADD CONSTRAINT "user_venue_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_venue_exclusions" ADD CONSTRAINT "user_venue_exclusions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_date_suggestions_user_idx" ON "ai_date_suggestions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_date_suggestions_status_idx" ON "ai_date_suggestions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "date_ideas_venue_idx" ON "date_ideas" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "date_ideas_category_idx" ON "date_ideas" USING btree ("category");--> statement-breakpoint
CREATE INDEX "date_reservations_user_date_idx" ON "date_reservations" USING btree ("user_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "date_reservations_scheduled_idx" ON "date_reservations" USING btree ("scheduled_date");--> statement-breakpoint
CREATE INDEX "date_reservations_venue_idx" ON "date_reservations" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "date_reservations_created_idx" ON "date_reservations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_logs_sent_at_idx" ON "email_logs" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "email_logs_user_idx" ON "email_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_logs_type_idx" ON "email_logs" USING btree ("email_type");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_code_usage_user_code_unique" ON "offer_code_usage" USING btree ("user_id","offer_code_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_events_occurred_idx" ON "subscription_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "subscription_events_user_idx" ON "subscription_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_replies_ticket_idx" ON "support_replies" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "user_email_campaigns_due_idx" ON "user_email_campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_campaigns_unique" ON "user_email_campaigns" USING btree ("user_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_monthly_quotas_unique" ON "user_monthly_quotas" USING btree ("user_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "user_venue_exclusions_unique" ON "user_venue_exclusions" USING btree ("user_id","venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_password_reset_token_idx" ON "users" USING btree ("password_reset_token");--> statement-breakpoint
CREATE INDEX "users_email_verification_token_idx" ON "users" USING btree ("email_verification_token");--> statement-breakpoint
CREATE INDEX "users_subscription_idx" ON "users" USING btree ("subscription_status","subscription_tier");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "venues_name_idx" ON "venues" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "venues_type_idx" ON "venues" USING btree ("type");