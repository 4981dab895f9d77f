DROP INDEX "email_logs_sent_at_idx";--> statement-breakpoint
CREATE INDEX "email_logs_sent_at_id_idx" ON "email_logs" USING btree ("sent_at","id");