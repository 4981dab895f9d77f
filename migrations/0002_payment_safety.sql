ALTER TABLE "payment_checkouts" ADD COLUMN "discount_months" integer;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD COLUMN "offer_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD COLUMN "completing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_next_subscription_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_codes_code_upper_unique" ON "offer_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "users_payment_next_subscription_idx" ON "users" USING btree ("payment_next_subscription_id");