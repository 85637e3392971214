CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interest_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_raw" text NOT NULL,
	"phone_e164" text,
	"district" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"referrer" text,
	"landing_path" text,
	"idempotency_key" text,
	"status" text DEFAULT 'new' NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"spam_reason" text,
	"fill_ms" integer,
	"client_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_submissions_status_ck" CHECK ("interest_submissions"."status" in ('new', 'contacted', 'qualified', 'won', 'lost', 'spam'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"client_hash" text
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_status_ck" CHECK ("outbox"."status" in ('pending', 'delivered', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"client_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_bucket_client_hash_window_start_pk" PRIMARY KEY("bucket","client_hash","window_start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "interest_submissions_idempotency_key_uq" ON "interest_submissions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "interest_submissions_created_at_idx" ON "interest_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "interest_submissions_email_idx" ON "interest_submissions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "interest_submissions_status_idx" ON "interest_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_uq" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_uq" ON "newsletter_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","available_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_kind_aggregate_uq" ON "outbox" USING btree ("kind","aggregate_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");