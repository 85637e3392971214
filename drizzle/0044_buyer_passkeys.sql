CREATE TABLE "buyer_passkey_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"ceremony" text NOT NULL,
	"session_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "buyer_passkey_challenges_ceremony_ck" CHECK ("buyer_passkey_challenges"."ceremony" in ('register', 'sign_in')),
	CONSTRAINT "buyer_passkey_challenges_session_ck" CHECK (("buyer_passkey_challenges"."ceremony" = 'register') = ("buyer_passkey_challenges"."session_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "buyer_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "buyer_sessions" DROP CONSTRAINT "buyer_sessions_with_ck";--> statement-breakpoint
ALTER TABLE "buyer_passkey_challenges" ADD CONSTRAINT "buyer_passkey_challenges_session_id_buyer_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."buyer_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_passkey_challenges_expires_idx" ON "buyer_passkey_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_passkeys_credential_uq" ON "buyer_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "buyer_passkeys_contact_idx" ON "buyer_passkeys" USING btree ("contact");--> statement-breakpoint
ALTER TABLE "buyer_sessions" ADD CONSTRAINT "buyer_sessions_with_ck" CHECK ("buyer_sessions"."signed_in_with" in ('email', 'whatsapp', 'sms', 'passkey'));