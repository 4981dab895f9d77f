CREATE TYPE "public"."date_status" AS ENUM('scheduled', 'revealed', 'confirmed', 'reschedule_requested', 'completed', 'no_show', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'cancelled', 'past_due', 'paused');--> statement-breakpoint
CREATE TYPE "public"."tier" AS ENUM('silver', 'gold', 'platinum');--> statement-breakpoint
ALTER TABLE "date_reservations" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "date_reservations" ALTER COLUMN "status" SET DATA TYPE "public"."date_status" USING "status"::"public"."date_status";--> statement-breakpoint
ALTER TABLE "date_reservations" ALTER COLUMN "status" SET DEFAULT 'scheduled'::"public"."date_status";--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "tier" SET DATA TYPE "public"."tier" USING "tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "offer_code_usage" ALTER COLUMN "subscription_tier" SET DATA TYPE "public"."tier" USING "subscription_tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "payment_checkouts" ALTER COLUMN "tier" SET DATA TYPE "public"."tier" USING "tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "subscription_events" ALTER COLUMN "from_tier" SET DATA TYPE "public"."tier" USING "from_tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "subscription_events" ALTER COLUMN "to_tier" SET DATA TYPE "public"."tier" USING "to_tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "subscription_tier" SET DATA TYPE "public"."tier" USING "subscription_tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "subscription_status" SET DATA TYPE "public"."subscription_status" USING "subscription_status"::"public"."subscription_status";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "pending_tier" SET DATA TYPE "public"."tier" USING "pending_tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "chosen_tier" SET DATA TYPE "public"."tier" USING "chosen_tier"::"public"."tier";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "plan_offer_tier" SET DATA TYPE "public"."tier" USING "plan_offer_tier"::"public"."tier";