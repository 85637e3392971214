CREATE SEQUENCE "public"."document_letter_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "document_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"storage_key" text NOT NULL,
	"media_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_files_media_type_ck" CHECK ("document_files"."media_type" in ('application/pdf', 'image/jpeg', 'image/png'))
);
--> statement-breakpoint
CREATE TABLE "document_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"by_staff_id" uuid,
	"by_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_history_action_ck" CHECK ("document_history"."action" in ('done', 'undone', 'late_reason', 'file', 'letter_issued'))
);
--> statement-breakpoint
CREATE TABLE "document_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"check_code" text NOT NULL,
	"facts" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_letters_kind_ck" CHECK ("document_letters"."kind" in ('contract_of_sale', 'allocation_letter'))
);
--> statement-breakpoint
CREATE TABLE "document_stages" (
	"claim_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"done_on" date,
	"late_reason" text,
	"file_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_stages_claim_id_stage_pk" PRIMARY KEY("claim_id","stage"),
	CONSTRAINT "document_stages_stage_ck" CHECK ("document_stages"."stage" in ('contract_of_sale', 'allocation_letter', 'survey_plan', 'deed_of_assignment', 'consent', 'physical_allocation'))
);
--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_history" ADD CONSTRAINT "document_history_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_history" ADD CONSTRAINT "document_history_by_staff_id_staff_users_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_letters" ADD CONSTRAINT "document_letters_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_stages" ADD CONSTRAINT "document_stages_claim_id_payment_plans_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_plans"("claim_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_stages" ADD CONSTRAINT "document_stages_file_id_document_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."document_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_stages" ADD CONSTRAINT "document_stages_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_files_claim_idx" ON "document_files" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_files_storage_key_uq" ON "document_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "document_history_claim_idx" ON "document_history" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_letters_number_uq" ON "document_letters" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "document_letters_claim_kind_uq" ON "document_letters" USING btree ("claim_id","kind");--> statement-breakpoint
-- Written by hand (drizzle-kit does not make triggers): a buyer's documents' history is append-only on both databases
-- (docs/decisions/0419-documents-and-checks.md): every UPDATE, DELETE or TRUNCATE of it is refused.
CREATE FUNCTION "document_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'document_history is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "document_history_append_only" BEFORE UPDATE OR DELETE ON "document_history"
  FOR EACH ROW EXECUTE FUNCTION "document_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "document_history_no_truncate" BEFORE TRUNCATE ON "document_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "document_history_append_only"();
