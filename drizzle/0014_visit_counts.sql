CREATE TABLE "visit_counts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_counts_day_path_kind_source_medium_campaign_pk" PRIMARY KEY("day","path","kind","source","medium","campaign")
);
--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_visitors" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "visit_visitors_day_hash_pk" PRIMARY KEY("day","hash")
);
