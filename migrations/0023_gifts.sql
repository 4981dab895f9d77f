CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"tier" varchar(20) NOT NULL,
	"months" integer NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"length_discount_pence" integer DEFAULT 0 NOT NULL,
	"offer_discount_pence" integer DEFAULT 0 NOT NULL,
	"amount_pence" integer NOT NULL,
	"offer_code_id" integer,
	"buyer_user_id" integer,
	"buyer_name" varchar(80) NOT NULL,
	"buyer_email" varchar(254) NOT NULL,
	"recipient_names" varchar(160) NOT NULL,
	"recipient_email" varchar(254) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" varchar(10) NOT NULL,
	"manage_token_hash" varchar(64) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"provider_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_ref" varchar(64),
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"resends" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer,
	"redeemed_as" varchar(10),
	"expires_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_code_unique" UNIQUE("code"),
	CONSTRAINT "gifts_manage_token_hash_unique" UNIQUE("manage_token_hash"),
	CONSTRAINT "gifts_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gifted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_offer_code_id_offer_codes_id_fk" FOREIGN KEY ("offer_code_id") REFERENCES "public"."offer_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_status_deliver_idx" ON "gifts" USING btree ("status","deliver_on");--> statement-breakpoint
CREATE INDEX "gifts_paid_at_idx" ON "gifts" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "gifts_buyer_email_idx" ON "gifts" USING btree (lower("buyer_email"));