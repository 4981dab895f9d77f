CREATE INDEX "date_reservations_status_date_idx" ON "date_reservations" USING btree ("status","scheduled_date");--> statement-breakpoint
CREATE INDEX "email_logs_status_idx" ON "email_logs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "subscription_events_user_time_idx" ON "subscription_events" USING btree ("user_id","occurred_at","id","event_type","to_status","to_tier","monthly_amount");--> statement-breakpoint
CREATE INDEX "subscription_events_created_idx" ON "subscription_events" USING btree ("occurred_at") WHERE "subscription_events"."event_type" = 'created';--> statement-breakpoint
CREATE INDEX "users_subscription_live_idx" ON "users" USING btree ("subscription_status","subscription_tier","id") WHERE "users"."deleted_at" IS NULL;