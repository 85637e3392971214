CREATE TABLE "plot_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"layout" jsonb NOT NULL,
	"withdraw_missing" boolean DEFAULT false NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"changes" integer
);
--> statement-breakpoint
ALTER TABLE "plot_imports" ADD CONSTRAINT "plot_imports_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plot_imports_created_idx" ON "plot_imports" USING btree ("created_at");