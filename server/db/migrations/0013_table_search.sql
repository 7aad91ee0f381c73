-- Free-text search over a business table reads one trigram index of its searched columns, folded (see searchExpression in server/resources/row-sql.ts).
CREATE INDEX "ecus_lines_search_idx" ON "ecus_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("item_name", '') || ' ' || coalesce("account_number", '') || ' ' || coalesce("hs", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "opening_balances_search_idx" ON "opening_balances" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "bom_lines_search_idx" ON "bom_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("material_code", '') || ' ' || coalesce("material_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "bom_exw_lines_search_idx" ON "bom_exw_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("material_code", '') || ' ' || coalesce("material_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "production_lines_search_idx" ON "production_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("child_item", '') || ' ' || coalesce("manufacturing_order_no", '') || ' ' || coalesce("parent_item_desc", '') || ' ' || coalesce("child_item_desc", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "purchases_search_idx" ON "purchases" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '') || ' ' || coalesce("ten_ncc", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "scrap_balances_search_idx" ON "scrap_balances" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sales_search_idx" ON "sales" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "production_ending_inventory_search_idx" ON "production_ending_inventory" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounting_ending_inventory_search_idx" ON "accounting_ending_inventory" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "warehouse_ending_inventory_search_idx" ON "warehouse_ending_inventory" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "ecus_ama_records_search_idx" ON "ecus_ama_records" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("account_number", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_search_idx" ON "ecus_cancel_records" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("item_name", '') || ' ' || coalesce("account_number", '') || ' ' || coalesce("hs", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "warehouse_iob_search_idx" ON "warehouse_iob" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounting_iob_search_idx" ON "accounting_iob" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounting_take_out_search_idx" ON "accounting_take_out" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("doc_number", '') || ' ' || coalesce("explain", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounting_take_in_search_idx" ON "accounting_take_in" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("doc_number", '') || ' ' || coalesce("explain", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "warehouse_take_in_search_idx" ON "warehouse_take_in" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '') || ' ' || coalesce("ten_ncc", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "warehouse_take_out_search_idx" ON "warehouse_take_out" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "statement_15_lines_search_idx" ON "statement_15_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "statement_15a_lines_search_idx" ON "statement_15a_lines" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "warehouse_counts_search_idx" ON "warehouse_counts" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounting_counts_search_idx" ON "accounting_counts" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "code_maps_search_idx" ON "code_maps" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("internal_code", '') || ' ' || coalesce("internal_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "accounting_other_output_search_idx" ON "accounting_other_output" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("doc_number", '') || ' ' || coalesce("explain", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "purchase_stock_search_idx" ON "purchase_stock" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '') || ' ' || coalesce("reference_no", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "annex_lines_search_idx" ON "annex_lines" USING gin (fold_text(coalesce("part_number", '') || ' ' || coalesce("import_declaration_number", '') || ' ' || coalesce("exporter", '') || ' ' || coalesce("name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "certificates_of_origin_search_idx" ON "certificates_of_origin" USING gin (fold_text(coalesce("export_declaration_number", '') || ' ' || coalesce("reference_no", '') || ' ' || coalesce("part_number", '')) gin_trgm_ops);
