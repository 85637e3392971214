-- expand: the conversation of a lead by WhatsApp and SMS, the numbers that said STOP, and the first reply as a
-- notification channel (docs/decisions/0394-whatsapp-and-sms.md); leads found by phone number for the buyers' replies.
-- New tables, a wider check and an index only: the running release never writes the new channel (decision 0110).
CREATE TABLE "lead_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"template" text,
	"provider_id" text,
	"status" text NOT NULL,
	"error" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_messages_channel_ck" CHECK ("lead_messages"."channel" in ('whatsapp', 'sms')),
	CONSTRAINT "lead_messages_direction_ck" CHECK ("lead_messages"."direction" in ('out', 'in')),
	CONSTRAINT "lead_messages_kind_ck" CHECK ("lead_messages"."kind" in ('first_reply', 'template', 'text', 'opt_out_ack')),
	CONSTRAINT "lead_messages_status_ck" CHECK ("lead_messages"."status" in ('sent', 'delivered', 'read', 'failed', 'received'))
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_alerts" DROP CONSTRAINT "channel_alerts_channel_ck";--> statement-breakpoint
ALTER TABLE "lead_notifications" DROP CONSTRAINT "lead_notifications_channel_ck";--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_messages_provider_uq" ON "lead_messages" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE INDEX "lead_messages_lead_idx" ON "lead_messages" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "interest_submissions_phone_idx" ON "interest_submissions" USING btree ("phone_e164","created_at");--> statement-breakpoint
ALTER TABLE "channel_alerts" ADD CONSTRAINT "channel_alerts_channel_ck" CHECK ("channel_alerts"."channel" in ('sales_email', 'receipt', 'webhook', 'push', 'first_reply'));--> statement-breakpoint
ALTER TABLE "lead_notifications" ADD CONSTRAINT "lead_notifications_channel_ck" CHECK ("lead_notifications"."channel" in ('sales_email', 'receipt', 'webhook', 'push', 'first_reply'));