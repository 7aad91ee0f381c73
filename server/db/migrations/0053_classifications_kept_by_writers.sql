-- The declared classifications are kept by the writers of declaration lines, for the codes a write touches, as the
-- monthly sums are (server/resources/declared-classifications.ts), rather than rebuilt whole on the first read after
-- any write of the company: the data version they were built at goes.
DROP TABLE "ecus_classification_versions";
--> statement-breakpoint
-- Filled once from every company's effective lines with an HS code (latest versions, not cancelled, of no import still
-- loading), the names grouped raw first and only the distinct ones folded; from now on the writers keep them.
DELETE FROM "ecus_classifications";
--> statement-breakpoint
INSERT INTO "ecus_classifications" ("company_id", "folder_set_id", "code", "folded", "name", "hs", "type_code", "lines", "first_day", "last_day", "last_line")
WITH "raw" AS (
  SELECT e.company_id, e.folder_set_id, e.code, e.item_name, e.hs, e.type_code, count(*)::int AS lines, min(e.registered_date) AS first_day,
         max(e.registered_date) AS last_day, (max(((e.registered_date - DATE '2000-01-01')::bigint << 32) + e.id) & 4294967295)::int AS last_line
    FROM ecus_lines e
   WHERE e.hs IS NOT NULL AND e.hs <> ''
     AND (e.import_record_id IS NULL OR e.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
     AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
     AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = e.company_id AND c.folder_set_id = e.folder_set_id AND c.ecus_id = e.id)
   GROUP BY 1, 2, 3, 4, 5, 6)
SELECT company_id, folder_set_id, code, coalesce(fold_text(item_name), ''), max(item_name), hs, type_code, sum(lines)::int, min(first_day), max(last_day),
       (max(((last_day - DATE '2000-01-01')::bigint << 32) + last_line) & 4294967295)::int
  FROM "raw" GROUP BY 1, 2, 3, 4, 6, 7;
--> statement-breakpoint
-- Every declaration line has an item code and a type code.
ALTER TABLE "ecus_classifications" ALTER COLUMN "code" SET NOT NULL, ALTER COLUMN "type_code" SET NOT NULL;
--> statement-breakpoint
-- A classification's key: the rows a writer re-derives for some codes, and the one an import's lines add to.
CREATE UNIQUE INDEX "ecus_classifications_key_idx" ON "ecus_classifications" ("company_id", "folder_set_id", "code", "folded", "hs", "type_code");
--> statement-breakpoint
ANALYZE "ecus_classifications";
