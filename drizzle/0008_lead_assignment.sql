CREATE TABLE "app_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "overdue_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "takes_new_leads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_lead_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD CONSTRAINT "interest_submissions_assigned_to_staff_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interest_submissions_assigned_idx" ON "interest_submissions" USING btree ("assigned_to","created_at");