CREATE TABLE "plot_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plot_id" uuid NOT NULL,
	"lead_id" uuid,
	"stage" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"held_until" timestamp with time zone,
	"lead_status_before" text,
	"deposit_kobo" bigint,
	"payment_reference" text,
	"staff_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reserved_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"allocated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plot_claims_stage_ck" CHECK ("plot_claims"."stage" in ('held', 'reserved', 'sold', 'allocated')),
	CONSTRAINT "plot_claims_end_reason_ck" CHECK ("plot_claims"."end_reason" is null or "plot_claims"."end_reason" in ('lapsed', 'released')),
	CONSTRAINT "plot_claims_ended_ck" CHECK (("plot_claims"."ended_at" is null) = ("plot_claims"."end_reason" is null)),
	CONSTRAINT "plot_claims_held_until_ck" CHECK ("plot_claims"."stage" <> 'held' or "plot_claims"."held_until" is not null),
	CONSTRAINT "plot_claims_price_ck" CHECK ("plot_claims"."price_kobo" >= 0 and ("plot_claims"."deposit_kobo" is null or "plot_claims"."deposit_kobo" >= 0))
);
--> statement-breakpoint
CREATE TABLE "plot_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plot_id" uuid NOT NULL,
	"claim_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid,
	"lead_id" uuid,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	CONSTRAINT "plot_events_action_ck" CHECK ("plot_events"."action" in ('imported', 'edited', 'withdrawn', 'restored', 'held', 'extended', 'released', 'lapsed', 'reserved', 'sold', 'allocated'))
);
--> statement-breakpoint
CREATE TABLE "plots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district" text NOT NULL,
	"block" text NOT NULL,
	"label" text NOT NULL,
	"size_sqm" integer NOT NULL,
	"price_kobo" bigint NOT NULL,
	"corner" boolean DEFAULT false NOT NULL,
	"outline" jsonb,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plots_size_ck" CHECK ("plots"."size_sqm" > 0),
	CONSTRAINT "plots_price_ck" CHECK ("plots"."price_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "interest_submissions" DROP CONSTRAINT "interest_submissions_status_ck";--> statement-breakpoint
ALTER TABLE "plot_claims" ADD CONSTRAINT "plot_claims_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_claims" ADD CONSTRAINT "plot_claims_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_claims" ADD CONSTRAINT "plot_claims_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_events" ADD CONSTRAINT "plot_events_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_events" ADD CONSTRAINT "plot_events_claim_id_plot_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."plot_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_events" ADD CONSTRAINT "plot_events_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_events" ADD CONSTRAINT "plot_events_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plot_claims_active_uq" ON "plot_claims" USING btree ("plot_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "plot_claims_lead_idx" ON "plot_claims" USING btree ("lead_id","ended_at");--> statement-breakpoint
CREATE INDEX "plot_claims_held_until_idx" ON "plot_claims" USING btree ("held_until") WHERE ended_at is null and stage = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "plot_claims_payment_reference_uq" ON "plot_claims" USING btree ("payment_reference") WHERE payment_reference is not null;--> statement-breakpoint
CREATE INDEX "plot_events_plot_idx" ON "plot_events" USING btree ("plot_id","at");--> statement-breakpoint
CREATE INDEX "plot_events_claim_idx" ON "plot_events" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "plot_events_lead_idx" ON "plot_events" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plots_district_label_uq" ON "plots" USING btree ("district","label");--> statement-breakpoint
CREATE INDEX "plots_district_block_idx" ON "plots" USING btree ("district","block");--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD CONSTRAINT "interest_submissions_status_ck" CHECK ("interest_submissions"."status" in ('new', 'contacted', 'qualified', 'inspection_booked', 'inspected', 'plot_held', 'reserved', 'won', 'lost', 'spam'));