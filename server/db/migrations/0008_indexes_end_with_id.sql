DROP INDEX "accounting_counts_code_idx";--> statement-breakpoint
DROP INDEX "accounting_counts_inventory_date_idx";--> statement-breakpoint
DROP INDEX "accounting_ending_inventory_code_idx";--> statement-breakpoint
DROP INDEX "accounting_iob_code_idx";--> statement-breakpoint
DROP INDEX "accounting_other_output_code_idx";--> statement-breakpoint
DROP INDEX "accounting_take_in_code_idx";--> statement-breakpoint
DROP INDEX "accounting_take_in_output_date_idx";--> statement-breakpoint
DROP INDEX "accounting_take_in_code_output_date_idx";--> statement-breakpoint
DROP INDEX "accounting_take_out_code_idx";--> statement-breakpoint
DROP INDEX "accounting_take_out_output_date_idx";--> statement-breakpoint
DROP INDEX "accounting_take_out_code_output_date_idx";--> statement-breakpoint
DROP INDEX "annex_lines_import_declaration_number_idx";--> statement-breakpoint
DROP INDEX "annex_lines_part_number_idx";--> statement-breakpoint
DROP INDEX "bom_exw_lines_code_idx";--> statement-breakpoint
DROP INDEX "bom_exw_lines_material_code_idx";--> statement-breakpoint
DROP INDEX "bom_exw_lines_code_material_code_idx";--> statement-breakpoint
DROP INDEX "bom_lines_code_idx";--> statement-breakpoint
DROP INDEX "bom_lines_material_code_idx";--> statement-breakpoint
DROP INDEX "bom_lines_code_material_code_idx";--> statement-breakpoint
DROP INDEX "certificates_of_origin_export_declaration_number_idx";--> statement-breakpoint
DROP INDEX "certificates_of_origin_reference_no_idx";--> statement-breakpoint
DROP INDEX "certificates_of_origin_issued_date_idx";--> statement-breakpoint
DROP INDEX "certificates_of_origin_part_number_idx";--> statement-breakpoint
DROP INDEX "code_maps_code_idx";--> statement-breakpoint
DROP INDEX "code_maps_internal_code_idx";--> statement-breakpoint
DROP INDEX "code_maps_code_internal_code_idx";--> statement-breakpoint
DROP INDEX "ecus_ama_records_ecus_id_idx";--> statement-breakpoint
DROP INDEX "ecus_ama_records_account_number_idx";--> statement-breakpoint
DROP INDEX "ecus_ama_records_code_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_account_number_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_registered_date_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_code_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_hs_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_ecus_id_idx";--> statement-breakpoint
DROP INDEX "ecus_cancel_records_type_code_registered_date_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_account_number_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_registered_date_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_code_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_hs_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_type_code_registered_date_idx";--> statement-breakpoint
DROP INDEX "opening_balances_code_idx";--> statement-breakpoint
DROP INDEX "opening_balances_from_date_idx";--> statement-breakpoint
DROP INDEX "production_ending_inventory_code_idx";--> statement-breakpoint
DROP INDEX "production_lines_code_idx";--> statement-breakpoint
DROP INDEX "production_lines_manufacturing_order_no_idx";--> statement-breakpoint
DROP INDEX "production_lines_child_item_idx";--> statement-breakpoint
DROP INDEX "production_lines_code_child_item_idx";--> statement-breakpoint
DROP INDEX "purchase_stock_code_idx";--> statement-breakpoint
DROP INDEX "purchase_stock_bill_date_idx";--> statement-breakpoint
DROP INDEX "purchases_bill_date_idx";--> statement-breakpoint
DROP INDEX "purchases_code_idx";--> statement-breakpoint
DROP INDEX "purchases_code_bill_date_idx";--> statement-breakpoint
DROP INDEX "sales_code_idx";--> statement-breakpoint
DROP INDEX "scrap_balances_code_idx";--> statement-breakpoint
DROP INDEX "statement_15_lines_code_idx";--> statement-breakpoint
DROP INDEX "statement_15a_lines_code_idx";--> statement-breakpoint
DROP INDEX "warehouse_counts_code_idx";--> statement-breakpoint
DROP INDEX "warehouse_counts_inventory_date_idx";--> statement-breakpoint
DROP INDEX "warehouse_ending_inventory_code_idx";--> statement-breakpoint
DROP INDEX "warehouse_iob_code_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_in_bill_date_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_in_code_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_in_code_bill_date_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_out_code_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_out_takeout_date_idx";--> statement-breakpoint
DROP INDEX "warehouse_take_out_code_takeout_date_idx";--> statement-breakpoint
CREATE INDEX "accounting_counts_code_idx" ON "accounting_counts" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "accounting_counts_inventory_date_idx" ON "accounting_counts" USING btree ("company_id","folder_set_id","inventory_date","id");--> statement-breakpoint
CREATE INDEX "accounting_ending_inventory_code_idx" ON "accounting_ending_inventory" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "accounting_iob_code_idx" ON "accounting_iob" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "accounting_other_output_code_idx" ON "accounting_other_output" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "accounting_take_in_code_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "accounting_take_in_output_date_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","output_date","id");--> statement-breakpoint
CREATE INDEX "accounting_take_in_code_output_date_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","code","output_date","id");--> statement-breakpoint
CREATE INDEX "accounting_take_out_code_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "accounting_take_out_output_date_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","output_date","id");--> statement-breakpoint
CREATE INDEX "accounting_take_out_code_output_date_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","code","output_date","id");--> statement-breakpoint
CREATE INDEX "annex_lines_import_declaration_number_idx" ON "annex_lines" USING btree ("company_id","folder_set_id","import_declaration_number","id");--> statement-breakpoint
CREATE INDEX "annex_lines_part_number_idx" ON "annex_lines" USING btree ("company_id","folder_set_id","part_number","id");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_code_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_material_code_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","material_code","id");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_code_material_code_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","code","material_code","id");--> statement-breakpoint
CREATE INDEX "bom_lines_code_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "bom_lines_material_code_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","material_code","id");--> statement-breakpoint
CREATE INDEX "bom_lines_code_material_code_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","code","material_code","id");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_export_declaration_number_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","export_declaration_number","id");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_reference_no_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","reference_no","id");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_issued_date_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","issued_date","id");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_part_number_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","part_number","id");--> statement-breakpoint
CREATE INDEX "code_maps_code_idx" ON "code_maps" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "code_maps_internal_code_idx" ON "code_maps" USING btree ("company_id","folder_set_id","internal_code","id");--> statement-breakpoint
CREATE INDEX "code_maps_code_internal_code_idx" ON "code_maps" USING btree ("company_id","folder_set_id","code","internal_code","id");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_ecus_id_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","ecus_id","id");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_account_number_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","account_number","id");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_code_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_account_number_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","account_number","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_registered_date_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","registered_date","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_code_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_hs_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","hs","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_ecus_id_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","ecus_id","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_type_code_registered_date_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","type_code","registered_date","id");--> statement-breakpoint
CREATE INDEX "ecus_lines_account_number_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","account_number","id");--> statement-breakpoint
CREATE INDEX "ecus_lines_registered_date_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","registered_date","id");--> statement-breakpoint
CREATE INDEX "ecus_lines_code_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "ecus_lines_hs_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","hs","id");--> statement-breakpoint
CREATE INDEX "ecus_lines_type_code_registered_date_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","type_code","registered_date","id");--> statement-breakpoint
CREATE INDEX "opening_balances_code_idx" ON "opening_balances" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "opening_balances_from_date_idx" ON "opening_balances" USING btree ("company_id","folder_set_id","from_date","id");--> statement-breakpoint
CREATE INDEX "production_ending_inventory_code_idx" ON "production_ending_inventory" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "production_lines_code_idx" ON "production_lines" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "production_lines_manufacturing_order_no_idx" ON "production_lines" USING btree ("company_id","folder_set_id","manufacturing_order_no","id");--> statement-breakpoint
CREATE INDEX "production_lines_child_item_idx" ON "production_lines" USING btree ("company_id","folder_set_id","child_item","id");--> statement-breakpoint
CREATE INDEX "production_lines_code_child_item_idx" ON "production_lines" USING btree ("company_id","folder_set_id","code","child_item","id");--> statement-breakpoint
CREATE INDEX "purchase_stock_code_idx" ON "purchase_stock" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "purchase_stock_bill_date_idx" ON "purchase_stock" USING btree ("company_id","folder_set_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "purchases_bill_date_idx" ON "purchases" USING btree ("company_id","folder_set_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "purchases_code_idx" ON "purchases" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "purchases_code_bill_date_idx" ON "purchases" USING btree ("company_id","folder_set_id","code","bill_date","id");--> statement-breakpoint
CREATE INDEX "sales_code_idx" ON "sales" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "scrap_balances_code_idx" ON "scrap_balances" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "statement_15_lines_code_idx" ON "statement_15_lines" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "statement_15a_lines_code_idx" ON "statement_15a_lines" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "warehouse_counts_code_idx" ON "warehouse_counts" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "warehouse_counts_inventory_date_idx" ON "warehouse_counts" USING btree ("company_id","folder_set_id","inventory_date","id");--> statement-breakpoint
CREATE INDEX "warehouse_ending_inventory_code_idx" ON "warehouse_ending_inventory" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "warehouse_iob_code_idx" ON "warehouse_iob" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_bill_date_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_code_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_code_bill_date_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","code","bill_date","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_code_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","code","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_takeout_date_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","takeout_date","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_code_takeout_date_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","code","takeout_date","id");