-- The Explanatory Notes to the Harmonized System per heading (Vietnamese, with the English original): what each heading
-- covers in everyday words. Not per year: the notes follow the nomenclature, and a year's lines take those of their
-- heading when their search columns are computed. Loaded from data/lookup/heading-notes.tsv.gz by the seeder.
CREATE TABLE lookup_heading_note (
  heading text PRIMARY KEY,
  vi text NOT NULL,
  en text NOT NULL,
  words tsvector GENERATED ALWAYS AS (lookup_words(vi, en, '')) STORED
);
--> statement-breakpoint
-- As in 0033, and a heading's notes join the context of the heading and of every line under it (weighted as the
-- ancestors' words are, below the line's own).
CREATE OR REPLACE FUNCTION lookup_tariff_search_columns(source regclass, target_year smallint)
RETURNS TABLE (id text, words tsvector, context tsvector, accents tsvector, main tsvector, head tsvector)
LANGUAGE plpgsql STABLE
AS $fn$
BEGIN
  RETURN QUERY EXECUTE format($q$
WITH RECURSIVE base AS MATERIALIZED (
  SELECT s.id, s.parent_id, s.level, position('~' IN s.id) > 0 AS grouped,
         lookup_words(s.description || ' ' || s.notes, s.en_description || ' ' || s.en_notes, s.ko_description || ' ' || s.ko_notes) AS words,
         -- Weighted C, apart from the tariff's own words (D), so that exact mode can leave them out.
         setweight(coalesce(n.words, ''::tsvector), 'C') AS notes,
         to_tsvector('simple'::regconfig, lower(s.description)) AS accents,
         lookup_main_words(s.description, s.en_description) AS main,
         lookup_head_words(s.description, s.en_description) AS head
    FROM %s s LEFT JOIN lookup_heading_note n ON s.level = 4 AND n.heading = s.id
   WHERE s.year = $1
), up AS (
  SELECT b.id AS line_id, b.parent_id AS next_id, 0 AS depth, b.words AS own, b.notes AS context, b.accents, b.main, b.head,
         true AS in_group
    FROM base b
  UNION ALL
  SELECT up.line_id, a.parent_id, up.depth + 1,
         CASE WHEN up.in_group AND a.grouped THEN up.own || a.words ELSE up.own END,
         CASE WHEN up.in_group AND a.grouped THEN up.context ELSE up.context || a.words || a.notes END,
         CASE WHEN up.in_group AND a.grouped THEN up.accents || a.accents ELSE up.accents END,
         CASE WHEN up.in_group AND a.grouped THEN up.main || a.main ELSE up.main END,
         CASE WHEN up.in_group AND a.grouped THEN up.head || a.head ELSE up.head END,
         up.in_group AND a.grouped
    FROM up JOIN base a ON a.id = up.next_id
   WHERE a.level >= 4
), last AS (
  SELECT DISTINCT ON (line_id) line_id, own, context, accents, main, head FROM up ORDER BY line_id, depth DESC
)
SELECT line_id, own, context, accents, main, head FROM last
$q$, source) USING target_year;
END
$fn$;
