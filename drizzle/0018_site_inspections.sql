-- expand: three new tables (site inspections, docs/decisions/0391) and two more lead stages in the status check; the previous
-- release never reads the tables and never sets the new stages (a lead at one shows its stage's name as stored).
CREATE TABLE "inspection_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"lead_id" uuid,
	"party_size" integer NOT NULL,
	"state" text DEFAULT 'confirmed' NOT NULL,
	"attendance" text,
	"walk_in_name" text,
	"walk_in_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "inspection_bookings_party_ck" CHECK ("inspection_bookings"."party_size" between 1 and 50),
	CONSTRAINT "inspection_bookings_state_ck" CHECK ("inspection_bookings"."state" in ('confirmed', 'waiting', 'cancelled')),
	CONSTRAINT "inspection_bookings_attendance_ck" CHECK ("inspection_bookings"."attendance" is null or "inspection_bookings"."attendance" in ('came', 'no_show')),
	CONSTRAINT "inspection_bookings_who_ck" CHECK ("inspection_bookings"."lead_id" is not null or "inspection_bookings"."walk_in_name" is not null)
);
--> statement-breakpoint
CREATE TABLE "inspection_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"kind" text NOT NULL,
	"seats" integer NOT NULL,
	"meeting_point" text,
	"map_url" text,
	"video_url" text,
	"agent_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_schedules_weekday_ck" CHECK ("inspection_schedules"."weekday" between 0 and 6),
	CONSTRAINT "inspection_schedules_seats_ck" CHECK ("inspection_schedules"."seats" between 1 and 500),
	CONSTRAINT "inspection_schedules_kind_ck" CHECK ("inspection_schedules"."kind" in ('on_site', 'video'))
);
--> statement-breakpoint
CREATE TABLE "inspection_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid,
	"district" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"seats" integer NOT NULL,
	"meeting_point" text,
	"map_url" text,
	"video_url" text,
	"agent_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_slots_seats_ck" CHECK ("inspection_slots"."seats" between 1 and 500),
	CONSTRAINT "inspection_slots_kind_ck" CHECK ("inspection_slots"."kind" in ('on_site', 'video'))
);
--> statement-breakpoint
ALTER TABLE "interest_submissions" DROP CONSTRAINT "interest_submissions_status_ck";--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_slot_id_inspection_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."inspection_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_lead_id_interest_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."interest_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_schedules" ADD CONSTRAINT "inspection_schedules_agent_id_staff_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_slots" ADD CONSTRAINT "inspection_slots_schedule_id_inspection_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."inspection_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_slots" ADD CONSTRAINT "inspection_slots_agent_id_staff_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_bookings_slot_idx" ON "inspection_bookings" USING btree ("slot_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_bookings_lead_active_uq" ON "inspection_bookings" USING btree ("lead_id") WHERE state <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_slots_schedule_time_uq" ON "inspection_slots" USING btree ("schedule_id","starts_at");--> statement-breakpoint
CREATE INDEX "inspection_slots_district_time_idx" ON "inspection_slots" USING btree ("district","starts_at");--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD CONSTRAINT "interest_submissions_status_ck" CHECK ("interest_submissions"."status" in ('new', 'contacted', 'qualified', 'inspection_booked', 'inspected', 'won', 'lost', 'spam'));