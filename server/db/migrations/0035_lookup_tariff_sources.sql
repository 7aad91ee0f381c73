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