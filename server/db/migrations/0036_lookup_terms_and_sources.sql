CREATE TABLE "lookup_korean_term" (
	"term" text PRIMARY KEY NOT NULL,
	"codes" text[] NOT NULL,
	"en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_synonym" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lookup_synonym_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"names" text[] NOT NULL,
	"wordings" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_tariff_source" (
	"year" smallint PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"shipped" jsonb,
	"load_id" integer,
	"loaded_by" uuid,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookup_tariff_source" ADD CONSTRAINT "lookup_tariff_source_load_id_lookup_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."lookup_loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_tariff_source" ADD CONSTRAINT "lookup_tariff_source_loaded_by_users_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;