-- Each monthly sum keeps its latest line (by day, then id). The sums are derived again, as
-- server/resources/declaration-versions.ts derives them: effective lines only (not superseded, not cancelled, not of a
-- loading import).
DELETE FROM "ecus_monthly_sums";--> statement-breakpoint
ALTER TABLE "ecus_monthly_sums" ADD COLUMN "last_line" integer NOT NULL;--> statement-breakpoint
INSERT INTO "ecus_monthly_sums" ("company_id", "folder_set_id", "month", "type_code", "code", "unit", "total", "lines", "name", "last_day", "last_line")
SELECT e.company_id, e.folder_set_id, date_trunc('month', e.registered_date)::date, e.type_code, e.code, e.unit, sum(e.total), count(*),
       max(e.item_name), max(e.registered_date), (max(((e.registered_date - DATE '2000-01-01')::bigint << 32) + e.id) & 4294967295)::int
  FROM "ecus_lines" e
 WHERE e.registered_date IS NOT NULL
   AND (e.import_record_id IS NULL OR e.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
   AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
   AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = e.company_id AND c.folder_set_id = e.folder_set_id AND c.ecus_id = e.id)
 GROUP BY 1, 2, 3, 4, 5, 6;
