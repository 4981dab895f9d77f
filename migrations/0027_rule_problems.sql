ALTER TABLE "date_reservations" ADD COLUMN "rule_problems" jsonb;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "rules_checked_at" timestamp with time zone;