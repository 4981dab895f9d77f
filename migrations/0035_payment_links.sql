-- The member's payment-provider links (customer, mandate, subscriptions, newest event applied) move out of the
-- users row into their own table (identity stays on users). A member who never had any needs no row (every
-- link reads null); every member with one keeps exactly what they had.
CREATE TABLE "payment_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"payment_customer_id" text,
	"payment_mandate_id" text,
	"payment_subscription_id" text,
	"payment_next_subscription_id" text,
	"payment_status_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_payment_mandate_idx";--> statement-breakpoint
DROP INDEX "users_payment_subscription_idx";--> statement-breakpoint
DROP INDEX "users_payment_next_subscription_idx";--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_mandate_idx" ON "payment_links" USING btree ("payment_mandate_id");--> statement-breakpoint
CREATE INDEX "payment_links_subscription_idx" ON "payment_links" USING btree ("payment_subscription_id");--> statement-breakpoint
CREATE INDEX "payment_links_next_subscription_idx" ON "payment_links" USING btree ("payment_next_subscription_id");--> statement-breakpoint
INSERT INTO "payment_links" ("user_id", "payment_customer_id", "payment_mandate_id", "payment_subscription_id",
    "payment_next_subscription_id", "payment_status_at")
  SELECT "id", "payment_customer_id", "payment_mandate_id", "payment_subscription_id",
    "payment_next_subscription_id", "payment_status_at"
  FROM "users"
  WHERE "payment_customer_id" IS NOT NULL OR "payment_mandate_id" IS NOT NULL
    OR "payment_subscription_id" IS NOT NULL OR "payment_next_subscription_id" IS NOT NULL
    OR "payment_status_at" IS NOT NULL;--> statement-breakpoint
-- Each instance's session cache keeps the signed-in member's answer, whether a subscription collects their plan
-- included (modules/auth/read-cache): a change here tells every instance, as a change of the users row does (0012).
CREATE TRIGGER payment_links_auth_cache AFTER INSERT OR UPDATE OR DELETE ON payment_links
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');--> statement-breakpoint
CREATE TRIGGER payment_links_auth_cache_truncate AFTER TRUNCATE ON payment_links
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_customer_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_mandate_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_subscription_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_next_subscription_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_status_at";