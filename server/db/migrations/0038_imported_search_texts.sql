-- Imported rows leave their table's trigram index, which they paid for row by row during the load: their folded
-- search text is kept in search_texts once their import succeeds (server/imports/search-indexing.ts). Imports that
-- succeeded before keep theirs the same way: the import worker's sweep finds them unindexed and fills it in slices.
CREATE TABLE "search_texts" (
	"table_name" text NOT NULL,
	"id" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"folded" text NOT NULL,
	CONSTRAINT "search_texts_id_table_name_pk" PRIMARY KEY("id","table_name")
);
--> statement-breakpoint
DROP INDEX "accounting_counts_search_idx";--> statement-breakpoint
DROP INDEX "accounting_ending_inventory_search_idx";--> statement-breakpoint
DROP INDEX "accounting_iob_search_idx";--> statement-breakpoint
DROP INDEX "accounting_other_output_search_idx";--> statement-breakpoint
DROP INDEX "accounting_take_in_search_idx";--> statement-breakpoint
DROP INDEX "accounting_take_out_search_idx";--> statement-breakpoint
DROP INDEX "annex_lines_search_idx";--> statement-breakpoint
DROP INDEX "bom_exw_lines_search_idx";--> statement-breakpoint
DROP INDEX "bom_lines_search_idx";--> statement-breakpoint
DROP INDEX "certificates_of_origin_search_idx";--> statement-breakpoint
DROP INDEX "co_form_lines_search_idx";--> statement-breakpoint
DROP INDEX "code_maps_search_idx";--> statement-breakpoint
DROP INDEX "ecus_ama_records_search_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_search_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_search_idx";--> statement-breakpoint
DROP INDEX "opening_balances_search_idx";--> statement-breakpoint
DROP INDEX "production_ending_inventory_search_idx";--> statement-breakpoint
DROP INDEX "production_lines_search_idx";--> statement-breakpoint
DROP INDEX "purchase_stock_search_idx";--> statement-breakpoint
DROP INDEX "purchases_search_idx";--> statement-breakpoint
DROP INDEX "sales_search_idx";--> statement-breakpoint
DROP INDEX "scrap_balances_search_idx";--> statement-breakpoint
DROP INDEX "statement_15_lines_search_idx";--> statement-breakpoint
DROP INDEX "statement_15a_lines_search_idx";--> statement-breakpoint
DROP INDEX "warehouse_counts_search_idx";--> statement-breakpoint
DROP INDEX "warehouse_ending_inventory_search_idx";--> statement-breakpoint
DROP INDEX "warehouse_iob_search_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_in_search_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_out_search_idx";--> statement-breakpoint
ALTER TABLE "import_records" ADD COLUMN "search_indexed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "search_texts_folded_idx" ON "search_texts" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounting_counts_search_idx" ON "accounting_counts" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "accounting_ending_inventory_search_idx" ON "accounting_ending_inventory" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "accounting_iob_search_idx" ON "accounting_iob" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "accounting_other_output_search_idx" ON "accounting_other_output" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("doc_number", '') || ' ' || coalesce("explain", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "accounting_take_in_search_idx" ON "accounting_take_in" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("doc_number", '') || ' ' || coalesce("explain", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "accounting_take_out_search_idx" ON "accounting_take_out" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("doc_number", '') || ' ' || coalesce("explain", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "annex_lines_search_idx" ON "annex_lines" USING gin (fold_text(coalesce("part_number", '') || ' ' || coalesce("import_declaration_number", '') || ' ' || coalesce("exporter", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "bom_exw_lines_search_idx" ON "bom_exw_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("material_code", '') || ' ' || coalesce("material_name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "bom_lines_search_idx" ON "bom_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("material_code", '') || ' ' || coalesce("material_name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "certificates_of_origin_search_idx" ON "certificates_of_origin" USING gin (fold_text(coalesce("export_declaration_number", '') || ' ' || coalesce("reference_no", '') || ' ' || coalesce("part_number", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "co_form_lines_search_idx" ON "co_form_lines" USING gin (fold_text(coalesce("reference_no", '') || ' ' || coalesce("code", '') || ' ' || coalesce("item_name", '') || ' ' || coalesce("export_declaration_number", '') || ' ' || coalesce("invoice_no", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "code_maps_search_idx" ON "code_maps" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("internal_code", '') || ' ' || coalesce("internal_name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "ecus_ama_records_search_idx" ON "ecus_ama_records" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("account_number", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_search_idx" ON "ecus_cancel_records" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("item_name", '') || ' ' || coalesce("account_number", '') || ' ' || coalesce("hs", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "ecus_lines_search_idx" ON "ecus_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("item_name", '') || ' ' || coalesce("account_number", '') || ' ' || coalesce("hs", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "opening_balances_search_idx" ON "opening_balances" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "production_ending_inventory_search_idx" ON "production_ending_inventory" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "production_lines_search_idx" ON "production_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("child_item", '') || ' ' || coalesce("manufacturing_order_no", '') || ' ' || coalesce("parent_item_desc", '') || ' ' || coalesce("child_item_desc", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "purchase_stock_search_idx" ON "purchase_stock" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '') || ' ' || coalesce("reference_no", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "purchases_search_idx" ON "purchases" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '') || ' ' || coalesce("ten_ncc", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "sales_search_idx" ON "sales" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "scrap_balances_search_idx" ON "scrap_balances" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "statement_15_lines_search_idx" ON "statement_15_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "statement_15a_lines_search_idx" ON "statement_15a_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "warehouse_counts_search_idx" ON "warehouse_counts" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "warehouse_ending_inventory_search_idx" ON "warehouse_ending_inventory" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "warehouse_iob_search_idx" ON "warehouse_iob" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "warehouse_take_in_search_idx" ON "warehouse_take_in" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '') || ' ' || coalesce("ten_ncc", '')) gin_trgm_ops) WHERE import_record_id IS NULL;--> statement-breakpoint
CREATE INDEX "warehouse_take_out_search_idx" ON "warehouse_take_out" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '')) gin_trgm_ops) WHERE import_record_id IS NULL;