ALTER TABLE "support_replies" ADD COLUMN "email_id" varchar(255);--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_email_id_unique" UNIQUE("email_id");