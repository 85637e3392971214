-- expand: a chat a buyer starts on WhatsApp becomes a lead (docs/decisions/0399), with no title or e-mail, and a
-- district only when its link named one. The running release only ever writes form leads, which the new check holds
-- to all three; its readers meet a lead without them only once the new release takes such chats (decision 0110).
ALTER TABLE "interest_submissions" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ALTER COLUMN "district" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "origin" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD CONSTRAINT "interest_submissions_origin_ck" CHECK ("interest_submissions"."origin" in ('form', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD CONSTRAINT "interest_submissions_form_details_ck" CHECK ("interest_submissions"."origin" <> 'form' or ("interest_submissions"."title" is not null and "interest_submissions"."email" is not null and "interest_submissions"."district" is not null));