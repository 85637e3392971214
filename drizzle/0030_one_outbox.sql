CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"lead_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_since" timestamp with time zone,
	"last_error" text,
	"last_error_kind" text,
	"payload" jsonb,
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_subject_ck" CHECK ("outbox_messages"."subject_type" in ('lead', 'booking', 'slot')),
	CONSTRAINT "outbox_messages_channel_ck" CHECK ("outbox_messages"."channel" in ('email', 'whatsapp', 'sms', 'push', 'webhook', 'phone')),
	CONSTRAINT "outbox_messages_state_ck" CHECK ("outbox_messages"."state" in ('queued', 'sending', 'sent', 'failed', 'not_configured', 'skipped', 'withdrawn')),
	CONSTRAINT "outbox_messages_error_kind_ck" CHECK ("outbox_messages"."last_error_kind" is null or "outbox_messages"."last_error_kind" in ('retry', 'unreachable', 'window_closed', 'config'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe_uq" ON "outbox_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_state_idx" ON "outbox_messages" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_lead_idx" ON "outbox_messages" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_kind_state_idx" ON "outbox_messages" USING btree ("subject_type","kind","state","sent_at");--> statement-breakpoint
-- The upgrade (docs/decisions/0410-one-outbox.md): every message of lead_notifications, pending or not, moves to the
-- one outbox under its own id, so the jobs already queued for it (which carry that id) deliver it once, and what was
-- sent stays sent. A message in flight (attempted, failed, waiting for its retry) keeps its attempts and last error.
INSERT INTO "outbox_messages" ("id", "subject_type", "subject_id", "lead_id", "kind", "channel", "dedupe_key", "state", "attempts", "due_at", "last_error", "sent_at", "gave_up_at", "created_at", "updated_at")
SELECT n."id", 'lead', n."lead_id", n."lead_id", n."channel",
       CASE n."channel" WHEN 'sales_email' THEN 'email' WHEN 'receipt' THEN 'email' WHEN 'first_reply' THEN 'phone' ELSE n."channel" END,
       'lead:' || n."lead_id" || ':' || n."channel", n."state", n."attempts", n."created_at", n."last_error", n."sent_at",
       CASE WHEN n."state" = 'failed' THEN n."updated_at" END, n."created_at", n."updated_at"
  FROM "lead_notifications" n
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
-- For the minute of a rolling upgrade, the release before still writes lead_notifications: what it writes there is
-- copied here (a new lead's messages, an attempt's outcome, a withdrawal), so the jobs it queues find their message.
-- Dropped with the table by the release after this one.
CREATE FUNCTION "outbox_from_lead_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "outbox_messages" WHERE "id" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "outbox_messages" ("id", "subject_type", "subject_id", "lead_id", "kind", "channel", "dedupe_key", "state", "attempts", "due_at", "last_error", "sent_at", "gave_up_at", "created_at", "updated_at")
  VALUES (NEW."id", 'lead', NEW."lead_id", NEW."lead_id", NEW."channel",
          CASE NEW."channel" WHEN 'sales_email' THEN 'email' WHEN 'receipt' THEN 'email' WHEN 'first_reply' THEN 'phone' ELSE NEW."channel" END,
          'lead:' || NEW."lead_id" || ':' || NEW."channel", NEW."state", NEW."attempts", NEW."created_at", NEW."last_error", NEW."sent_at",
          CASE WHEN NEW."state" = 'failed' THEN NEW."updated_at" END, NEW."created_at", NEW."updated_at")
  ON CONFLICT ("dedupe_key") DO UPDATE SET "state" = excluded."state", "attempts" = excluded."attempts",
    "last_error" = excluded."last_error", "sent_at" = excluded."sent_at", "gave_up_at" = excluded."gave_up_at",
    "updated_at" = excluded."updated_at";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_notifications_to_outbox" AFTER INSERT OR UPDATE OR DELETE ON "lead_notifications"
  FOR EACH ROW EXECUTE FUNCTION "outbox_from_lead_notifications"();
