-- The type code rides in the day's index after the id instead of leading an index of its own (common/resources/ecus.ts).
DROP INDEX "ecus_lines_type_code_registered_date_idx";--> statement-breakpoint
DROP INDEX "ecus_lines_registered_date_idx";--> statement-breakpoint
CREATE INDEX "ecus_lines_registered_date_idx" ON "ecus_lines" USING btree ("company_id","folder_set_id","registered_date","id","type_code") WITH (deduplicate_items=false);