CREATE TABLE "book_monthly_sums" (
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"book" text NOT NULL,
	"month" date NOT NULL,
	"item_type" text,
	"code" text,
	"unit" text,
	"purpose" text,
	"quantity" numeric NOT NULL,
	"lines" integer NOT NULL,
	"name" text,
	"last_day" date NOT NULL,
	CONSTRAINT "book_monthly_sums_key" UNIQUE NULLS NOT DISTINCT("folder_set_id","book","month","item_type","code","unit","purpose")
);
--> statement-breakpoint
ALTER TABLE "book_monthly_sums" ADD CONSTRAINT "book_monthly_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_monthly_sums" ADD CONSTRAINT "book_monthly_sums_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_monthly_sums_company_id_index" ON "book_monthly_sums" USING btree ("company_id");--> statement-breakpoint
-- The books written before: their sums, as server/resources/book-sums.ts keeps them (rows of a loading import left out).
INSERT INTO "book_monthly_sums" ("company_id", "folder_set_id", "book", "month", "item_type", "code", "unit", "purpose", "quantity", "lines", "name", "last_day")
SELECT l.company_id, l.folder_set_id, 'warehouse_take_out', date_trunc('month', l.takeout_date)::date, l.item_type, l.code, l.unit, l.purpose,
       sum(l.quantity), count(*), max(l.name), max(l.takeout_date)
  FROM "warehouse_take_out" l
 WHERE l.takeout_date IS NOT NULL AND l.quantity IS NOT NULL
   AND (l.import_record_id IS NULL OR l.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
 GROUP BY 1, 2, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO "book_monthly_sums" ("company_id", "folder_set_id", "book", "month", "item_type", "code", "unit", "purpose", "quantity", "lines", "name", "last_day")
SELECT l.company_id, l.folder_set_id, 'warehouse_take_in', date_trunc('month', l.bill_date)::date, l.item_type, l.code, l.unit, l.purpose,
       sum(l.quantity), count(*), max(l.name), max(l.bill_date)
  FROM "warehouse_take_in" l
 WHERE l.bill_date IS NOT NULL AND l.quantity IS NOT NULL
   AND (l.import_record_id IS NULL OR l.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
 GROUP BY 1, 2, 4, 5, 6, 7, 8;
