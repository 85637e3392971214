CREATE TABLE "lead_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notifications_channel_ck" CHECK ("lead_notifications"."channel" in ('sales_email', 'receipt', 'webhook')),
	CONSTRAINT "lead_notifications_state_ck" CHECK ("lead_notifications"."state" in ('queued', 'sent', 'failed', 'not_configured', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "lead_notifications" ADD CONSTRAINT "lead_notifications_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_notifications_lead_channel_uq" ON "lead_notifications" USING btree ("lead_id","channel");--> statement-breakpoint
CREATE INDEX "lead_notifications_state_idx" ON "lead_notifications" USING btree ("state");