CREATE TABLE "lead_staff_counts" (
	"staff_id" uuid NOT NULL,
	"status" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_staff_counts_staff_id_status_pk" PRIMARY KEY("staff_id","status")
);
--> statement-breakpoint
-- By hand from here (docs/decisions/0432-the-team-panel-from-a-summary.md). Every held lead counted once, before the
-- trigger exists.
INSERT INTO "lead_staff_counts" ("staff_id", "status", "leads")
  SELECT "assigned_to", "status", count(*)::integer FROM "interest_submissions"
   WHERE "assigned_to" IS NOT NULL AND NOT "spam" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "lead_staff_counts_add"(staff uuid, lead_status text, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_staff_counts" AS c ("staff_id", "status", "leads") VALUES (staff, lead_status, delta)
  ON CONFLICT ("staff_id", "status") DO UPDATE SET "leads" = c."leads" + excluded."leads"
$$;--> statement-breakpoint
-- A lead leaves its row and joins its new one in key order, as lead_counts_move (0041): two transactions moving leads
-- between the same two rows in opposite directions take their locks in the same order and never deadlock.
CREATE FUNCTION "lead_staff_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD."assigned_to" IS NOT NULL AND NOT OLD."spam";
  now_in boolean := TG_OP <> 'DELETE' AND NEW."assigned_to" IS NOT NULL AND NOT NEW."spam";
BEGIN
  IF was AND now_in AND (OLD."assigned_to", OLD."status") = (NEW."assigned_to", NEW."status") THEN RETURN NULL; END IF;
  IF was AND (NOT now_in OR (OLD."assigned_to", OLD."status") < (NEW."assigned_to", NEW."status")) THEN
    PERFORM "lead_staff_counts_add"(OLD."assigned_to", OLD."status", -1);
    IF now_in THEN PERFORM "lead_staff_counts_add"(NEW."assigned_to", NEW."status", 1); END IF;
  ELSIF now_in THEN
    PERFORM "lead_staff_counts_add"(NEW."assigned_to", NEW."status", 1);
    IF was THEN PERFORM "lead_staff_counts_add"(OLD."assigned_to", OLD."status", -1); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_staff_counts" AFTER INSERT OR DELETE ON "interest_submissions"
  FOR EACH ROW EXECUTE FUNCTION "lead_staff_counts_move"();--> statement-breakpoint
CREATE TRIGGER "interest_submissions_staff_counts_moved" AFTER UPDATE ON "interest_submissions" FOR EACH ROW
  WHEN ((OLD."assigned_to", OLD."status", OLD."spam") IS DISTINCT FROM (NEW."assigned_to", NEW."status", NEW."spam"))
  EXECUTE FUNCTION "lead_staff_counts_move"();--> statement-breakpoint
CREATE FUNCTION "lead_staff_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_staff_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_staff_counts_truncated" AFTER TRUNCATE ON "interest_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_staff_counts_truncate"();
