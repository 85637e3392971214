-- expand: two nullable columns (a push subscription's session, a passkey's disabled time) and an index; the previous release ignores them.
ALTER TABLE "staff_passkeys" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_push_subscriptions" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_push_subscriptions" ADD CONSTRAINT "staff_push_subscriptions_session_id_staff_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_push_subscriptions_session_idx" ON "staff_push_subscriptions" USING btree ("session_id");