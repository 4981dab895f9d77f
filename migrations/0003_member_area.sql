CREATE TABLE "partner_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"subscription_id" varchar(40) NOT NULL,
	"mandate_id" varchar(40) NOT NULL,
	"amount_pence" integer NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"charge_date" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'pending_submission' NOT NULL,
	"description" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"mandate_id" varchar(40) NOT NULL,
	"amount_pence" integer NOT NULL,
	"discount_amount_pence" integer,
	"discount_cycles" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"paused_cycles" integer DEFAULT 0 NOT NULL,
	"skip_cycles" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "rated_by" integer;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD COLUMN "kind" varchar(20) DEFAULT 'subscribe' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_tier" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_invites" ADD CONSTRAINT "partner_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invites" ADD CONSTRAINT "partner_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_invites_inviter_idx" ON "partner_invites" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_mandate_idx" ON "sandbox_payments" USING btree ("mandate_id");--> statement-breakpoint
ALTER TABLE "date_reservations" ADD CONSTRAINT "date_reservations_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;