CREATE TABLE "ecus_superseded_lines" (
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"line_id" integer NOT NULL,
	CONSTRAINT "ecus_superseded_lines_folder_set_id_line_id_pk" PRIMARY KEY("folder_set_id","line_id")
);
--> statement-breakpoint
ALTER TABLE "ecus_superseded_lines" ADD CONSTRAINT "ecus_superseded_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecus_superseded_lines" ADD CONSTRAINT "ecus_superseded_lines_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecus_superseded_lines_company_id_index" ON "ecus_superseded_lines" USING btree ("company_id");--> statement-breakpoint
-- Writers find the lines of a declaration (its first 11 digits) by this index, and so do AMA and cancel imports.
CREATE INDEX "ecus_lines_declaration_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id",left("account_number", 11));--> statement-breakpoint
INSERT INTO "ecus_superseded_lines" ("company_id", "folder_set_id", "line_id")
SELECT e.company_id, e.folder_set_id, e.id
  FROM ecus_lines e
  JOIN (SELECT x.folder_set_id, left(x.account_number, 11) AS declaration, max(x.account_number) AS account_number
          FROM ecus_lines x
         WHERE x.import_record_id IS NULL OR x.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running'))
         GROUP BY 1, 2) latest
    ON latest.folder_set_id = e.folder_set_id AND latest.declaration = left(e.account_number, 11) AND e.account_number < latest.account_number;
