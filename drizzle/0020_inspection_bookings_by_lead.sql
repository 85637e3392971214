-- expand: a lead may have a booking still to come and any number past, so its bookings are indexed by lead, not unique
-- (the booking service keeps one to come per lead under the lead's row lock, docs/decisions/0391); lands with 0018.
DROP INDEX "inspection_bookings_lead_active_uq";--> statement-breakpoint
CREATE INDEX "inspection_bookings_lead_idx" ON "inspection_bookings" USING btree ("lead_id");