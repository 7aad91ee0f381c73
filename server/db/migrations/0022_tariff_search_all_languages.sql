-- Search reads every language at once (a Vietnamese query in the English interface still finds Vietnamese
-- descriptions), so each table keeps one trigram index over the folded text of all its languages instead of
-- one per language. ' | ' between the languages keeps a phrase from running from one language into the next.
DROP INDEX IF EXISTS lookup_tariff_line_vi_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS lookup_tariff_line_en_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS lookup_tariff_line_ko_trgm;
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_all_trgm ON lookup_tariff_line USING gin ((vi_description_f || ' ' || vi_notes_f || ' | ' || en_description_f || ' ' || en_notes_f || ' | ' || ko_description_f || ' ' || ko_notes_f) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS lookup_decision_vi_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS lookup_decision_en_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS lookup_decision_ko_trgm;
--> statement-breakpoint
CREATE INDEX lookup_decision_all_trgm ON lookup_decision USING gin ((vi_search_f || ' | ' || en_search_f || ' | ' || ko_search_f) gin_trgm_ops);
--> statement-breakpoint
-- The licences, inspections and quarantine a line needs, as published: items separated by ';', each with its
-- legal reference in brackets.
ALTER TABLE lookup_tariff_line ADD COLUMN procedures text NOT NULL DEFAULT '';
