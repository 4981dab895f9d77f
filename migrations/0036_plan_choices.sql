-- The plan a member chose before paying and the membership offered to them when the plan holder left move out of
-- the users row into their own table (identity stays on users). A member with neither needs no row; every
-- member with either keeps exactly what they had.
CREATE TABLE "plan_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"chosen_tier" "tier",
	"chosen_offer_code" varchar(50),
	"plan_offer_expires_at" timestamp with time zone,
	"plan_offer_tier" "tier",
	"plan_offer_paid_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_choices" ADD CONSTRAINT "plan_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "plan_choices" ("user_id", "chosen_tier", "chosen_offer_code", "plan_offer_expires_at",
    "plan_offer_tier", "plan_offer_paid_until")
  SELECT "id", "chosen_tier", "chosen_offer_code", "plan_offer_expires_at", "plan_offer_tier",
    "plan_offer_paid_until"
  FROM "users"
  WHERE "chosen_tier" IS NOT NULL OR "chosen_offer_code" IS NOT NULL OR "plan_offer_expires_at" IS NOT NULL
    OR "plan_offer_tier" IS NOT NULL OR "plan_offer_paid_until" IS NOT NULL;--> statement-breakpoint
-- Each instance's session cache keeps the signed-in member's answer, the chosen plan included
-- (modules/auth/read-cache): a change here tells every instance, as a change of the users row does (0012).
CREATE TRIGGER plan_choices_auth_cache AFTER INSERT OR UPDATE OR DELETE ON plan_choices
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');--> statement-breakpoint
CREATE TRIGGER plan_choices_auth_cache_truncate AFTER TRUNCATE ON plan_choices
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "chosen_tier";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "chosen_offer_code";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan_offer_expires_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan_offer_tier";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan_offer_paid_until";