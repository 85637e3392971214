ALTER TABLE "staff_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_password_resets" ADD COLUMN "kind" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_password_resets" ADD CONSTRAINT "staff_password_resets_kind_ck" CHECK ("staff_password_resets"."kind" in ('reset', 'welcome'));