CREATE TABLE "venue_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"scheduled_date" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"reference" varchar(80),
	"decline_reason" varchar(500),
	"proposed_date" timestamp with time zone,
	"proposed_note" varchar(500),
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_bookings_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "venue_status" varchar(12) DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "venue_reference" varchar(80);--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "venue_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "booking_email" varchar(254);--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "booking_phone" varchar(40);--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "booking_contact_name" varchar(120);--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "closures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "opens_on_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "status" varchar(10) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_reservation_id_date_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."date_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_bookings" ADD CONSTRAINT "venue_bookings_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_bookings_reservation_idx" ON "venue_bookings" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE INDEX "venue_bookings_status_idx" ON "venue_bookings" USING btree ("status","requested_at");--> statement-breakpoint
-- A cancellation no longer excludes its venue for the couple: the exclusions it made are not the members' choices.
DELETE FROM "user_venue_exclusions" WHERE "reason" = 'cancelled';
