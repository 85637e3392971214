CREATE TABLE "buyer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"contact" text NOT NULL,
	"signed_in_with" text NOT NULL,
	"device_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "buyer_sessions_with_ck" CHECK ("buyer_sessions"."signed_in_with" in ('email', 'whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "buyer_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "buyer_sign_ins_channel_ck" CHECK ("buyer_sign_ins"."channel" in ('email', 'whatsapp', 'sms')),
	CONSTRAINT "buyer_sign_ins_code_ck" CHECK (("buyer_sign_ins"."channel" = 'email') = ("buyer_sign_ins"."code_hash" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_sessions_token_uq" ON "buyer_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "buyer_sessions_contact_idx" ON "buyer_sessions" USING btree ("contact");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_sign_ins_token_uq" ON "buyer_sign_ins" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "buyer_sign_ins_expires_idx" ON "buyer_sign_ins" USING btree ("expires_at");