ALTER TABLE "interest_submissions" ADD COLUMN "first_message_at" timestamp with time zone;--> statement-breakpoint
-- By hand from here (docs/decisions/0430-dashboard-conversion-from-summaries.md). A lead's first automatic message,
-- kept from the outbox: the earliest sent first reply or receipt of the lead, whatever later happens to its messages.
CREATE FUNCTION "lead_first_message_refresh"(lead uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "interest_submissions" l SET "first_message_at" = m.at
    FROM (SELECT min(o."sent_at") AS at FROM "outbox_messages" o
           WHERE o."lead_id" = lead AND o."subject_type" = 'lead' AND o."state" = 'sent' AND o."kind" IN ('first_reply', 'receipt')) m
   WHERE l."id" = lead AND l."first_message_at" IS DISTINCT FROM m.at
$$;--> statement-breakpoint
UPDATE "interest_submissions" l SET "first_message_at" = m.at
  FROM (SELECT "lead_id", min("sent_at") AS at FROM "outbox_messages"
         WHERE "subject_type" = 'lead' AND "state" = 'sent' AND "kind" IN ('first_reply', 'receipt') GROUP BY 1) m
 WHERE l."id" = m."lead_id";--> statement-breakpoint
CREATE FUNCTION "outbox_first_message_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."lead_id" IS NOT NULL THEN PERFORM "lead_first_message_refresh"(OLD."lead_id"); END IF;
  IF TG_OP <> 'DELETE' AND NEW."lead_id" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."lead_id" IS DISTINCT FROM OLD."lead_id") THEN
    PERFORM "lead_first_message_refresh"(NEW."lead_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a first reply or receipt that is or was sent can move the lead's first message: the outbox's other writes
-- (every other message, and these while queued or sending) pass by.
CREATE TRIGGER "outbox_first_message" AFTER INSERT ON "outbox_messages" FOR EACH ROW
  WHEN (NEW."kind" IN ('first_reply', 'receipt') AND NEW."state" = 'sent')
  EXECUTE FUNCTION "outbox_first_message_changed"();--> statement-breakpoint
CREATE TRIGGER "outbox_first_message_moved" AFTER UPDATE OF "state", "sent_at", "lead_id", "kind", "subject_type" ON "outbox_messages" FOR EACH ROW
  WHEN ((OLD."kind" IN ('first_reply', 'receipt') AND OLD."state" = 'sent') OR (NEW."kind" IN ('first_reply', 'receipt') AND NEW."state" = 'sent'))
  EXECUTE FUNCTION "outbox_first_message_changed"();--> statement-breakpoint
CREATE TRIGGER "outbox_first_message_deleted" AFTER DELETE ON "outbox_messages" FOR EACH ROW
  WHEN (OLD."kind" IN ('first_reply', 'receipt') AND OLD."state" = 'sent')
  EXECUTE FUNCTION "outbox_first_message_changed"();
