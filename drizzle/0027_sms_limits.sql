-- SMS limits and per-channel STOP (docs/decisions/0402).
-- 1. sms_days: the SMS asked of the provider per Lagos day, counted against SMS_DAILY_LIMIT on every instance.
CREATE TABLE "sms_days" (
	"day" text PRIMARY KEY NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
-- 2. message_opt_outs: one row per channel a STOP stops (`stops`), keyed by the number's hash and that channel.
-- Hand-written data conversion: every STOP recorded so far was acknowledged with "You will get no more messages" and
-- stopped every channel, so each becomes two rows, one per channel, both remembering where it was said (`channel`).
-- During a rolling deploy an instance of the running release cannot record a STOP (no `stops`): its webhook answers
-- 5xx and the provider delivers the event again, to an instance of the new release.
ALTER TABLE "message_opt_outs" ADD COLUMN "stops" text;--> statement-breakpoint
UPDATE "message_opt_outs" SET "stops" = 'whatsapp';--> statement-breakpoint
ALTER TABLE "message_opt_outs" DROP CONSTRAINT "message_opt_outs_pkey";--> statement-breakpoint
INSERT INTO "message_opt_outs" ("phone_hash", "stops", "channel", "created_at")
  SELECT "phone_hash", 'sms', "channel", "created_at" FROM "message_opt_outs";--> statement-breakpoint
ALTER TABLE "message_opt_outs" ALTER COLUMN "stops" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_phone_hash_stops_pk" PRIMARY KEY("phone_hash","stops");
