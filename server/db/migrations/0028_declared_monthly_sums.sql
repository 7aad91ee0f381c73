CREATE TABLE "ecus_monthly_sums" (
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"month" date NOT NULL,
	"type_code" text,
	"code" text,
	"unit" text,
	"total" numeric NOT NULL,
	"lines" integer NOT NULL,
	"name" text,
	"last_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecus_monthly_sums" ADD CONSTRAINT "ecus_monthly_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_monthly_sums" ADD CONSTRAINT "ecus_monthly_sums_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecus_monthly_sums_scope_idx" ON "ecus_monthly_sums" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "ecus_monthly_sums_folder_set_id_index" ON "ecus_monthly_sums" USING btree ("folder_set_id");--> statement-breakpoint
-- The sums of the lines already loaded, as server/resources/declaration-versions.ts derives them.
INSERT INTO "ecus_monthly_sums" ("company_id", "folder_set_id", "month", "type_code", "code", "unit", "total", "lines", "name", "last_day")
SELECT e.company_id, e.folder_set_id, date_trunc('month', e.registered_date)::date, e.type_code, e.code, e.unit, sum(e.total), count(*), max(e.item_name), max(e.registered_date)
  FROM ecus_lines e
 WHERE e.registered_date IS NOT NULL
   AND (e.import_record_id IS NULL OR e.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
   AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
   AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.folder_set_id = e.folder_set_id AND c.ecus_id = e.id)
 GROUP BY 1, 2, 3, 4, 5, 6;
