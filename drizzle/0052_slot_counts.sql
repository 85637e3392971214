CREATE TABLE "inspection_slot_counts" (
	"slot_id" uuid PRIMARY KEY NOT NULL,
	"seats_taken" integer NOT NULL,
	"walk_ins" integer NOT NULL,
	"came" integer NOT NULL,
	"no_show" integer NOT NULL,
	"unmarked" integer NOT NULL
);
--> statement-breakpoint
-- By hand from here (docs/decisions/0447-inspections-by-the-slot.md). Every booking counted once, before the trigger
-- exists: the same sums the dashboard made from the bookings on every view. The bookings are locked against writes
-- first (the lock CREATE TRIGGER takes anyway): a booking made by the release still serving, between the sums and the
-- trigger, would otherwise be counted by neither.
LOCK TABLE "inspection_bookings" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "inspection_slot_counts" ("slot_id", "seats_taken", "walk_ins", "came", "no_show", "unmarked")
  SELECT "slot_id",
    coalesce(sum("party_size") FILTER (WHERE "state" = 'confirmed'), 0)::integer,
    coalesce(sum("party_size") FILTER (WHERE "state" = 'confirmed' AND "lead_id" IS NULL), 0)::integer,
    (count(*) FILTER (WHERE "lead_id" IS NOT NULL AND "attendance" = 'came'))::integer,
    (count(*) FILTER (WHERE "lead_id" IS NOT NULL AND "attendance" = 'no_show'))::integer,
    (count(*) FILTER (WHERE "lead_id" IS NOT NULL AND "state" = 'confirmed' AND "attendance" IS NULL))::integer
  FROM "inspection_bookings" GROUP BY "slot_id";--> statement-breakpoint
-- What one booking adds to its slot's row (sign 1) or takes from it (sign -1).
CREATE FUNCTION "inspection_slot_counts_add"(b "inspection_bookings", sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "inspection_slot_counts" AS c ("slot_id", "seats_taken", "walk_ins", "came", "no_show", "unmarked")
  VALUES (b."slot_id",
    sign * CASE WHEN b."state" = 'confirmed' THEN b."party_size" ELSE 0 END,
    sign * CASE WHEN b."state" = 'confirmed' AND b."lead_id" IS NULL THEN b."party_size" ELSE 0 END,
    sign * CASE WHEN b."lead_id" IS NOT NULL AND b."attendance" = 'came' THEN 1 ELSE 0 END,
    sign * CASE WHEN b."lead_id" IS NOT NULL AND b."attendance" = 'no_show' THEN 1 ELSE 0 END,
    sign * CASE WHEN b."lead_id" IS NOT NULL AND b."state" = 'confirmed' AND b."attendance" IS NULL THEN 1 ELSE 0 END)
  ON CONFLICT ("slot_id") DO UPDATE SET "seats_taken" = c."seats_taken" + excluded."seats_taken",
    "walk_ins" = c."walk_ins" + excluded."walk_ins", "came" = c."came" + excluded."came",
    "no_show" = c."no_show" + excluded."no_show", "unmarked" = c."unmarked" + excluded."unmarked"
$$;--> statement-breakpoint
-- A booking moved to another slot leaves its row and joins the other in slot order, as lead_staff_counts_move (0048):
-- two moves between the same two slots in opposite directions take their locks in the same order.
CREATE FUNCTION "inspection_slot_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "inspection_slot_counts_add"(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "inspection_slot_counts_add"(OLD, -1);
  ELSIF OLD."slot_id" <= NEW."slot_id" THEN
    PERFORM "inspection_slot_counts_add"(OLD, -1);
    PERFORM "inspection_slot_counts_add"(NEW, 1);
  ELSE
    PERFORM "inspection_slot_counts_add"(NEW, 1);
    PERFORM "inspection_slot_counts_add"(OLD, -1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inspection_bookings_slot_counts" AFTER INSERT OR DELETE OR UPDATE OF "slot_id", "lead_id", "party_size", "state", "attendance"
  ON "inspection_bookings" FOR EACH ROW EXECUTE FUNCTION "inspection_slot_counts_move"();--> statement-breakpoint
CREATE FUNCTION "inspection_slot_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "inspection_slot_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inspection_bookings_slot_counts_truncated" AFTER TRUNCATE ON "inspection_bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "inspection_slot_counts_truncate"();
