CREATE TABLE "import_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"import_type" text NOT NULL,
	"keep_posting" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"traceback" text,
	"from_file" text NOT NULL,
	"file_sha256" text NOT NULL,
	"upload_id" uuid,
	"options" jsonb NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_rejected_rows" (
	"import_record_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "import_rejected_rows_import_record_id_row_number_pk" PRIMARY KEY("import_record_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "import_setups" (
	"company_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"import_type" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"extra_fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_setups_company_id_resource_import_type_pk" PRIMARY KEY("company_id","resource","import_type")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"outline" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ALTER COLUMN "row_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ALTER COLUMN "unit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_counts" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "accounting_ending_inventory" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "accounting_iob" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "accounting_other_output" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "accounting_take_in" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "accounting_take_out" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "annex_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "bom_exw_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "certificates_of_origin" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "code_maps" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ADD COLUMN "previous_code" text;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ADD COLUMN "previous_unit" text;--> statement-breakpoint
ALTER TABLE "ecus_ama_records" ADD COLUMN "previous_total" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "production_ending_inventory" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "production_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_stock" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "scrap_balances" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "statement_15_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "statement_15a_lines" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "warehouse_counts" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "warehouse_ending_inventory" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "warehouse_take_in" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "warehouse_take_out" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rejected_rows" ADD CONSTRAINT "import_rejected_rows_import_record_id_import_records_id_fk" FOREIGN KEY ("import_record_id") REFERENCES "public"."import_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_setups" ADD CONSTRAINT "import_setups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_records_company_id_folder_set_id_resource_created_at_index" ON "import_records" USING btree ("company_id","folder_set_id","resource","created_at");--> statement-breakpoint
CREATE INDEX "import_records_status_index" ON "import_records" USING btree ("status");--> statement-breakpoint
CREATE INDEX "uploads_created_at_index" ON "uploads" USING btree ("created_at");--> statement-breakpoint
-- Cancelled declaration lines leave the ECUS stock.
CREATE OR REPLACE VIEW "ecus_stock" AS
SELECT DISTINCT ON ("company_id", "folder_set_id", "code")
       "id", "company_id", "folder_set_id", "import_record_id", "created_at", "updated_at",
       "code", "hs", "item_name", "unit", "unit_price", "extra"
  FROM "ecus_lines" e
 WHERE "account_number" LIKE '1%'
   AND NOT EXISTS (SELECT 1 FROM "ecus_cancel_records" c WHERE c."ecus_id" = e."id")
 ORDER BY "company_id", "folder_set_id", "code", "registered_date" DESC, "id" DESC;
