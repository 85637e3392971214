CREATE TABLE "lead_day_counts" (
	"day" integer NOT NULL,
	"district" text NOT NULL,
	"status" text NOT NULL,
	"contacted" boolean NOT NULL,
	"qualified" boolean NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_day_counts_day_district_status_contacted_qualified_pk" PRIMARY KEY("day","district","status","contacted","qualified")
);
--> statement-breakpoint
CREATE TABLE "lead_source_counts" (
	"day" integer NOT NULL,
	"district" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"landing_path" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_source_counts_day_district_kind_label_landing_path_pk" PRIMARY KEY("day","district","kind","label","landing_path")
);
--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "ever_qualified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- By hand from here (docs/decisions/0421-dashboard-from-summaries.md). Ever qualified, from the status and the history.
UPDATE "interest_submissions" l SET "ever_qualified" = true
  WHERE l."status" IN ('qualified', 'won')
     OR EXISTS (SELECT 1 FROM "lead_activity" a
                 WHERE a."lead_id" = l."id" AND a."action" = 'status_changed' AND a."detail" ->> 'to' IN ('qualified', 'won'));--> statement-breakpoint
-- A lead's row in each summary. The day is the Lagos day (UTC+1 all year); the source as the dashboard names it.
CREATE TYPE "lead_day_key" AS ("day" integer, "district" text, "status" text, "contacted" boolean, "qualified" boolean);--> statement-breakpoint
CREATE TYPE "lead_source_key" AS ("day" integer, "district" text, "kind" text, "label" text, "landing_path" text);--> statement-breakpoint
CREATE FUNCTION "lead_day_key_of"(l "interest_submissions") RETURNS "lead_day_key" LANGUAGE sql STABLE AS $$
  SELECT ROW(floor((extract(epoch FROM l."created_at") + 3600) / 86400)::integer, coalesce(l."district", ''), l."status",
             l."first_contacted_at" IS NOT NULL, l."ever_qualified")::"lead_day_key"
$$;--> statement-breakpoint
CREATE FUNCTION "lead_source_key_of"(l "interest_submissions") RETURNS "lead_source_key" LANGUAGE sql STABLE AS $$
  SELECT ROW(floor((extract(epoch FROM l."created_at") + 3600) / 86400)::integer, coalesce(l."district", ''),
    CASE WHEN nullif(btrim(l."utm_source"), '') IS NOT NULL THEN 'campaign'
         WHEN l."referrer" ~* '^[a-z][a-z0-9+.-]*://[^/?#:@]+' THEN 'referrer' ELSE 'direct' END,
    coalesce(CASE WHEN nullif(btrim(l."utm_source"), '') IS NOT NULL
                  THEN lower(btrim(l."utm_source")) || coalesce(' / ' || lower(nullif(btrim(l."utm_medium"), '')), '')
                  ELSE regexp_replace(lower(substring(l."referrer" FROM '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@]+)')), '^www\.', '') END, ''),
    coalesce(split_part(split_part(l."landing_path", '#', 1), '?', 1), ''))::"lead_source_key"
