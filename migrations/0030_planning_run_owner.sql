ALTER TABLE "planning_runs" ADD COLUMN "owner_pid" integer;--> statement-breakpoint
ALTER TABLE "planning_runs" ADD COLUMN "owner_backend_start" timestamp with time zone;