ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "request_source" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_notice_version" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token_uq" ON "newsletter_subscribers" USING btree ("confirm_token");--> statement-breakpoint
-- Sign-ups from before double opt-in (docs/decisions/0310-newsletter-double-opt-in.md) keep their subscription: their consent is recorded as given at sign-up, by a single opt-in, under no known notice version.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "subscribed_at", "consent_source" = 'single-opt-in' WHERE "spam" = false;
