CREATE TABLE "payment_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"corrects_entry_id" bigint,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"entry_id" bigint,
	CONSTRAINT "payment_adjustments_kind_ck" CHECK ("payment_adjustments"."kind" in ('refund', 'reversal', 'correction')),
	CONSTRAINT "payment_adjustments_state_ck" CHECK ("payment_adjustments"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "payment_adjustments_amount_ck" CHECK ("payment_adjustments"."amount_kobo" <> 0 and ("payment_adjustments"."kind" = 'correction' or "payment_adjustments"."amount_kobo" < 0)),
	CONSTRAINT "payment_adjustments_two_people_ck" CHECK ("payment_adjustments"."decided_by" is null or "payment_adjustments"."decided_by" <> "payment_adjustments"."requested_by"),
	CONSTRAINT "payment_adjustments_reason_ck" CHECK ("payment_adjustments"."state" <> 'rejected' or "payment_adjustments"."reject_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_corrects_entry_id_ledger_entries_id_fk" FOREIGN KEY ("corrects_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_requested_by_staff_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_adjustments_claim_idx" ON "payment_adjustments" USING btree ("claim_id","requested_at");--> statement-breakpoint
CREATE INDEX "payment_adjustments_state_idx" ON "payment_adjustments" USING btree ("state");