CREATE TABLE "accounting_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"warehouse_name" text,
	"inventory_date" date,
	"inventory_quantity" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_ending_inventory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_ending_inventory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"material_type" text,
	"name" text,
	"unit" text,
	"quantity" numeric NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "accounting_iob" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_iob_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"warehouse_name" text,
	"begin_quantity" numeric NOT NULL,
	"begin_value" numeric NOT NULL,
	"import_quantity" numeric NOT NULL,
	"import_value" numeric NOT NULL,
	"export_quantity" numeric NOT NULL,
	"export_value" numeric NOT NULL,
	"end_quantity" numeric NOT NULL,
	"end_value" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_other_output" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_other_output_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"warehouse_name" text,
	"doc_number" text,
	"bill_no" text,
	"explain" text,
	"unit_price" numeric,
	"other_export" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_take_in" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_take_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"warehouse_name" text,
	"output_date" date NOT NULL,
	"doc_number" text,
	"bill_no" text,
	"bill_date" date,
	"explain" text,
	"unit_price" numeric,
	"import_quantity" numeric NOT NULL,
	"import_value" numeric,
	"balance_id" integer
);
--> statement-breakpoint
CREATE TABLE "accounting_take_out" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_take_out_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"warehouse_name" text,
	"output_date" date NOT NULL,
	"doc_number" text,
	"bill_no" text,
	"bill_date" date,
	"explain" text,
	"unit_price" numeric,
	"export_quantity" numeric NOT NULL,
	"export_value" numeric,
	"balance_id" integer
);
--> statement-breakpoint
CREATE TABLE "annex_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annex_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exporter" text NOT NULL,
	"import_declaration_number" text NOT NULL,
	"part_number" text NOT NULL,
	"name" text,
	"hs" text,
	"quantity" numeric,
	"unit" text,
	"invoice_no" text,
	"bill_date" date
);
--> statement-breakpoint
CREATE TABLE "bom_exw_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bom_exw_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"material_code" text NOT NULL,
	"material_name" text,
	"material_unit" text,
	"bom_value" numeric NOT NULL,
	"loss_rate" numeric,
	"contract" text,
	"note" text,
	"product_type" text,
	"year" integer
);
--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bom_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"material_code" text NOT NULL,
	"material_name" text,
	"material_unit" text,
	"bom_value" numeric NOT NULL,
	"loss_rate" numeric,
	"contract" text,
	"note" text,
	"product_type" text,
	"year" integer
);
--> statement-breakpoint
CREATE TABLE "certificates_of_origin" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_of_origin_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"export_declaration_number" text NOT NULL,
	"reference_no" text NOT NULL,
	"issued_date" date,
	"part_number" text NOT NULL,
	"form_type" text,
	"importing_country" text
);
--> statement-breakpoint
CREATE TABLE "code_maps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_maps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"internal_code" text NOT NULL,
	"internal_name" text,
	"internal_unit" text,
	"factor" numeric NOT NULL,
	"valid_from" date,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "ecus_ama_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ecus_ama_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ecus_id" integer,
	"account_number" text NOT NULL,
	"row_number" integer NOT NULL,
	"code" text NOT NULL,
	"unit" text NOT NULL,
	"total" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecus_cancel_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ecus_cancel_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_number" text NOT NULL,
	"row_number" integer,
	"registered_date" date NOT NULL,
	"type_code" text NOT NULL,
	"code" text NOT NULL,
	"hs" text,
	"item_name" text,
	"from_country" text,
	"origin_criteria" text,
	"total" numeric NOT NULL,
	"unit" text,
	"unit_2" text,
	"unit_price" numeric,
	"unit_price_taxed" numeric,
	"currency" text,
	"exchange_rate" numeric,
	"nt_value" numeric,
	"total_value" numeric,
	"tax_rate" numeric,
	"tax_cost" numeric,
	"partner" text,
	"invoice_no" text,
	"bill_date" date,
	"contract" text,
	"contract_date" date,
	"unloading_location" text,
	"shipping_date" date,
	"total_2" numeric,
	"vat_cost" numeric,
	"ecus_id" integer
);
--> statement-breakpoint
CREATE TABLE "ecus_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ecus_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_number" text NOT NULL,
	"row_number" integer,
	"registered_date" date NOT NULL,
	"type_code" text NOT NULL,
	"code" text NOT NULL,
	"hs" text,
	"item_name" text,
	"from_country" text,
	"origin_criteria" text,
	"total" numeric NOT NULL,
	"unit" text,
	"unit_2" text,
	"unit_price" numeric,
	"unit_price_taxed" numeric,
	"currency" text,
	"exchange_rate" numeric,
	"nt_value" numeric,
	"total_value" numeric,
	"tax_rate" numeric,
	"tax_cost" numeric,
	"partner" text,
	"invoice_no" text,
	"bill_date" date,
	"contract" text,
	"contract_date" date,
	"unloading_location" text,
	"shipping_date" date
);
--> statement-breakpoint
CREATE TABLE "opening_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opening_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"begin_value" numeric NOT NULL,
	"from_date" date,
	"contract" text
);
--> statement-breakpoint
CREATE TABLE "production_ending_inventory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_ending_inventory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"material_type" text,
	"name" text,
	"unit" text,
	"quantity" numeric NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "production_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"manufacturing_order_no" text,
	"product_quantity" numeric,
	"child_item" text NOT NULL,
	"use_quantity" numeric NOT NULL,
	"plant" text,
	"parent_item_acct" text,
	"parent_item_acct_desc" text,
	"tracking_no" text,
	"parent_item_desc" text,
	"order_sequence" text,
	"operation_no" text,
	"cost_center" text,
	"cost_center_description" text,
	"work_center" text,
	"work_center_description" text,
	"child_item_account" text,
	"child_item_account_desc" text,
	"child_item_desc" text,
	"movement_type" text,
	"movement_type_desc" text,
	"issue_quantity" numeric,
	"issue_amount" numeric,
	"use_amount" numeric
);
--> statement-breakpoint
CREATE TABLE "purchase_stock" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_stock_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"hs" text,
	"bill_no" text,
	"bill_date" date,
	"quantity" numeric NOT NULL,
	"unit_price" numeric NOT NULL,
	"total" numeric,
	"from_country" text,
	"reference_no" text,
	"issued_date" date,
	"ten_ncc" text
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stt" integer,
	"bill_date" date,
	"bill_no" text,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"quantity" numeric NOT NULL,
	"don_gia_mua" numeric,
	"tien_hang" numeric,
	"tien_cp" numeric,
	"gia_von" numeric,
	"sub_total" numeric,
	"vat_num" numeric,
	"vat" numeric,
	"total" numeric,
	"total_quantity" numeric,
	"ma_ncc" text,
	"ten_ncc" text,
	"ma_nx" text,
	"ma_kho" text,
	"balance_id" integer,
	"contract" text,
	"registered_date" date,
	"hs" text,
	"unit_price_usd" numeric
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"bill_no" text,
	"name" text,
	"quantity" numeric NOT NULL,
	"balance_id" integer
);
--> statement-breakpoint
CREATE TABLE "scrap_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrap_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"begin_value" numeric,
	"begin_value_num" numeric,
	"take_in" numeric,
	"take_in_num" numeric,
	"take_out" numeric,
	"take_out_num" numeric,
	"end_value" numeric,
	"end_value_num" numeric
);
--> statement-breakpoint
CREATE TABLE "statement_15_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_15_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"begin_value" numeric,
	"take_in" numeric,
	"re_export" numeric,
	"re_purpose" numeric,
	"export_to_produce" numeric,
	"other_export" numeric,
	"end_value" numeric,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "statement_15a_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_15a_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"begin_quantity" numeric,
	"begin_value" numeric,
	"take_in" numeric,
	"re_export" numeric,
	"re_purpose" numeric,
	"export_to_produce" numeric,
	"other_export" numeric,
	"import_value" numeric,
	"exportt" numeric,
	"end_quantity" numeric,
	"end_value" numeric,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "warehouse_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"warehouse_name" text,
	"inventory_date" date,
	"inventory_quantity" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_ending_inventory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_ending_inventory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"material_type" text,
	"name" text,
	"unit" text,
	"quantity" numeric NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "warehouse_iob" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_iob_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"warehouse_name" text,
	"begin_quantity" numeric NOT NULL,
	"begin_value" numeric NOT NULL,
	"take_in_quantity" numeric NOT NULL,
	"take_in_value" numeric NOT NULL,
	"take_out_quantity" numeric NOT NULL,
	"take_out_value" numeric NOT NULL,
	"end_quantity" numeric NOT NULL,
	"end_value" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_take_in" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_take_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stt" integer,
	"bill_date" date,
	"bill_no" text,
	"code" text NOT NULL,
	"name" text,
	"unit" text,
	"quantity" numeric NOT NULL,
	"don_gia_mua" numeric,
	"tien_hang" numeric,
	"tien_cp" numeric,
	"gia_von" numeric,
	"sub_total" numeric,
	"vat_num" numeric,
	"vat" numeric,
	"total" numeric,
	"total_quantity" numeric,
	"ma_ncc" text,
	"ten_ncc" text,
	"ma_nx" text,
	"ma_kho" text,
	"balance_id" integer
);
--> statement-breakpoint
CREATE TABLE "warehouse_take_out" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_take_out_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"takeout_date" date NOT NULL,
	"quantity" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_counts" ADD CONSTRAINT "accounting_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_counts" ADD CONSTRAINT "accounting_counts_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_ending_inventory" ADD CONSTRAINT "accounting_ending_inventory_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_ending_inventory" ADD CONSTRAINT "accounting_ending_inventory_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_iob" ADD CONSTRAINT "accounting_iob_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_iob" ADD CONSTRAINT "accounting_iob_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_other_output" ADD CONSTRAINT "accounting_other_output_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_other_output" ADD CONSTRAINT "accounting_other_output_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_take_in" ADD CONSTRAINT "accounting_take_in_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_take_in" ADD CONSTRAINT "accounting_take_in_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_take_out" ADD CONSTRAINT "accounting_take_out_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_take_out" ADD CONSTRAINT "accounting_take_out_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annex_lines" ADD CONSTRAINT "annex_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annex_lines" ADD CONSTRAINT "annex_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_exw_lines" ADD CONSTRAINT "bom_exw_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_exw_lines" ADD CONSTRAINT "bom_exw_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates_of_origin" ADD CONSTRAINT "certificates_of_origin_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates_of_origin" ADD CONSTRAINT "certificates_of_origin_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_maps" ADD CONSTRAINT "code_maps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_maps" ADD CONSTRAINT "code_maps_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ADD CONSTRAINT "ecus_ama_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ADD CONSTRAINT "ecus_ama_records_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD CONSTRAINT "ecus_cancel_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD CONSTRAINT "ecus_cancel_records_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD CONSTRAINT "ecus_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD CONSTRAINT "ecus_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_ending_inventory" ADD CONSTRAINT "production_ending_inventory_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_ending_inventory" ADD CONSTRAINT "production_ending_inventory_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_lines" ADD CONSTRAINT "production_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_lines" ADD CONSTRAINT "production_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_stock" ADD CONSTRAINT "purchase_stock_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_stock" ADD CONSTRAINT "purchase_stock_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrap_balances" ADD CONSTRAINT "scrap_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrap_balances" ADD CONSTRAINT "scrap_balances_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_15_lines" ADD CONSTRAINT "statement_15_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_15_lines" ADD CONSTRAINT "statement_15_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_15a_lines" ADD CONSTRAINT "statement_15a_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_15a_lines" ADD CONSTRAINT "statement_15a_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_counts" ADD CONSTRAINT "warehouse_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_counts" ADD CONSTRAINT "warehouse_counts_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ending_inventory" ADD CONSTRAINT "warehouse_ending_inventory_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ending_inventory" ADD CONSTRAINT "warehouse_ending_inventory_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ADD CONSTRAINT "warehouse_iob_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ADD CONSTRAINT "warehouse_iob_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_take_in" ADD CONSTRAINT "warehouse_take_in_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_take_in" ADD CONSTRAINT "warehouse_take_in_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_take_out" ADD CONSTRAINT "warehouse_take_out_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_take_out" ADD CONSTRAINT "warehouse_take_out_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_counts_scope_idx" ON "accounting_counts" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "accounting_counts_import_idx" ON "accounting_counts" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "accounting_counts_code_idx" ON "accounting_counts" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "accounting_counts_inventory_date_idx" ON "accounting_counts" USING btree ("company_id","folder_set_id","inventory_date");--> statement-breakpoint
