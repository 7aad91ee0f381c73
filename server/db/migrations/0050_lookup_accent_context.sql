-- The Vietnamese words of a line with their accents, where they stand: the line's own text and that of the untitled
-- group rows it sits under (weighted A), its coded ancestors' from the heading down (B) and its heading's Explanatory
-- Notes (C). A query typed with accents is told apart by them wherever its words are found (`tủ đông` is not `tự động`,
-- `thép hộp` is not `thép hợp kim`), not only in the line's own description. Otherwise as in 0046.
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
         setweight(to_tsvector('simple'::regconfig, lower(s.description || ' ' || s.notes)), 'A') AS accents,
         setweight(to_tsvector('simple'::regconfig, lower(coalesce(n.vi, ''))), 'C') AS note_accents,
         lookup_main_words(s.description, s.en_description) AS main,
         lookup_head_words(s.description, s.en_description) AS head
    FROM %s s LEFT JOIN lookup_heading_note n ON s.level = 4 AND n.heading = s.id
   WHERE s.year = $1
), up AS (
  SELECT b.id AS line_id, b.parent_id AS next_id, 0 AS depth, b.words AS own, b.notes AS context, b.accents || b.note_accents AS accents,
         b.main, b.head, true AS in_group
    FROM base b
  UNION ALL
  SELECT up.line_id, a.parent_id, up.depth + 1,
         CASE WHEN up.in_group AND a.grouped THEN up.own || a.words ELSE up.own END,
         CASE WHEN up.in_group AND a.grouped THEN up.context ELSE up.context || a.words || a.notes END,
         CASE WHEN up.in_group AND a.grouped THEN up.accents || a.accents ELSE up.accents || setweight(a.accents, 'B') || a.note_accents END,
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
--> statement-breakpoint
-- The stored years' search columns are computed again by the seeder at the next start (server/lookup/seed-lookup.ts),
-- outside the migration's lock, and the row is then removed.
CREATE TABLE lookup_search_recompute (reason text PRIMARY KEY);
--> statement-breakpoint
INSERT INTO lookup_search_recompute (reason) VALUES ('0050_lookup_accent_context');
