CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"postcode" varchar(10) NOT NULL,
	"postcode_area" varchar(2) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_email_area_unique" ON "waitlist_entries" USING btree (lower("email"),"postcode_area");--> statement-breakpoint
CREATE INDEX "waitlist_entries_area_idx" ON "waitlist_entries" USING btree ("postcode_area");