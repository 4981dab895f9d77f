CREATE TABLE "billing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"provider" varchar(20) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"payment_ref" varchar(64),
	"mandate_ref" varchar(64),
	"amount_pence" integer,
	"charge_date" varchar(10),
	"description" text,
	"event_key" varchar(160) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "date_reservations" ADD COLUMN "mail_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_user_time_idx" ON "billing_events" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
-- Billing history is append-only: a row, once written, stays as written. The one change allowed is the
-- foreign key's own ON DELETE SET NULL when an account is deleted (the money record outlives the account).
CREATE FUNCTION billing_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL AND OLD.user_id IS NOT NULL
     AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'billing_events is append-only' USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER billing_events_append_only BEFORE UPDATE OR DELETE ON "billing_events"
  FOR EACH ROW EXECUTE FUNCTION billing_events_append_only();
