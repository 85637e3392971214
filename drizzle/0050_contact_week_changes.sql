CREATE TABLE "lead_contact_week_changes" (
	"week" integer NOT NULL,
	"tx" bigint NOT NULL,
	"changes" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lead_contact_week_changes_week_tx_pk" PRIMARY KEY("week","tx")
);
--> statement-breakpoint
-- By hand from here (docs/decisions/0433-first-contact-by-the-week.md, amended). expand: a week's version becomes the
-- sum of its change rows, a row per changing transaction, so that two transactions moving leads of one week never wait
-- for each other's counter row (they deadlocked when one also waited for the other's lead). The versions so far become
-- one row each (tx 0; no transaction has id 0), so every kept week stays current. lead_contact_week_versions is no
-- longer written; the release before reads it until the next release drops it (its kept weeks go stale meanwhile).
INSERT INTO "lead_contact_week_changes" ("week", "tx", "changes") SELECT "week", 0, "version" FROM "lead_contact_week_versions";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_contact_week_changed"(changed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_contact_week_changes" ("week", "tx") VALUES (changed, txid_current()) ON CONFLICT DO NOTHING
$$;
