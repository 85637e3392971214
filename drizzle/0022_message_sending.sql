-- expand: a message we asked a provider to send, whose answer has not come yet, is kept as 'sending', so that a
-- retry after a crash mid-send never sends it twice (docs/decisions/0396-a-message-sent-at-most-once.md). A wider check
-- only: the running release never writes the new status (decision 0110).
ALTER TABLE "lead_messages" DROP CONSTRAINT "lead_messages_status_ck";--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_status_ck" CHECK ("lead_messages"."status" in ('sending', 'sent', 'delivered', 'read', 'failed', 'received'));