ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_subject_ck";--> statement-breakpoint
ALTER TABLE "payment_plans" DROP CONSTRAINT "payment_plans_lead_id_interest_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "erased_buyer_name" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "erased_buyer_email" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "erased_buyer_phone" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "buyer_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_subject_ck" CHECK ("outbox_messages"."subject_type" in ('lead', 'booking', 'slot', 'plot_claim', 'receipt', 'owner', 'agent', 'subscriber', 'erased_lead'));