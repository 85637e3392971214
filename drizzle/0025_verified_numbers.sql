-- expand: whether a lead's number is the buyer's own (docs/decisions/0403). Null: typed into a form by whoever filled it
-- in, and not yet written from. The running release never reads or writes it.
ALTER TABLE "interest_submissions" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written data conversion: a lead that began as a buyer's chat has its number verified from its start; any other
-- lead that is neither spam nor held from the first message its buyer sent us from the number (WhatsApp or SMS). A
-- spam or held lead stays unverified, so the buyer's next messages go to a lead of their own (not to a stranger's).
UPDATE "interest_submissions" SET "phone_verified_at" = "created_at" WHERE "origin" = 'whatsapp';--> statement-breakpoint
UPDATE "interest_submissions" AS s SET "phone_verified_at" = m.first_in
FROM (SELECT "lead_id", min("created_at") AS first_in FROM "lead_messages" WHERE "direction" = 'in' GROUP BY "lead_id") AS m
WHERE m."lead_id" = s."id" AND s."spam" = false AND s."phone_verified_at" IS NULL;
