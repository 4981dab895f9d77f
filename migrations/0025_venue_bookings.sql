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
--> statement-breakpoint
-- One vocabulary for needs: venues' dietary and access lists mapped onto the words members choose (the same
-- common spellings as canonicalNeed in src/shared/admin/venues.ts); an entry that is none of them moves to the
-- venue's features, where it still informs and no longer pretends to be a need that can match.
CREATE TABLE "need_vocabulary_0025" ("k" text NOT NULL, "v" text NOT NULL, "kind" text NOT NULL);
--> statement-breakpoint
INSERT INTO "need_vocabulary_0025" ("k", "v", "kind") VALUES
  ('accessibleparking', 'Accessible parking', 'a'),
  ('assistancedogs', 'Guide dog friendly', 'a'),
  ('bluebadgeparking', 'Accessible parking', 'a'),
  ('celiac', 'Gluten-free', 'd'),
  ('coeliac', 'Gluten-free', 'd'),
  ('dairyfree', 'Dairy-free', 'd'),
  ('df', 'Dairy-free', 'd'),
  ('disabledparking', 'Accessible parking', 'a'),
  ('gf', 'Gluten-free', 'd'),
  ('glutenfree', 'Gluten-free', 'd'),
  ('guidedog', 'Guide dog friendly', 'a'),
  ('guidedogfriendly', 'Guide dog friendly', 'a'),
  ('guidedogs', 'Guide dog friendly', 'a'),
  ('halal', 'Halal', 'd'),
  ('hearingloop', 'Hearing loop', 'a'),
  ('inductionloop', 'Hearing loop', 'a'),
  ('kosher', 'Kosher', 'd'),
  ('lactosefree', 'Dairy-free', 'd'),
  ('largeprint', 'Large print menus', 'a'),
  ('largeprintmenu', 'Large print menus', 'a'),
  ('largeprintmenus', 'Large print menus', 'a'),
  ('levelaccess', 'Step-free access', 'a'),
  ('loop', 'Hearing loop', 'a'),
  ('lowsalt', 'Low Sodium', 'd'),
  ('lowsodium', 'Low Sodium', 'd'),
  ('nf', 'Nut Allergies', 'd'),
  ('nodairy', 'Dairy-free', 'd'),
  ('nogluten', 'Gluten-free', 'd'),
  ('nutallergies', 'Nut Allergies', 'd'),
  ('nutallergy', 'Nut Allergies', 'd'),
  ('nutfree', 'Nut Allergies', 'd'),
  ('nuts', 'Nut Allergies', 'd'),
  ('pescatarian', 'Pescatarian', 'd'),
  ('pescetarian', 'Pescatarian', 'd'),
  ('plantbased', 'Vegan', 'd'),
  ('stepfree', 'Step-free access', 'a'),
  ('stepfreeaccess', 'Step-free access', 'a'),
  ('v', 'Vegetarian', 'd'),
  ('ve', 'Vegan', 'd'),
  ('veg', 'Vegetarian', 'd'),
  ('vegan', 'Vegan', 'd'),
  ('vegetarian', 'Vegetarian', 'd'),
  ('veggie', 'Vegetarian', 'd'),
  ('wheelchair', 'Wheelchair accessible', 'a'),
  ('wheelchairaccess', 'Wheelchair accessible', 'a'),
  ('wheelchairaccessible', 'Wheelchair accessible', 'a');
--> statement-breakpoint
UPDATE "venues" SET
  "features" = "features" || ARRAY(
    SELECT x.item FROM unnest("dietary_accommodations") AS x(item)
    WHERE NOT EXISTS (SELECT 1 FROM "need_vocabulary_0025" n
      WHERE n.kind = 'd' AND n.k = regexp_replace(lower(x.item), '[[:space:]_.''’-]', '', 'g'))
  ) || ARRAY(
    SELECT x.item FROM unnest("accessibility_features") AS x(item)
    WHERE NOT EXISTS (SELECT 1 FROM "need_vocabulary_0025" n
      WHERE n.kind = 'a' AND n.k = regexp_replace(lower(x.item), '[[:space:]_.''’-]', '', 'g'))
  ),
  "dietary_accommodations" = ARRAY(
    SELECT DISTINCT n.v FROM unnest("dietary_accommodations") AS x(item)
    JOIN "need_vocabulary_0025" n ON n.kind = 'd' AND n.k = regexp_replace(lower(x.item), '[[:space:]_.''’-]', '', 'g')
    ORDER BY n.v
  ),
  "accessibility_features" = ARRAY(
    SELECT DISTINCT n.v FROM unnest("accessibility_features") AS x(item)
    JOIN "need_vocabulary_0025" n ON n.kind = 'a' AND n.k = regexp_replace(lower(x.item), '[[:space:]_.''’-]', '', 'g')
    ORDER BY n.v
  );
--> statement-breakpoint
DROP TABLE "need_vocabulary_0025";
