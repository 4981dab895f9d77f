-- Rate-limit windows shared by every instance. Unlogged: no WAL per sign-in attempt; after a crash the
-- counters start again at zero.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");