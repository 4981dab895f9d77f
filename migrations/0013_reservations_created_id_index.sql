DROP INDEX "date_reservations_created_idx";--> statement-breakpoint
CREATE INDEX "date_reservations_created_idx" ON "date_reservations" USING btree ("created_at","id");