-- ECUS stock: per company, folder set and material code, the latest import declaration line
-- (declaration numbers starting with 1) with its HS code, name, unit and unit price.
-- Filters on company_id and folder_set_id reach inside the DISTINCT ON, so the scope index serves them.
CREATE VIEW "ecus_stock" AS
SELECT DISTINCT ON ("company_id", "folder_set_id", "code")
       "id", "company_id", "folder_set_id", "import_record_id", "created_at", "updated_at",
       "code", "hs", "item_name", "unit", "unit_price"
  FROM "ecus_lines"
 WHERE "account_number" LIKE '1%'
 ORDER BY "company_id", "folder_set_id", "code", "registered_date" DESC, "id" DESC;
