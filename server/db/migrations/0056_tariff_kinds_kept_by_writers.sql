-- The kinds of the companies' import lines, which the tariff check judges instead of reading a year of lines
-- (server/resources/declared-tariff-kinds.ts): effective import declaration lines with an HS code grouped by folder set,
-- month, item code, type code and what the check judges a line by, with their count, customs value and declared duty.
-- Kept by the writers of declaration lines for the codes a write touches, as the monthly sums are.
CREATE TABLE "ecus_tariff_kinds" (
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
  "folder_set_id" uuid NOT NULL REFERENCES "folder_sets"("id") ON DELETE CASCADE,
  "month" date NOT NULL,
  "code" text,
  "type_code" text,
  "line_id" text NOT NULL,
  "form" text NOT NULL,
  "schedule" text NOT NULL,
  "from_country" text NOT NULL,
  "exemption" boolean NOT NULL,
  "tax_rate" numeric NOT NULL,
  "proven" boolean NOT NULL,
  "value_source" text NOT NULL,
  "lines" integer NOT NULL,
  "total_value" numeric NOT NULL,
  "tax_cost" numeric NOT NULL,
  "unpaid_value" numeric NOT NULL
);
--> statement-breakpoint
-- A kind's key: the rows a writer re-derives for some codes (its first columns), and the one an import's lines add to.
CREATE UNIQUE INDEX "ecus_tariff_kinds_key_idx" ON "ecus_tariff_kinds" ("company_id", "folder_set_id", "code", "month", "type_code", "line_id", "form",
  "schedule", "from_country", "exemption", "tax_rate", "proven", "value_source") NULLS NOT DISTINCT;
--> statement-breakpoint
-- Filled once from every company's effective import lines (latest versions, not cancelled, of no import still loading).
INSERT INTO "ecus_tariff_kinds"
SELECT e.company_id, e.folder_set_id, date_trunc('month', e.registered_date)::date, e.code, e.type_code, left(e.hs, 8),
       coalesce(upper(replace(nullif(trim(e.co_form), ''), ' ', '')), ''), coalesce(upper(replace(nullif(trim(e.tariff_schedule), ''), ' ', '')), ''),
       coalesce(e.from_country, ''), coalesce(trim(e.exemption_code), '') <> '', coalesce(e.tax_rate, -1),
       coalesce(trim(e.co_form), '') <> '' OR coalesce(trim(e.co_number), '') <> '', v.source,
       count(*)::int, coalesce(sum(v.value), 0), coalesce(sum(e.tax_cost), 0), coalesce(sum(v.value) FILTER (WHERE e.tax_cost IS NULL), 0)
  FROM ecus_lines e
 CROSS JOIN LATERAL (
   SELECT round(CASE WHEN upper(trim(e.currency)) = 'VND' THEN coalesce(e.nt_value, e.unit_price * e.total)
                     WHEN e.exchange_rate > 0 THEN coalesce(e.nt_value, e.unit_price * e.total) * e.exchange_rate END, 0) AS derived) d
 CROSS JOIN LATERAL (
   SELECT coalesce(e.total_value, d.derived) AS value,
          CASE WHEN e.total_value IS NOT NULL THEN 'declared' WHEN d.derived IS NOT NULL THEN 'derived' ELSE 'missing' END AS source) v
 WHERE e.account_number LIKE '1%' AND coalesce(e.hs, '') <> '' AND e.registered_date IS NOT NULL
   AND (e.import_record_id IS NULL OR e.import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
   AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
   AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = e.company_id AND c.folder_set_id = e.folder_set_id AND c.ecus_id = e.id)
 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
--> statement-breakpoint
ANALYZE "ecus_tariff_kinds";
