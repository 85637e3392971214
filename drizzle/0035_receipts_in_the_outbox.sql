ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_subject_ck";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_subject_ck" CHECK ("outbox_messages"."subject_type" in ('lead', 'booking', 'slot', 'receipt'));--> statement-breakpoint
-- A receipt's messages move into the one outbox (docs/decisions/0414): every receipt's e-mail and WhatsApp message,
-- waiting, in a sender's hands or settled, is copied with its state, so none waiting is lost and none sent goes again
-- (one interrupted mid-send stays failed; one left `sending` is taken once its lease ended and marked failed, never
-- sent again). The jobs already on `payment-receipt` name the receipt: the outbox's receipt sender drains that queue.
INSERT INTO "outbox_messages" ("id", "subject_type", "subject_id", "lead_id", "kind", "channel", "dedupe_key", "state", "attempts", "due_at", "sending_since", "last_error", "payload", "sent_at", "gave_up_at", "created_at", "updated_at")
SELECT gen_random_uuid(), 'receipt', r."id", p."lead_id", 'payment_receipt', 'email', 'receipt:' || r."id" || ':email',
       CASE r."message_state" WHEN 'interrupted' THEN 'failed' ELSE r."message_state" END,
       r."attempts", r."issued_at",
       CASE WHEN r."message_state" = 'sending' THEN coalesce(r."sending_since", r."issued_at") END,
       CASE WHEN r."message_state" = 'interrupted' THEN 'interrupted while sending (the server stopped): not sent again, so that it never goes twice'
            ELSE r."last_error" END,
       NULL, r."sent_at",
       CASE WHEN r."message_state" IN ('failed', 'interrupted') THEN r."issued_at" END,
       r."issued_at", now()
  FROM "payment_receipts" r JOIN "payment_plans" p ON p."claim_id" = r."claim_id"
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
INSERT INTO "outbox_messages" ("id", "subject_type", "subject_id", "lead_id", "kind", "channel", "dedupe_key", "state", "attempts", "due_at", "sending_since", "last_error", "payload", "sent_at", "gave_up_at", "created_at", "updated_at")
SELECT gen_random_uuid(), 'receipt', r."id", p."lead_id", 'payment_receipt', 'whatsapp', 'receipt:' || r."id" || ':whatsapp',
       CASE r."whatsapp_state" WHEN 'interrupted' THEN 'failed' ELSE r."whatsapp_state" END,
       CASE WHEN r."whatsapp_state" = 'queued' THEN 0 ELSE 1 END, r."issued_at",
       CASE WHEN r."whatsapp_state" = 'sending' THEN r."issued_at" END,
       CASE WHEN r."whatsapp_state" = 'interrupted' THEN 'interrupted while sending (the server stopped): not sent again, so that it never goes twice' END,
       NULL, NULL,
       CASE WHEN r."whatsapp_state" IN ('failed', 'interrupted') THEN r."issued_at" END,
       r."issued_at", now()
  FROM "payment_receipts" r JOIN "payment_plans" p ON p."claim_id" = r."claim_id"
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP CONSTRAINT "payment_receipts_state_ck";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP CONSTRAINT "payment_receipts_whatsapp_state_ck";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP COLUMN "message_state";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP COLUMN "sending_since";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP COLUMN "sent_at";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "payment_receipts" DROP COLUMN "whatsapp_state";
