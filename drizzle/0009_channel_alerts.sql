-- expand: a new table (channel_alerts) and a new index on lead_notifications; release N ignores both (docs/decisions/0110).
CREATE TABLE "channel_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"failing_since" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	"waiting" integer DEFAULT 0 NOT NULL,
	"error_kind" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "channel_alerts_channel_ck" CHECK ("channel_alerts"."channel" in ('sales_email', 'receipt', 'webhook'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_alerts_open_uq" ON "channel_alerts" USING btree ("channel") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "channel_alerts_opened_idx" ON "channel_alerts" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "lead_notifications_channel_state_idx" ON "lead_notifications" USING btree ("channel","state","sent_at");