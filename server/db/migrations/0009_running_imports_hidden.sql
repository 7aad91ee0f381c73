-- An import loads its rows straight into the table, batch by batch, and they count only once it has
-- succeeded: until then (status queued or running) lists and the ECUS stock leave them out, and a
-- failed import deletes them before it is marked failed.
CREATE OR REPLACE VIEW "ecus_stock" AS
SELECT DISTINCT ON ("company_id", "folder_set_id", "code")
       "id", "company_id", "folder_set_id", "import_record_id", "created_at", "updated_at",
       "code", "hs", "item_name", "unit", "unit_price", "extra"
  FROM "ecus_lines" e
 WHERE "account_number" LIKE '1%'
   AND NOT EXISTS (SELECT 1 FROM "ecus_cancel_records" c WHERE c."ecus_id" = e."id")
   AND NOT EXISTS (SELECT 1 FROM "import_records" r WHERE r."id" = e."import_record_id" AND r."status" IN ('queued', 'running'))
 ORDER BY "company_id", "folder_set_id", "code", "registered_date" DESC, "id" DESC;
