CREATE SEQUENCE "public"."payment_receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"provider_reference" text,
	"amount_kobo" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_staff_id" uuid,
	"reason" text,
	"corrects_entry_id" bigint,
	"flag" text,
	CONSTRAINT "ledger_entries_kind_ck" CHECK ("ledger_entries"."kind" in ('payment', 'refund', 'reversal', 'correction')),
	CONSTRAINT "ledger_entries_source_ck" CHECK ("ledger_entries"."source" in ('paystack', 'transfer_approved', 'staff')),
	CONSTRAINT "ledger_entries_flag_ck" CHECK ("ledger_entries"."flag" is null or "ledger_entries"."flag" in ('amount_differs')),
	CONSTRAINT "ledger_entries_sign_ck" CHECK (("ledger_entries"."kind" = 'payment' and "ledger_entries"."amount_kobo" > 0) or ("ledger_entries"."kind" in ('refund', 'reversal') and "ledger_entries"."amount_kobo" < 0) or ("ledger_entries"."kind" = 'correction' and "ledger_entries"."amount_kobo" <> 0)),
	CONSTRAINT "ledger_entries_corrects_ck" CHECK ("ledger_entries"."kind" not in ('reversal', 'correction') or "ledger_entries"."corrects_entry_id" is not null),
	CONSTRAINT "ledger_entries_reason_ck" CHECK ("ledger_entries"."kind" = 'payment' or "ledger_entries"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"bank_reference" text NOT NULL,
	"proof_note" text,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "payment_bank_transfers_amount_ck" CHECK ("payment_bank_transfers"."amount_kobo" > 0),
	CONSTRAINT "payment_bank_transfers_state_ck" CHECK ("payment_bank_transfers"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "payment_bank_transfers_two_people_ck" CHECK ("payment_bank_transfers"."decided_by" is null or "payment_bank_transfers"."decided_by" <> "payment_bank_transfers"."recorded_by"),
	CONSTRAINT "payment_bank_transfers_reason_ck" CHECK ("payment_bank_transfers"."state" <> 'rejected' or "payment_bank_transfers"."reject_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"authorization_url" text,
	"state" text DEFAULT 'initialized' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_amount_ck" CHECK ("payment_checkouts"."amount_kobo" > 0),
	CONSTRAINT "payment_checkouts_state_ck" CHECK ("payment_checkouts"."state" in ('initialized', 'credited', 'not_paid'))
);
--> statement-breakpoint
CREATE TABLE "payment_dedicated_accounts" (
	"claim_id" uuid PRIMARY KEY NOT NULL,
	"customer_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event" text NOT NULL,
	"reference" text,
	"customer_code" text,
	"amount_kobo" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"detail" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_events_outcome_ck" CHECK ("payment_events"."outcome" is null or "payment_events"."outcome" in ('credited', 'duplicate', 'verify_disagreed', 'unmatched', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"claim_id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid,
	"erased_buyer_name" text,
	"erased_buyer_email" text,
	"erased_buyer_phone" text,
	"buyer_erased_at" timestamp with time zone,
	"district" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"deposit_kobo" bigint NOT NULL,
	"months" integer NOT NULL,
	"starts_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_price_ck" CHECK ("payment_plans"."price_kobo" > 0 and "payment_plans"."deposit_kobo" between 0 and "payment_plans"."price_kobo"),
	CONSTRAINT "payment_plans_months_ck" CHECK ("payment_plans"."months" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "payment_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"check_code" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"claim_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sending_since" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"whatsapp_state" text DEFAULT 'queued' NOT NULL,
	CONSTRAINT "payment_receipts_state_ck" CHECK ("payment_receipts"."message_state" in ('queued', 'sending', 'sent', 'not_configured', 'interrupted', 'failed')),
	CONSTRAINT "payment_receipts_whatsapp_state_ck" CHECK ("payment_receipts"."whatsapp_state" in ('queued', 'sending', 'sent', 'not_configured', 'interrupted', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_by_staff_id_staff_users_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_corrects_entry_id_ledger_entries_id_fk" FOREIGN KEY ("corrects_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bank_transfers" ADD CONSTRAINT "payment_bank_transfers_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bank_transfers" ADD CONSTRAINT "payment_bank_transfers_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bank_transfers" ADD CONSTRAINT "payment_bank_transfers_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_dedicated_accounts" ADD CONSTRAINT "payment_dedicated_accounts_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_claim_id_plot_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."plot_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_provider_uq" ON "ledger_entries" USING btree ("source","provider_reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_claim_idx" ON "ledger_entries" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_at_idx" ON "ledger_entries" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_bank_transfers_reference_uq" ON "payment_bank_transfers" USING btree ("bank_reference") WHERE state <> 'rejected';--> statement-breakpoint
CREATE INDEX "payment_bank_transfers_state_idx" ON "payment_bank_transfers" USING btree ("state","recorded_at");--> statement-breakpoint
CREATE INDEX "payment_checkouts_claim_idx" ON "payment_checkouts" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_dedicated_accounts_customer_uq" ON "payment_dedicated_accounts" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "payment_events_reference_idx" ON "payment_events" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_events_outcome_idx" ON "payment_events" USING btree ("outcome","received_at");--> statement-breakpoint
CREATE INDEX "payment_plans_lead_idx" ON "payment_plans" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_number_uq" ON "payment_receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_entry_uq" ON "payment_receipts" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "payment_receipts_claim_idx" ON "payment_receipts" USING btree ("claim_id");--> statement-breakpoint
-- Written by hand (drizzle-kit does not make triggers): the ledger is append-only on both databases. Every UPDATE or
-- DELETE of an entry is refused; a mistake is put right by a new entry (docs/decisions/0414-the-money-core.md).
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused (put a mistake right with a correction entry)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