$$;--> statement-breakpoint
-- Existing installs: every lead counted once, before the triggers exist.
INSERT INTO "lead_day_counts" ("day", "district", "status", "contacted", "qualified", "leads")
  SELECT (k)."day", (k)."district", (k)."status", (k)."contacted", (k)."qualified", count(*)::integer
    FROM (SELECT "lead_day_key_of"(l) AS k FROM "interest_submissions" l WHERE NOT l."spam" AND l."status" <> 'spam') s
   GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "lead_source_counts" ("day", "district", "kind", "label", "landing_path", "leads")
  SELECT (k)."day", (k)."district", (k)."kind", (k)."label", (k)."landing_path", count(*)::integer
    FROM (SELECT "lead_source_key_of"(l) AS k FROM "interest_submissions" l WHERE NOT l."spam" AND l."status" <> 'spam') s
   GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE FUNCTION "lead_day_counts_add"(k "lead_day_key", delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_day_counts" AS c ("day", "district", "status", "contacted", "qualified", "leads")
  VALUES ((k)."day", (k)."district", (k)."status", (k)."contacted", (k)."qualified", delta)
  ON CONFLICT ("day", "district", "status", "contacted", "qualified") DO UPDATE SET "leads" = c."leads" + excluded."leads"
$$;--> statement-breakpoint
CREATE FUNCTION "lead_source_counts_add"(k "lead_source_key", delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_source_counts" AS c ("day", "district", "kind", "label", "landing_path", "leads")
  VALUES ((k)."day", (k)."district", (k)."kind", (k)."label", (k)."landing_path", delta)
  ON CONFLICT ("day", "district", "kind", "label", "landing_path") DO UPDATE SET "leads" = c."leads" + excluded."leads"
$$;--> statement-breakpoint
-- A lead leaves its rows and joins its new ones, each table's rows in key order: two transactions moving leads between
-- the same two rows in opposite directions then take their locks in the same order and never deadlock.
CREATE FUNCTION "lead_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND NOT OLD."spam" AND OLD."status" <> 'spam';
  now_in boolean := TG_OP <> 'DELETE' AND NOT NEW."spam" AND NEW."status" <> 'spam';
  od "lead_day_key"; nd "lead_day_key"; os "lead_source_key"; ns "lead_source_key";
BEGIN
  IF was THEN od := "lead_day_key_of"(OLD); os := "lead_source_key_of"(OLD); END IF;
  IF now_in THEN nd := "lead_day_key_of"(NEW); ns := "lead_source_key_of"(NEW); END IF;
  IF od IS DISTINCT FROM nd THEN
    IF was AND (NOT now_in OR od < nd) THEN
      PERFORM "lead_day_counts_add"(od, -1);
      IF now_in THEN PERFORM "lead_day_counts_add"(nd, 1); END IF;
    ELSE
      PERFORM "lead_day_counts_add"(nd, 1);
      IF was THEN PERFORM "lead_day_counts_add"(od, -1); END IF;
    END IF;
  END IF;
  IF os IS DISTINCT FROM ns THEN
    IF was AND (NOT now_in OR os < ns) THEN
      PERFORM "lead_source_counts_add"(os, -1);
      IF now_in THEN PERFORM "lead_source_counts_add"(ns, 1); END IF;
    ELSE
      PERFORM "lead_source_counts_add"(ns, 1);
      IF was THEN PERFORM "lead_source_counts_add"(os, -1); END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_counts" AFTER INSERT OR DELETE ON "interest_submissions"
  FOR EACH ROW EXECUTE FUNCTION "lead_counts_move"();--> statement-breakpoint
CREATE TRIGGER "interest_submissions_counts_moved" AFTER UPDATE ON "interest_submissions" FOR EACH ROW
  WHEN ((OLD."status", OLD."spam", OLD."district", OLD."first_contacted_at" IS NULL, OLD."ever_qualified", OLD."created_at",
         OLD."utm_source", OLD."utm_medium", OLD."referrer", OLD."landing_path")
        IS DISTINCT FROM
        (NEW."status", NEW."spam", NEW."district", NEW."first_contacted_at" IS NULL, NEW."ever_qualified", NEW."created_at",
         NEW."utm_source", NEW."utm_medium", NEW."referrer", NEW."landing_path"))
  EXECUTE FUNCTION "lead_counts_move"();--> statement-breakpoint
CREATE FUNCTION "lead_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_day_counts";
  DELETE FROM "lead_source_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_counts_truncated" AFTER TRUNCATE ON "interest_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_truncate"();--> statement-breakpoint
-- Ever qualified stays so: from the status a lead takes, and from a history entry that says it was.
CREATE FUNCTION "lead_ever_qualified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ever_qualified" := NEW."ever_qualified" OR NEW."status" IN ('qualified', 'won')
    OR (TG_OP = 'UPDATE' AND OLD."ever_qualified");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_ever_qualified" BEFORE INSERT OR UPDATE OF "status", "ever_qualified" ON "interest_submissions"
  FOR EACH ROW EXECUTE FUNCTION "lead_ever_qualified"();--> statement-breakpoint
CREATE FUNCTION "lead_activity_qualifies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "interest_submissions" SET "ever_qualified" = true WHERE "id" = NEW."lead_id" AND NOT "ever_qualified";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_activity_ever_qualified" AFTER INSERT ON "lead_activity" FOR EACH ROW
  WHEN (NEW."action" = 'status_changed' AND NEW."detail" ->> 'to' IN ('qualified', 'won'))
  EXECUTE FUNCTION "lead_activity_qualifies"();
