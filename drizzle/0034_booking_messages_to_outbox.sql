-- The upgrade (docs/decisions/0410-one-outbox.md): every message of inspection_messages, waiting, in flight or settled,
-- moves to the one outbox under its own id, so the jobs already queued for it on `inspection-message` (which carry that
-- id, and which the outbox's worker drains) deliver it once, and what was sent stays sent. A message keeps its
-- attempts, due time, claim and last error; its key is its booking, kind, channel and slot time (a slot's alert: its
-- slot and channel), its slot and time ride in the payload, and its lead is its booking's (erasing the lead erases it).
INSERT INTO "outbox_messages" ("id", "subject_type", "subject_id", "lead_id", "kind", "channel", "dedupe_key", "state", "attempts", "due_at", "sending_since", "last_error", "payload", "sent_at", "gave_up_at", "created_at", "updated_at")
SELECT m."id",
       CASE WHEN m."kind" = 'slot_filling' THEN 'slot' ELSE 'booking' END,
       coalesce(m."booking_id", m."slot_id"),
       b."lead_id", m."kind", m."channel",
       CASE WHEN m."kind" = 'slot_filling' THEN 'slot:' || m."slot_id" || ':slot_filling:' || m."channel"
            ELSE 'booking:' || m."booking_id" || ':' || m."kind" || ':' || m."channel" || ':' || (extract(epoch from m."about_starts_at") * 1000)::bigint END,
       m."state", m."attempts", m."due_at", m."sending_since", m."last_error",
       jsonb_build_object('slotId', m."slot_id", 'aboutStartsAt', (extract(epoch from m."about_starts_at") * 1000)::bigint),
       m."sent_at", CASE WHEN m."state" = 'failed' THEN m."updated_at" END, m."created_at", m."updated_at"
  FROM "inspection_messages" m
  LEFT JOIN "inspection_bookings" b ON b."id" = m."booking_id"
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
-- For the minute of a rolling upgrade, the release before still writes inspection_messages: what it writes there is
-- copied here (a booking's new messages, a claim, an outcome, a withdrawal, an erasure), so the jobs it queues find
-- their message and a message in its hands shows as in hand. Dropped with the table by the release after this one.
CREATE FUNCTION "outbox_from_inspection_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "outbox_messages" WHERE "id" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "outbox_messages" ("id", "subject_type", "subject_id", "lead_id", "kind", "channel", "dedupe_key", "state", "attempts", "due_at", "sending_since", "last_error", "payload", "sent_at", "gave_up_at", "created_at", "updated_at")
  VALUES (NEW."id",
          CASE WHEN NEW."kind" = 'slot_filling' THEN 'slot' ELSE 'booking' END,
          coalesce(NEW."booking_id", NEW."slot_id"),
          (SELECT b."lead_id" FROM "inspection_bookings" b WHERE b."id" = NEW."booking_id"),
          NEW."kind", NEW."channel",
          CASE WHEN NEW."kind" = 'slot_filling' THEN 'slot:' || NEW."slot_id" || ':slot_filling:' || NEW."channel"
               ELSE 'booking:' || NEW."booking_id" || ':' || NEW."kind" || ':' || NEW."channel" || ':' || (extract(epoch from NEW."about_starts_at") * 1000)::bigint END,
          NEW."state", NEW."attempts", NEW."due_at", NEW."sending_since", NEW."last_error",
          jsonb_build_object('slotId', NEW."slot_id", 'aboutStartsAt', (extract(epoch from NEW."about_starts_at") * 1000)::bigint),
          NEW."sent_at", CASE WHEN NEW."state" = 'failed' THEN NEW."updated_at" END, NEW."created_at", NEW."updated_at")
  ON CONFLICT ("dedupe_key") DO UPDATE SET "state" = excluded."state", "attempts" = excluded."attempts",
    "due_at" = excluded."due_at", "sending_since" = excluded."sending_since", "last_error" = excluded."last_error",
    "sent_at" = excluded."sent_at", "gave_up_at" = excluded."gave_up_at", "updated_at" = excluded."updated_at";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inspection_messages_to_outbox" AFTER INSERT OR UPDATE OR DELETE ON "inspection_messages"
  FOR EACH ROW EXECUTE FUNCTION "outbox_from_inspection_messages"();
