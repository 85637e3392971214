CREATE TABLE "lead_conversion_month_counts" (
	"month" integer NOT NULL,
	"district" text NOT NULL,
	"landing_path" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"referrer" text NOT NULL,
	"booked" boolean NOT NULL,
	"attended" boolean NOT NULL,
	"won" boolean NOT NULL,
	"whatsapp" boolean NOT NULL,
	"plots_held" boolean NOT NULL,
	"plots_reserved" boolean NOT NULL,
	"leads" integer NOT NULL,
	"reserved_kobo" bigint NOT NULL,
	CONSTRAINT "lead_conversion_month_counts_pk" PRIMARY KEY("month","district","landing_path","utm_source","utm_medium","utm_campaign","referrer","booked","attended","won","whatsapp","plots_held","plots_reserved")
);
--> statement-breakpoint
CREATE TABLE "lead_month_counts" (
	"month" integer NOT NULL,
	"district" text NOT NULL,
	"status" text NOT NULL,
	"contacted" boolean NOT NULL,
	"qualified" boolean NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_month_counts_month_district_status_contacted_qualified_pk" PRIMARY KEY("month","district","status","contacted","qualified")
);
--> statement-breakpoint
CREATE TABLE "lead_source_month_counts" (
	"month" integer NOT NULL,
	"district" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"landing_path" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_source_month_counts_month_district_kind_label_landing_path_pk" PRIMARY KEY("month","district","kind","label","landing_path")
);
--> statement-breakpoint
-- The month summaries (docs/decisions/0445-summaries-by-the-month.md): each day row's change is added to its month's
-- row by the same function, in the same statement order (day, then month), so a month always equals its days and two
-- transactions still take their locks in one order. A month is its first Lagos day, as days since 1970-01-01.
CREATE FUNCTION "lagos_month_of"(day integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT day - extract(day FROM date '1970-01-01' + day)::integer + 1
$$;--> statement-breakpoint
INSERT INTO "lead_month_counts" ("month", "district", "status", "contacted", "qualified", "leads")
  SELECT "lagos_month_of"("day"), "district", "status", "contacted", "qualified", sum("leads")::integer
    FROM "lead_day_counts" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "lead_source_month_counts" ("month", "district", "kind", "label", "landing_path", "leads")
  SELECT "lagos_month_of"("day"), "district", "kind", "label", "landing_path", sum("leads")::integer
    FROM "lead_source_counts" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "lead_conversion_month_counts"
  SELECT "lagos_month_of"("day"), "district", "landing_path", "utm_source", "utm_medium", "utm_campaign", "referrer",
         "booked", "attended", "won", "whatsapp", "plots_held", "plots_reserved", sum("leads")::integer, sum("reserved_kobo")::bigint
    FROM "lead_conversion_counts" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_day_counts_add"(k "lead_day_key", delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_day_counts" AS c ("day", "district", "status", "contacted", "qualified", "leads")
  VALUES ((k)."day", (k)."district", (k)."status", (k)."contacted", (k)."qualified", delta)
  ON CONFLICT ("day", "district", "status", "contacted", "qualified") DO UPDATE SET "leads" = c."leads" + excluded."leads";
  INSERT INTO "lead_month_counts" AS c ("month", "district", "status", "contacted", "qualified", "leads")
  VALUES ("lagos_month_of"((k)."day"), (k)."district", (k)."status", (k)."contacted", (k)."qualified", delta)
  ON CONFLICT ("month", "district", "status", "contacted", "qualified") DO UPDATE SET "leads" = c."leads" + excluded."leads";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_source_counts_add"(k "lead_source_key", delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_source_counts" AS c ("day", "district", "kind", "label", "landing_path", "leads")
  VALUES ((k)."day", (k)."district", (k)."kind", (k)."label", (k)."landing_path", delta)
  ON CONFLICT ("day", "district", "kind", "label", "landing_path") DO UPDATE SET "leads" = c."leads" + excluded."leads";
  INSERT INTO "lead_source_month_counts" AS c ("month", "district", "kind", "label", "landing_path", "leads")
  VALUES ("lagos_month_of"((k)."day"), (k)."district", (k)."kind", (k)."label", (k)."landing_path", delta)
  ON CONFLICT ("month", "district", "kind", "label", "landing_path") DO UPDATE SET "leads" = c."leads" + excluded."leads";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_conversion_counts_add"(k "lead_conversion_key", delta integer, kobo bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_conversion_counts" AS c
  VALUES ((k)."day", (k)."district", (k)."landing_path", (k)."utm_source", (k)."utm_medium", (k)."utm_campaign", (k)."referrer",
          (k)."booked", (k)."attended", (k)."won", (k)."whatsapp", (k)."plots_held", (k)."plots_reserved", delta, delta * kobo)
  ON CONFLICT ON CONSTRAINT "lead_conversion_counts_pk"
    DO UPDATE SET "leads" = c."leads" + excluded."leads", "reserved_kobo" = c."reserved_kobo" + excluded."reserved_kobo";
  INSERT INTO "lead_conversion_month_counts" AS c
  VALUES ("lagos_month_of"((k)."day"), (k)."district", (k)."landing_path", (k)."utm_source", (k)."utm_medium", (k)."utm_campaign",
          (k)."referrer", (k)."booked", (k)."attended", (k)."won", (k)."whatsapp", (k)."plots_held", (k)."plots_reserved", delta, delta * kobo)
  ON CONFLICT ON CONSTRAINT "lead_conversion_month_counts_pk"
    DO UPDATE SET "leads" = c."leads" + excluded."leads", "reserved_kobo" = c."reserved_kobo" + excluded."reserved_kobo";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_day_counts";
  DELETE FROM "lead_source_counts";
  DELETE FROM "lead_month_counts";
  DELETE FROM "lead_source_month_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_conversion_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_conversion_counts";
  DELETE FROM "lead_conversion_month_counts";
  RETURN NULL;
END
$$;
