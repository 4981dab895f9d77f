ALTER TABLE "date_reservations" ADD COLUMN "override_rules" jsonb;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "overridden_by" integer;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "mail_hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "undo_state" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pause_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD CONSTRAINT "date_reservations_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;