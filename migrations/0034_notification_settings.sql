-- The notification switches move out of the users row into their own table (identity stays on users). A
-- member who never changed a switch needs no row (the app reads the column defaults for them); every member
-- whose switches differ from the defaults keeps exactly what they had.
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"push_notifications" boolean DEFAULT true NOT NULL,
	"clue_notifications" boolean DEFAULT false NOT NULL,
	"sms_stopped_at" timestamp with time zone,
	"marketing_opt_out" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "notification_settings" ("user_id", "email_notifications", "sms_notifications", "push_notifications",
    "clue_notifications", "sms_stopped_at", "marketing_opt_out")
  SELECT "id", "email_notifications", "sms_notifications", "push_notifications", "clue_notifications",
    "sms_stopped_at", "marketing_opt_out"
  FROM "users"
  WHERE NOT "email_notifications" OR "sms_notifications" OR NOT "push_notifications" OR "clue_notifications"
    OR "sms_stopped_at" IS NOT NULL OR "marketing_opt_out";--> statement-breakpoint
-- Each instance's session cache keeps the signed-in member's answer, switches included
-- (modules/auth/read-cache): a change here tells every instance, as a change of the users row does (0012).
CREATE TRIGGER notification_settings_auth_cache AFTER INSERT OR UPDATE OR DELETE ON notification_settings
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');--> statement-breakpoint
CREATE TRIGGER notification_settings_auth_cache_truncate AFTER TRUNCATE ON notification_settings
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "marketing_opt_out";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "email_notifications";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sms_notifications";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "push_notifications";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "clue_notifications";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sms_stopped_at";
