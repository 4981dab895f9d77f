ALTER TABLE "users" ADD COLUMN "credit_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cycle_covered_by" varchar(12);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_retries" integer DEFAULT 0 NOT NULL;