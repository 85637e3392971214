ALTER TABLE "inspection_bookings" ADD COLUMN "network_hash" text;--> statement-breakpoint
CREATE INDEX "inspection_bookings_network_idx" ON "inspection_bookings" USING btree ("network_hash");