-- Two-step sign-in moves out of the users row into its own table (identity stays on users): every member
-- with a secret, a set-up under way or two-step sign-in on keeps exactly what they had.
CREATE TABLE "user_two_factor" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_step" integer
);
--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD CONSTRAINT "user_two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_two_factor" ("user_id", "secret", "pending_secret", "enabled_at", "recovery_codes", "last_step")
  SELECT "id", "totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_recovery_codes", "totp_last_step"
  FROM "users"
  WHERE "totp_secret" IS NOT NULL OR "totp_pending_secret" IS NOT NULL OR "totp_enabled_at" IS NOT NULL;--> statement-breakpoint
-- Each instance's session cache keeps whether two-step sign-in is on (modules/auth/read-cache): a change
-- here tells every instance, as a change of the users row does (0012).
CREATE TRIGGER user_two_factor_auth_cache AFTER INSERT OR UPDATE OR DELETE ON user_two_factor
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');--> statement-breakpoint
CREATE TRIGGER user_two_factor_auth_cache_truncate AFTER TRUNCATE ON user_two_factor
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "totp_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "totp_pending_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "totp_enabled_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "totp_recovery_codes";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "totp_last_step";
