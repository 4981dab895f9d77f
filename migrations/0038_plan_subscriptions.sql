-- The subscription itself (tier, status, period end, pending tier) moves out of the users row into the plan
-- account (plan_accounts, 0037), beside the rest of the plan's state: users keeps identity only. A member who
-- never had a plan and has none of the plan account's state still needs no row; every member with any keeps
-- exactly what they had. The table's trigger (0037) already tells every instance's session cache about the
-- member and their partner, whose answers show the plan holder's tier and status, so a change of these columns
-- is announced as a change of the users row was (0012).
DROP INDEX "users_subscription_idx";--> statement-breakpoint
DROP INDEX "users_subscription_live_idx";--> statement-breakpoint
ALTER TABLE "plan_accounts" ADD COLUMN "subscription_tier" "tier";--> statement-breakpoint
ALTER TABLE "plan_accounts" ADD COLUMN "subscription_status" "subscription_status";--> statement-breakpoint
ALTER TABLE "plan_accounts" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_accounts" ADD COLUMN "pending_tier" "tier";--> statement-breakpoint
INSERT INTO "plan_accounts" ("user_id", "subscription_tier", "subscription_status", "current_period_end",
    "pending_tier")
  SELECT "id", "subscription_tier", "subscription_status", "current_period_end", "pending_tier"
  FROM "users"
  WHERE "subscription_tier" IS NOT NULL OR "subscription_status" IS NOT NULL OR "current_period_end" IS NOT NULL
    OR "pending_tier" IS NOT NULL
  ON CONFLICT ("user_id") DO UPDATE SET "subscription_tier" = EXCLUDED."subscription_tier",
    "subscription_status" = EXCLUDED."subscription_status", "current_period_end" = EXCLUDED."current_period_end",
    "pending_tier" = EXCLUDED."pending_tier";--> statement-breakpoint
-- The back office's member lists, the jobs and the analytics filter members by status and tier (user_id: the
-- analytics count from the index alone and join users and offers by it).
CREATE INDEX "plan_accounts_subscription_idx" ON "plan_accounts" USING btree ("subscription_status","subscription_tier","user_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_tier";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_status";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "current_period_end";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pending_tier";
