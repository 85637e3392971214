CREATE TABLE "lead_conversion_counts" (
	"day" integer NOT NULL,
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
	CONSTRAINT "lead_conversion_counts_pk" PRIMARY KEY("day","district","landing_path","utm_source","utm_medium","utm_campaign","referrer","booked","attended","won","whatsapp","plots_held","plots_reserved")
);
--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "inspection_booked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "inspection_attended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "plots_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "plots_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_submissions" ADD COLUMN "plots_reserved_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- By hand from here (docs/decisions/0430-dashboard-conversion-from-summaries.md). A lead's inspections and plots, from
-- its bookings, its history and its plot claims: the one home of these rules.
--   booked: ever had a confirmed seat (a booking confirmed now, or one its history records as confirmed);
--   attended: a booking of it was marked came; plots held: any claim (every claim begins as a hold);
--   plots reserved and their value: claims reserved, sold or allocated and not ended, at the price each claim began with.
CREATE TYPE "lead_conversion_flags" AS ("booked" boolean, "attended" boolean, "plots_held" boolean, "plots_reserved" boolean, "reserved_kobo" bigint);--> statement-breakpoint
CREATE FUNCTION "lead_conversion_flags_of"(lead uuid) RETURNS "lead_conversion_flags" LANGUAGE sql STABLE AS $$
  SELECT ROW(
    EXISTS (SELECT 1 FROM "inspection_bookings" b WHERE b."lead_id" = lead AND b."state" = 'confirmed')
      OR EXISTS (SELECT 1 FROM "lead_activity" a WHERE a."lead_id" = lead
                   AND a."action" IN ('inspection_booked', 'inspection_moved') AND a."detail" ->> 'state' = 'confirmed'),
    EXISTS (SELECT 1 FROM "inspection_bookings" b WHERE b."lead_id" = lead AND b."attendance" = 'came'),
    p.held, coalesce(p.reserved, false), coalesce(p.kobo, 0))::"lead_conversion_flags"
  FROM (SELECT count(*) > 0 AS held, bool_or(c."reserved") AS reserved, sum(c."price_kobo") FILTER (WHERE c."reserved") AS kobo
          FROM (SELECT (c."reserved_at" IS NOT NULL OR c."sold_at" IS NOT NULL) AND c."ended_at" IS NULL AS reserved, c."price_kobo"
                  FROM "plot_claims" c WHERE c."lead_id" = lead) c) p