CREATE INDEX "accounting_ending_inventory_scope_idx" ON "accounting_ending_inventory" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "accounting_ending_inventory_import_idx" ON "accounting_ending_inventory" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "accounting_ending_inventory_code_idx" ON "accounting_ending_inventory" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "accounting_iob_scope_idx" ON "accounting_iob" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "accounting_iob_import_idx" ON "accounting_iob" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "accounting_iob_code_idx" ON "accounting_iob" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "accounting_other_output_scope_idx" ON "accounting_other_output" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "accounting_other_output_import_idx" ON "accounting_other_output" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "accounting_other_output_code_idx" ON "accounting_other_output" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "accounting_take_in_scope_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "accounting_take_in_import_idx" ON "accounting_take_in" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "accounting_take_in_code_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "accounting_take_in_output_date_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","output_date");--> statement-breakpoint
CREATE INDEX "accounting_take_in_code_output_date_idx" ON "accounting_take_in" USING btree ("company_id","folder_set_id","code","output_date");--> statement-breakpoint
CREATE INDEX "accounting_take_out_scope_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "accounting_take_out_import_idx" ON "accounting_take_out" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "accounting_take_out_code_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "accounting_take_out_output_date_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","output_date");--> statement-breakpoint
CREATE INDEX "accounting_take_out_code_output_date_idx" ON "accounting_take_out" USING btree ("company_id","folder_set_id","code","output_date");--> statement-breakpoint
CREATE INDEX "annex_lines_scope_idx" ON "annex_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "annex_lines_import_idx" ON "annex_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "annex_lines_import_declaration_number_idx" ON "annex_lines" USING btree ("company_id","folder_set_id","import_declaration_number");--> statement-breakpoint
CREATE INDEX "annex_lines_part_number_idx" ON "annex_lines" USING btree ("company_id","folder_set_id","part_number");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_scope_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_import_idx" ON "bom_exw_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_code_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_material_code_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","material_code");--> statement-breakpoint
CREATE INDEX "bom_exw_lines_code_material_code_idx" ON "bom_exw_lines" USING btree ("company_id","folder_set_id","code","material_code");--> statement-breakpoint
CREATE INDEX "bom_lines_scope_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "bom_lines_import_idx" ON "bom_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "bom_lines_code_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "bom_lines_material_code_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","material_code");--> statement-breakpoint
CREATE INDEX "bom_lines_code_material_code_idx" ON "bom_lines" USING btree ("company_id","folder_set_id","code","material_code");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_scope_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_import_idx" ON "certificates_of_origin" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_export_declaration_number_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","export_declaration_number");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_reference_no_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","reference_no");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_issued_date_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","issued_date");--> statement-breakpoint
CREATE INDEX "certificates_of_origin_part_number_idx" ON "certificates_of_origin" USING btree ("company_id","folder_set_id","part_number");--> statement-breakpoint
CREATE INDEX "code_maps_scope_idx" ON "code_maps" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "code_maps_import_idx" ON "code_maps" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "code_maps_code_idx" ON "code_maps" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "code_maps_internal_code_idx" ON "code_maps" USING btree ("company_id","folder_set_id","internal_code");--> statement-breakpoint
CREATE INDEX "code_maps_code_internal_code_idx" ON "code_maps" USING btree ("company_id","folder_set_id","code","internal_code");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_scope_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_import_idx" ON "ecus_ama_records" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_ecus_id_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","ecus_id");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_account_number_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","account_number");--> statement-breakpoint
CREATE INDEX "ecus_ama_records_code_idx" ON "ecus_ama_records" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_scope_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_import_idx" ON "ecus_cancel_records" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_account_number_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","account_number");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_registered_date_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","registered_date");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_code_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_hs_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","hs");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_ecus_id_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","ecus_id");--> statement-breakpoint
CREATE INDEX "ecus_cancel_records_type_code_registered_date_idx" ON "ecus_cancel_records" USING btree ("company_id","folder_set_id","type_code","registered_date");--> statement-breakpoint
CREATE INDEX "ecus_lines_scope_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "ecus_lines_import_idx" ON "ecus_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "ecus_lines_account_number_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","account_number");--> statement-breakpoint
CREATE INDEX "ecus_lines_registered_date_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","registered_date");--> statement-breakpoint
CREATE INDEX "ecus_lines_code_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "ecus_lines_hs_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","hs");--> statement-breakpoint
CREATE INDEX "ecus_lines_type_code_registered_date_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","type_code","registered_date");--> statement-breakpoint
CREATE INDEX "opening_balances_scope_idx" ON "opening_balances" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "opening_balances_import_idx" ON "opening_balances" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "opening_balances_code_idx" ON "opening_balances" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "opening_balances_from_date_idx" ON "opening_balances" USING btree ("company_id","folder_set_id","from_date");--> statement-breakpoint
CREATE INDEX "production_ending_inventory_scope_idx" ON "production_ending_inventory" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "production_ending_inventory_import_idx" ON "production_ending_inventory" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "production_ending_inventory_code_idx" ON "production_ending_inventory" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "production_lines_scope_idx" ON "production_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "production_lines_import_idx" ON "production_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "production_lines_code_idx" ON "production_lines" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "production_lines_manufacturing_order_no_idx" ON "production_lines" USING btree ("company_id","folder_set_id","manufacturing_order_no");--> statement-breakpoint
CREATE INDEX "production_lines_child_item_idx" ON "production_lines" USING btree ("company_id","folder_set_id","child_item");--> statement-breakpoint
CREATE INDEX "production_lines_code_child_item_idx" ON "production_lines" USING btree ("company_id","folder_set_id","code","child_item");--> statement-breakpoint
CREATE INDEX "purchase_stock_scope_idx" ON "purchase_stock" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "purchase_stock_import_idx" ON "purchase_stock" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "purchase_stock_code_idx" ON "purchase_stock" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "purchase_stock_bill_date_idx" ON "purchase_stock" USING btree ("company_id","folder_set_id","bill_date");--> statement-breakpoint
CREATE INDEX "purchases_scope_idx" ON "purchases" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "purchases_import_idx" ON "purchases" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "purchases_bill_date_idx" ON "purchases" USING btree ("company_id","folder_set_id","bill_date");--> statement-breakpoint
CREATE INDEX "purchases_code_idx" ON "purchases" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "purchases_code_bill_date_idx" ON "purchases" USING btree ("company_id","folder_set_id","code","bill_date");--> statement-breakpoint
CREATE INDEX "sales_scope_idx" ON "sales" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "sales_import_idx" ON "sales" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "sales_code_idx" ON "sales" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "scrap_balances_scope_idx" ON "scrap_balances" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "scrap_balances_import_idx" ON "scrap_balances" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "scrap_balances_code_idx" ON "scrap_balances" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "statement_15_lines_scope_idx" ON "statement_15_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "statement_15_lines_import_idx" ON "statement_15_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "statement_15_lines_code_idx" ON "statement_15_lines" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "statement_15a_lines_scope_idx" ON "statement_15a_lines" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "statement_15a_lines_import_idx" ON "statement_15a_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "statement_15a_lines_code_idx" ON "statement_15a_lines" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_counts_scope_idx" ON "warehouse_counts" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_counts_import_idx" ON "warehouse_counts" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "warehouse_counts_code_idx" ON "warehouse_counts" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_counts_inventory_date_idx" ON "warehouse_counts" USING btree ("company_id","folder_set_id","inventory_date");--> statement-breakpoint
CREATE INDEX "warehouse_ending_inventory_scope_idx" ON "warehouse_ending_inventory" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_ending_inventory_import_idx" ON "warehouse_ending_inventory" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "warehouse_ending_inventory_code_idx" ON "warehouse_ending_inventory" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_iob_scope_idx" ON "warehouse_iob" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_iob_import_idx" ON "warehouse_iob" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "warehouse_iob_code_idx" ON "warehouse_iob" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_scope_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_import_idx" ON "warehouse_take_in" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_bill_date_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","bill_date");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_code_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_take_in_code_bill_date_idx" ON "warehouse_take_in" USING btree ("company_id","folder_set_id","code","bill_date");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_scope_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_import_idx" ON "warehouse_take_out" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_code_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_takeout_date_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","takeout_date");--> statement-breakpoint
CREATE INDEX "warehouse_take_out_code_takeout_date_idx" ON "warehouse_take_out" USING btree ("company_id","folder_set_id","code","takeout_date");