CREATE TABLE "payment_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"tier" varchar(20) NOT NULL,
	"offer_code_id" integer,
	"original_amount" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"provider_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"customer_id" text,
	"mandate_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "payment_checkouts_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"resource_type" varchar(30) NOT NULL,
	"action" varchar(40) NOT NULL,
	"user_id" integer,
	"outcome" varchar(60) NOT NULL,
	"created_at" timestamp with time zone,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_offer_code_id_offer_codes_id_fk" FOREIGN KEY ("offer_code_id") REFERENCES "public"."offer_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_checkouts_user_idx" ON "payment_checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_payment_mandate_idx" ON "users" USING btree ("payment_mandate_id");--> statement-breakpoint
CREATE INDEX "users_payment_subscription_idx" ON "users" USING btree ("payment_subscription_id");