$$;--> statement-breakpoint
CREATE FUNCTION "lead_conversion_refresh"(lead uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE f "lead_conversion_flags";
BEGIN
  IF lead IS NULL THEN RETURN; END IF;
  f := "lead_conversion_flags_of"(lead);
  UPDATE "interest_submissions" SET "inspection_booked" = f."booked", "inspection_attended" = f."attended",
      "plots_held" = f."plots_held", "plots_reserved" = f."plots_reserved", "plots_reserved_kobo" = f."reserved_kobo"
    WHERE "id" = lead AND ("inspection_booked", "inspection_attended", "plots_held", "plots_reserved", "plots_reserved_kobo")
      IS DISTINCT FROM (f."booked", f."attended", f."plots_held", f."plots_reserved", f."reserved_kobo");
END
$$;--> statement-breakpoint
-- Existing installs: each lead with a booking, a confirmed seat in its history or a plot claim, once.
UPDATE "interest_submissions" l SET "inspection_booked" = (f)."booked", "inspection_attended" = (f)."attended",
    "plots_held" = (f)."plots_held", "plots_reserved" = (f)."plots_reserved", "plots_reserved_kobo" = (f)."reserved_kobo"
  FROM (SELECT ids.id, "lead_conversion_flags_of"(ids.id) AS f FROM (
          SELECT "lead_id" AS id FROM "inspection_bookings" WHERE "lead_id" IS NOT NULL
          UNION SELECT "lead_id" FROM "lead_activity"
                 WHERE "action" IN ('inspection_booked', 'inspection_moved') AND "detail" ->> 'state' = 'confirmed'
          UNION SELECT "lead_id" FROM "plot_claims" WHERE "lead_id" IS NOT NULL) ids) s
  WHERE l."id" = s.id;--> statement-breakpoint
-- A lead's row in the summary: the Lagos day (UTC+1 all year), its district and visit ('' for none: the conversion
-- table's visit rule, leadVisitKey, reads none and '' alike), how far it went.
CREATE TYPE "lead_conversion_key" AS ("day" integer, "district" text, "landing_path" text, "utm_source" text, "utm_medium" text,
  "utm_campaign" text, "referrer" text, "booked" boolean, "attended" boolean, "won" boolean, "whatsapp" boolean,
  "plots_held" boolean, "plots_reserved" boolean);--> statement-breakpoint
CREATE FUNCTION "lead_conversion_key_of"(l "interest_submissions") RETURNS "lead_conversion_key" LANGUAGE sql STABLE AS $$
  SELECT ROW(floor((extract(epoch FROM l."created_at") + 3600) / 86400)::integer, coalesce(l."district", ''),
    coalesce(split_part(split_part(l."landing_path", '#', 1), '?', 1), ''), coalesce(l."utm_source", ''),
    coalesce(l."utm_medium", ''), coalesce(l."utm_campaign", ''), coalesce(l."referrer", ''), l."inspection_booked",
    l."inspection_attended", l."status" = 'won', l."origin" = 'whatsapp', l."plots_held", l."plots_reserved")::"lead_conversion_key"
$$;--> statement-breakpoint
INSERT INTO "lead_conversion_counts"
  SELECT (k)."day", (k)."district", (k)."landing_path", (k)."utm_source", (k)."utm_medium", (k)."utm_campaign", (k)."referrer",
         (k)."booked", (k)."attended", (k)."won", (k)."whatsapp", (k)."plots_held", (k)."plots_reserved", count(*)::integer, sum(kobo)::bigint
    FROM (SELECT "lead_conversion_key_of"(l) AS k, l."plots_reserved_kobo" AS kobo FROM "interest_submissions" l
           WHERE NOT l."spam" AND l."status" <> 'spam') s
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;--> statement-breakpoint
CREATE FUNCTION "lead_conversion_counts_add"(k "lead_conversion_key", delta integer, kobo bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_conversion_counts" AS c
  VALUES ((k)."day", (k)."district", (k)."landing_path", (k)."utm_source", (k)."utm_medium", (k)."utm_campaign", (k)."referrer",
          (k)."booked", (k)."attended", (k)."won", (k)."whatsapp", (k)."plots_held", (k)."plots_reserved", delta, delta * kobo)
  ON CONFLICT ON CONSTRAINT "lead_conversion_counts_pk"
    DO UPDATE SET "leads" = c."leads" + excluded."leads", "reserved_kobo" = c."reserved_kobo" + excluded."reserved_kobo"
$$;--> statement-breakpoint
-- As lead_counts_move (0041): out of the old row and into the new one, the two rows in key order.
CREATE FUNCTION "lead_conversion_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND NOT OLD."spam" AND OLD."status" <> 'spam';
  now_in boolean := TG_OP <> 'DELETE' AND NOT NEW."spam" AND NEW."status" <> 'spam';
  ok "lead_conversion_key"; nk "lead_conversion_key";
BEGIN
  IF was THEN ok := "lead_conversion_key_of"(OLD); END IF;
  IF now_in THEN nk := "lead_conversion_key_of"(NEW); END IF;
  IF was AND now_in AND ok = nk AND OLD."plots_reserved_kobo" = NEW."plots_reserved_kobo" THEN RETURN NULL; END IF;
  IF was AND (NOT now_in OR ok <= nk) THEN
    PERFORM "lead_conversion_counts_add"(ok, -1, OLD."plots_reserved_kobo");
    IF now_in THEN PERFORM "lead_conversion_counts_add"(nk, 1, NEW."plots_reserved_kobo"); END IF;
  ELSIF now_in THEN
    PERFORM "lead_conversion_counts_add"(nk, 1, NEW."plots_reserved_kobo");
    IF was THEN PERFORM "lead_conversion_counts_add"(ok, -1, OLD."plots_reserved_kobo"); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_conversion" AFTER INSERT OR DELETE ON "interest_submissions"
  FOR EACH ROW EXECUTE FUNCTION "lead_conversion_move"();--> statement-breakpoint
CREATE TRIGGER "interest_submissions_conversion_moved" AFTER UPDATE ON "interest_submissions" FOR EACH ROW
  WHEN ((OLD."status", OLD."spam", OLD."district", OLD."created_at", OLD."origin", OLD."utm_source", OLD."utm_medium",
         OLD."utm_campaign", OLD."referrer", OLD."landing_path", OLD."inspection_booked", OLD."inspection_attended",
         OLD."plots_held", OLD."plots_reserved", OLD."plots_reserved_kobo")
        IS DISTINCT FROM
        (NEW."status", NEW."spam", NEW."district", NEW."created_at", NEW."origin", NEW."utm_source", NEW."utm_medium",
         NEW."utm_campaign", NEW."referrer", NEW."landing_path", NEW."inspection_booked", NEW."inspection_attended",
         NEW."plots_held", NEW."plots_reserved", NEW."plots_reserved_kobo"))
  EXECUTE FUNCTION "lead_conversion_move"();--> statement-breakpoint
CREATE FUNCTION "lead_conversion_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_conversion_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "interest_submissions_conversion_truncated" AFTER TRUNCATE ON "interest_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_conversion_truncate"();--> statement-breakpoint
-- The lead's flags follow its bookings, history and claims, in the transaction that changes them (old and new lead).
CREATE FUNCTION "lead_conversion_child_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "lead_conversion_refresh"(OLD."lead_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."lead_id" IS DISTINCT FROM OLD."lead_id") THEN
    PERFORM "lead_conversion_refresh"(NEW."lead_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inspection_bookings_conversion" AFTER INSERT OR DELETE OR UPDATE OF "lead_id", "state", "attendance"
  ON "inspection_bookings" FOR EACH ROW EXECUTE FUNCTION "lead_conversion_child_changed"();--> statement-breakpoint
CREATE TRIGGER "plot_claims_conversion" AFTER INSERT OR DELETE OR UPDATE OF "lead_id", "reserved_at", "sold_at", "ended_at", "price_kobo"
  ON "plot_claims" FOR EACH ROW EXECUTE FUNCTION "lead_conversion_child_changed"();--> statement-breakpoint
CREATE TRIGGER "lead_activity_conversion" AFTER INSERT ON "lead_activity" FOR EACH ROW
  WHEN (NEW."action" IN ('inspection_booked', 'inspection_moved') AND NEW."detail" ->> 'state' = 'confirmed')
  EXECUTE FUNCTION "lead_conversion_child_changed"();--> statement-breakpoint
CREATE TRIGGER "lead_activity_conversion_deleted" AFTER DELETE ON "lead_activity" FOR EACH ROW
  WHEN (OLD."action" IN ('inspection_booked', 'inspection_moved') AND OLD."detail" ->> 'state' = 'confirmed')
  EXECUTE FUNCTION "lead_conversion_child_changed"();
