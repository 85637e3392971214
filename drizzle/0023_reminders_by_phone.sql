-- expand: a site inspection's reminders go to the buyer's phone too, by WhatsApp or SMS (docs/decisions/0397), as an
-- inspection message of channel 'phone' and a conversation message of kind 'reminder'. Wider checks only: the running
-- release never writes either value (decision 0110).
ALTER TABLE "inspection_messages" DROP CONSTRAINT "inspection_messages_channel_ck";--> statement-breakpoint
ALTER TABLE "lead_messages" DROP CONSTRAINT "lead_messages_kind_ck";--> statement-breakpoint
ALTER TABLE "inspection_messages" ADD CONSTRAINT "inspection_messages_channel_ck" CHECK ("inspection_messages"."channel" in ('email', 'push', 'phone'));--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_kind_ck" CHECK ("lead_messages"."kind" in ('first_reply', 'template', 'text', 'opt_out_ack', 'reminder'));