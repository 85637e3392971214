CREATE TABLE "staff_push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_alerts" DROP CONSTRAINT "channel_alerts_channel_ck";--> statement-breakpoint
ALTER TABLE "lead_notifications" DROP CONSTRAINT "lead_notifications_channel_ck";--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_push_subscriptions" ADD CONSTRAINT "staff_push_subscriptions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_push_subscriptions_endpoint_uq" ON "staff_push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "staff_push_subscriptions_staff_idx" ON "staff_push_subscriptions" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD CONSTRAINT "interest_submissions_claimed_by_staff_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interest_submissions_offered_idx" ON "interest_submissions" USING btree ("offered_at") WHERE offered_at is not null;--> statement-breakpoint
ALTER TABLE "channel_alerts" ADD CONSTRAINT "channel_alerts_channel_ck" CHECK ("channel_alerts"."channel" in ('sales_email', 'receipt', 'webhook', 'push'));--> statement-breakpoint
ALTER TABLE "lead_notifications" ADD CONSTRAINT "lead_notifications_channel_ck" CHECK ("lead_notifications"."channel" in ('sales_email', 'receipt', 'webhook', 'push'));