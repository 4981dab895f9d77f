-- The plan account's own state (the pause, a gifted plan's end, credit months, how the running cycle is
-- covered, a failed payment's retries) moves out of the users row into its own table; the subscription itself
-- (tier, status, period end, pending tier) stays on users. A member with none of it needs no row (nulls, no
-- credit months, no retries); every member with any keeps exactly what they had.
CREATE TABLE "plan_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone,
	"pause_starts_at" timestamp with time zone,
	"gifted_until" timestamp with time zone,
	"credit_months" integer DEFAULT 0 NOT NULL,
	"cycle_covered_by" varchar(12),
	"payment_retry_at" timestamp with time zone,
	"payment_retries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "plan_accounts" ("user_id", "paused_until", "pause_starts_at", "gifted_until", "credit_months",
    "cycle_covered_by", "payment_retry_at", "payment_retries")
  SELECT "id", "paused_until", "pause_starts_at", "gifted_until", "credit_months", "cycle_covered_by",
    "payment_retry_at", "payment_retries"
  FROM "users"
  WHERE "paused_until" IS NOT NULL OR "pause_starts_at" IS NOT NULL OR "gifted_until" IS NOT NULL
    OR "credit_months" <> 0 OR "cycle_covered_by" IS NOT NULL OR "payment_retry_at" IS NOT NULL
    OR "payment_retries" <> 0;--> statement-breakpoint
-- Each instance's session cache keeps the signed-in member's answer, their own and their partner's month off and
-- gifted plan's end included (modules/auth/read-cache): a change here tells every instance about the member and
-- their partner, as a change of the users row does (0012).
CREATE FUNCTION plan_accounts_auth_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member integer;
  partner integer;
BEGIN
  IF TG_OP = 'DELETE' THEN member := OLD.user_id; ELSE member := NEW.user_id; END IF;
  SELECT u.partner_id INTO partner FROM users u WHERE u.id = member;
  PERFORM pg_notify('auth_cache', concat_ws(',', member, partner));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plan_accounts_auth_cache AFTER INSERT OR UPDATE OR DELETE ON plan_accounts
  FOR EACH ROW EXECUTE FUNCTION plan_accounts_auth_cache_notify();--> statement-breakpoint
CREATE TRIGGER plan_accounts_auth_cache_truncate AFTER TRUNCATE ON plan_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "paused_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pause_starts_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "gifted_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credit_months";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "cycle_covered_by";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_retry_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_retries";
