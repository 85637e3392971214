-- expand: a new table (the messages site-inspection bookings set off, docs/decisions/0391); the previous release never reads it.
CREATE TABLE "inspection_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"slot_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"about_starts_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sending_since" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_messages_kind_ck" CHECK ("inspection_messages"."kind" in ('booked', 'waiting', 'promoted', 'moved', 'cancelled', 'called_off', 'reminder_24h', 'reminder_2h', 'agent_alert', 'slot_filling')),
	CONSTRAINT "inspection_messages_channel_ck" CHECK ("inspection_messages"."channel" in ('email', 'push')),
	CONSTRAINT "inspection_messages_state_ck" CHECK ("inspection_messages"."state" in ('queued', 'sending', 'sent', 'failed', 'not_configured', 'withdrawn')),
	CONSTRAINT "inspection_messages_booking_ck" CHECK ("inspection_messages"."booking_id" is not null or "inspection_messages"."kind" = 'slot_filling')
);
--> statement-breakpoint
ALTER TABLE "inspection_messages" ADD CONSTRAINT "inspection_messages_booking_id_inspection_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."inspection_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_messages" ADD CONSTRAINT "inspection_messages_slot_id_inspection_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."inspection_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_messages_booking_uq" ON "inspection_messages" USING btree ("booking_id","kind","channel","about_starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_messages_slot_filling_uq" ON "inspection_messages" USING btree ("slot_id","channel") WHERE kind = 'slot_filling';--> statement-breakpoint
CREATE INDEX "inspection_messages_state_idx" ON "inspection_messages" USING btree ("state","due_at");