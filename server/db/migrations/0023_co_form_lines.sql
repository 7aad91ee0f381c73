CREATE TABLE "co_form_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "co_form_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"import_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"extra" jsonb,
	"reference_no" text NOT NULL,
	"form_type" text,
	"issued_date" date,
	"export_declaration_number" text,
	"item_no" integer,
	"marks" text,
	"code" text NOT NULL,
	"item_name" text,
	"hs" text,
	"origin_criterion" text,
	"quantity" numeric,
	"unit" text,
	"fob_value" numeric,
	"currency" text,
	"invoice_no" text,
	"bill_date" date,
	"consignee" text,
	"importing_country" text
);
--> statement-breakpoint
ALTER TABLE "co_form_lines" ADD CONSTRAINT "co_form_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_form_lines" ADD CONSTRAINT "co_form_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_form_lines_scope_idx" ON "co_form_lines" USING btree ("company_id","folder_set_id","id") WITH (deduplicate_items=false);--> statement-breakpoint
CREATE INDEX "co_form_lines_import_idx" ON "co_form_lines" USING btree ("import_record_id");--> statement-breakpoint
CREATE INDEX "co_form_lines_reference_no_idx" ON "co_form_lines" USING btree ("company_id","folder_set_id","reference_no","id") WITH (deduplicate_items=false);--> statement-breakpoint
CREATE INDEX "co_form_lines_issued_date_idx" ON "co_form_lines" USING btree ("company_id","folder_set_id","issued_date","id") WITH (deduplicate_items=false);--> statement-breakpoint
CREATE INDEX "co_form_lines_export_declaration_number_idx" ON "co_form_lines" USING btree ("company_id","folder_set_id","export_declaration_number","id") WITH (deduplicate_items=false);--> statement-breakpoint
CREATE INDEX "co_form_lines_code_idx" ON "co_form_lines" USING btree ("company_id","folder_set_id","code","id") WITH (deduplicate_items=false);--> statement-breakpoint
CREATE INDEX "co_form_lines_hs_idx" ON "co_form_lines" USING btree ("company_id","folder_set_id","hs","id") WITH (deduplicate_items=false);--> statement-breakpoint
CREATE INDEX "co_form_lines_search_idx" ON "co_form_lines" USING gin (fold_text(coalesce("reference_no", '') || ' ' || coalesce("code", '') || ' ' || coalesce("item_name", '') || ' ' || coalesce("export_declaration_number", '') || ' ' || coalesce("invoice_no", '')) gin_trgm_ops);