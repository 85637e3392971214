CREATE TABLE "payment_recheck_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"claim_id" uuid,
	"ours_kobo" bigint,
	"paystack_kobo" bigint,
	"detail" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_recheck_findings_kind_ck" CHECK ("payment_recheck_findings"."kind" in ('amount_differs', 'now_failed', 'long_pending', 'verify_disagrees'))
);
--> statement-breakpoint
ALTER TABLE "lead_messages" DROP CONSTRAINT "lead_messages_kind_ck";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_subject_ck";--> statement-breakpoint
ALTER TABLE "payment_recheck_findings" ADD CONSTRAINT "payment_recheck_findings_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_recheck_findings_uq" ON "payment_recheck_findings" USING btree ("reference","kind");--> statement-breakpoint
CREATE INDEX "payment_recheck_findings_found_idx" ON "payment_recheck_findings" USING btree ("found_at");--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_kind_ck" CHECK ("lead_messages"."kind" in ('first_reply', 'template', 'text', 'opt_out_ack', 'reminder', 'payment_receipt', 'payment_reminder'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_subject_ck" CHECK ("outbox_messages"."subject_type" in ('lead', 'booking', 'slot', 'plot_claim', 'receipt', 'owner', 'agent', 'subscriber', 'erased_lead', 'instalment'));