ALTER TABLE "users" ADD COLUMN "chosen_tier" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chosen_offer_code" varchar(50);