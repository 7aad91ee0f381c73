-- A company's declared classifications: its effective declaration lines (latest versions, not cancelled, with an HS
-- code) grouped by folder set, item code, folded item name, HS code and type code. The precedents search and the
-- consistency report read these few thousand rows rather than a million lines; they are rebuilt whole when the
-- company's data version has moved since (server/precedents/classifications.ts).
CREATE TABLE "ecus_classifications" (
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
  "folder_set_id" uuid NOT NULL REFERENCES "folder_sets"("id") ON DELETE CASCADE,
  "code" text,
  "folded" text NOT NULL,
  "name" text,
  "hs" text NOT NULL,
  "type_code" text,
  "lines" integer NOT NULL,
  "first_day" date NOT NULL,
  "last_day" date NOT NULL,
  "last_line" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ecus_classifications_code_idx" ON "ecus_classifications" ("company_id", upper("code"));
--> statement-breakpoint
CREATE INDEX "ecus_classifications_hs_idx" ON "ecus_classifications" ("company_id", "hs" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "ecus_classifications_name_idx" ON "ecus_classifications" ("company_id", "folded");
--> statement-breakpoint
CREATE INDEX "ecus_classifications_folded_idx" ON "ecus_classifications" USING gin ("folded" gin_trgm_ops);
--> statement-breakpoint
-- The data version of the company the classifications were built at.
CREATE TABLE "ecus_classification_versions" (
  "company_id" uuid PRIMARY KEY REFERENCES "companies"("id") ON DELETE CASCADE,
  "data_version" integer NOT NULL
);
--> statement-breakpoint
-- What an ECUS import found declared under another HS code than its own lines: [{code, item_name, hs_codes}].
ALTER TABLE "import_records" ADD COLUMN "classification_conflicts" jsonb;
