CREATE TABLE "lead_contact_week_versions" (
	"week" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_contact_weeks" (
	"working_time" text NOT NULL,
	"week" integer NOT NULL,
	"version" integer NOT NULL,
	"district" text NOT NULL,
	"agent" text NOT NULL,
	"received" integer NOT NULL,
	"messaged" integer NOT NULL,
	"first_message_seconds" double precision,
	"contacted" integer NOT NULL,
	"within_target" integer NOT NULL,
	"median_minutes" double precision,
	"p90_minutes" double precision,
	"minutes" integer[],
	"leads" integer[],
	CONSTRAINT "lead_contact_weeks_working_time_week_district_agent_pk" PRIMARY KEY("working_time","week","district","agent")
);
--> statement-breakpoint
-- By hand from here (docs/decisions/0433-first-contact-by-the-week.md). The Lagos week (its Monday, in days since
-- 1970-01-01) of an instant, as src/lib/working-time.ts counts it: Lagos is UTC+1 all year, 1970-01-01 a Thursday.
CREATE FUNCTION "lagos_week_of"(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT d - (d + 3) % 7 FROM (SELECT floor((date_part('epoch', at) + 3600) / 86400)::integer AS d) AS day
$$;--> statement-breakpoint
CREATE FUNCTION "lead_contact_week_changed"(changed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_contact_week_versions" AS v ("week", "version") VALUES (changed, 1)
  ON CONFLICT ("week") DO UPDATE SET "version" = v."version" + 1
$$;--> statement-breakpoint
-- A change to a lead of an ended week bumps that week's version, so its kept figures are worked out again; the
-- current week is never kept, so a buyer's new lead writes nothing here. Two weeks (a lead's arrival moved) in order.
-- Row by row for a change (only the columns the figures read); arrivals and deletions per statement, below.
CREATE FUNCTION "lead_contact_weeks_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_week integer := "lagos_week_of"(now());
  was integer := "lagos_week_of"(OLD."created_at");
  is_now integer := "lagos_week_of"(NEW."created_at");
BEGIN
  IF was >= current_week THEN was := NULL; END IF;
  IF is_now >= current_week OR is_now = was THEN is_now := NULL; END IF;
  IF was IS NOT NULL AND (is_now IS NULL OR was < is_now) THEN
    PERFORM "lead_contact_week_changed"(was);
    IF is_now IS NOT NULL THEN PERFORM "lead_contact_week_changed"(is_now); END IF;
  ELSIF is_now IS NOT NULL THEN
    PERFORM "lead_contact_week_changed"(is_now);
    IF was IS NOT NULL THEN PERFORM "lead_contact_week_changed"(was); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Arrivals and deletions once per statement, each ended week they touch once: a bulk insert of old leads (the scale
-- seeder) or an erasure of many writes a version per week, not per lead.
CREATE FUNCTION "lead_contact_weeks_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_week integer := "lagos_week_of"(now());
  changed record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN SELECT DISTINCT "lagos_week_of"("created_at") AS week FROM added_leads ORDER BY 1 LOOP
      IF changed.week < current_week THEN PERFORM "lead_contact_week_changed"(changed.week); END IF;
    END LOOP;
  ELSE
    FOR changed IN SELECT DISTINCT "lagos_week_of"("created_at") AS week FROM removed_leads ORDER BY 1 LOOP
      IF changed.week < current_week THEN PERFORM "lead_contact_week_changed"(changed.week); END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_contact_weeks" AFTER INSERT ON "interest_submissions"
  REFERENCING NEW TABLE AS added_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_contact_weeks_added_or_removed"();--> statement-breakpoint
CREATE TRIGGER "interest_submissions_contact_weeks_removed" AFTER DELETE ON "interest_submissions"
  REFERENCING OLD TABLE AS removed_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_contact_weeks_added_or_removed"();--> statement-breakpoint
CREATE TRIGGER "interest_submissions_contact_weeks_moved" AFTER UPDATE ON "interest_submissions" FOR EACH ROW
  WHEN ((OLD."created_at", OLD."first_contacted_at", OLD."first_message_at", OLD."assigned_to", OLD."district", OLD."spam",
    OLD."status" = 'spam') IS DISTINCT FROM (NEW."created_at", NEW."first_contacted_at", NEW."first_message_at",
    NEW."assigned_to", NEW."district", NEW."spam", NEW."status" = 'spam'))
  EXECUTE FUNCTION "lead_contact_weeks_move"();--> statement-breakpoint
CREATE FUNCTION "lead_contact_weeks_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_contact_weeks";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_contact_weeks_truncated" AFTER TRUNCATE ON "interest_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_contact_weeks_truncate"();
