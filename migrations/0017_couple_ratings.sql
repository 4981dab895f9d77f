CREATE TABLE "date_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"feedback" text,
	"rated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_reservations" DROP CONSTRAINT "date_reservations_rated_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_offer_tier" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_offer_paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_ratings" ADD CONSTRAINT "date_ratings_reservation_id_date_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."date_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_ratings" ADD CONSTRAINT "date_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_ratings_reservation_user_unique" ON "date_ratings" USING btree ("reservation_id","user_id");--> statement-breakpoint
CREATE INDEX "date_ratings_user_idx" ON "date_ratings" USING btree ("user_id");--> statement-breakpoint
-- Each partner rates a date for themselves. Existing ratings move across with the partner who wrote them
-- (rated_by), or, where that is unknown, with the couple's plan holder (the one of the date's member and their
-- mutually linked partner whose subscription is live; otherwise the date's member).
INSERT INTO "date_ratings" ("reservation_id", "user_id", "rating", "feedback", "rated_at", "created_at")
SELECT r.id,
  COALESCE(rb.id, CASE
    WHEN o.subscription_status IN ('active', 'past_due', 'paused') THEN o.id
    WHEN p.id IS NOT NULL AND p.subscription_status IN ('active', 'past_due', 'paused') THEN p.id
    ELSE o.id END),
  r.rating, r.feedback, COALESCE(r.rated_at, r.created_at), COALESCE(r.rated_at, r.created_at)
FROM "date_reservations" r
JOIN "users" o ON o.id = r.user_id
LEFT JOIN "users" p ON p.id = o.partner_id AND p.partner_id = o.id
LEFT JOIN "users" rb ON rb.id = r.rated_by
WHERE r.rating IS NOT NULL;
--> statement-breakpoint
-- A changed rating changes the couple's cached date lists (auth-cache.ts), like a changed reservation.
CREATE OR REPLACE FUNCTION auth_cache_ratings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'd:' || concat_ws(',', OLD.user_id, NEW.user_id,
    (SELECT user_id FROM date_reservations WHERE id = COALESCE(NEW.reservation_id, OLD.reservation_id))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER date_ratings_dates_cache AFTER INSERT OR UPDATE OR DELETE ON date_ratings
  FOR EACH ROW EXECUTE FUNCTION auth_cache_ratings_notify();
--> statement-breakpoint
ALTER TABLE "date_reservations" DROP COLUMN "feedback";--> statement-breakpoint
ALTER TABLE "date_reservations" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "date_reservations" DROP COLUMN "rated_at";--> statement-breakpoint
ALTER TABLE "date_reservations" DROP COLUMN "rated_by";