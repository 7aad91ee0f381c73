-- Declaration numbers compare byte by byte whatever the database's collation, so that the account-number index finds
-- a declaration's versions by range (server/resources/declaration-versions.ts) and an index of their first 11 digits
-- is no longer kept for every written line. The stock view reads the column, so it is made again around the change.
DROP VIEW "ecus_stock";--> statement-breakpoint
DROP INDEX "ecus_lines_declaration_idx";--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ALTER COLUMN "account_number" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ALTER COLUMN "account_number" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "ecus_lines" ALTER COLUMN "account_number" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
CREATE VIEW "ecus_stock" AS
SELECT DISTINCT ON ("company_id", "folder_set_id", "code")
       "id", "company_id", "folder_set_id", "import_record_id", "created_at", "updated_at",
       "code", "hs", "item_name", "unit", "unit_price", "extra"
  FROM "ecus_lines" e
 WHERE "account_number" LIKE '1%'
   AND NOT EXISTS (SELECT 1 FROM "ecus_cancel_records" c WHERE c."ecus_id" = e."id")
   AND NOT EXISTS (SELECT 1 FROM "import_records" r WHERE r."id" = e."import_record_id" AND r."status" IN ('queued', 'running'))
 ORDER BY "company_id", "folder_set_id", "code", "registered_date" DESC, "id" DESC;
