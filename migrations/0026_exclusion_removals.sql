ALTER TABLE "user_venue_exclusions" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_venue_exclusions" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "user_venue_exclusions" ADD COLUMN "removed_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "user_venue_exclusions" ADD CONSTRAINT "user_venue_exclusions_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;