-- Ranked tariff search. A line is found through its own words (its text and that of the untitled group rows it sits
-- under) and, weighted below them, the words of its coded ancestors from the heading down; Vietnamese and Korean are
-- read syllable by syllable (accents folded), English stemmed.
ALTER TABLE lookup_tariff_line ADD COLUMN words_tsv tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE lookup_tariff_line ADD COLUMN context_tsv tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE lookup_tariff_line ADD COLUMN search_tsv tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE lookup_tariff_line ADD COLUMN accent_tsv tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE lookup_tariff_line ADD COLUMN main_tsv tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE lookup_tariff_line ADD COLUMN head_tsv tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_search_idx ON lookup_tariff_line USING gin (search_tsv);
--> statement-breakpoint
-- The words of a text in every language: Vietnamese and Korean folded, syllable by syllable; English stemmed.
CREATE OR REPLACE FUNCTION lookup_words(vi text, en text, ko text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT to_tsvector('simple'::regconfig, fold_text(coalesce(vi, ''))) || to_tsvector('english'::regconfig, coalesce(en, ''))
  || to_tsvector('simple'::regconfig, fold_text(coalesce(ko, ''))) $$;
--> statement-breakpoint
-- The words that name what a line is: the start of its description (after the dashes of its depth) up to the first
-- word that turns to what it is for, made of or part of ("Ống dùng cho nồi cơm điện", "Parts of air conditioning
-- machines" name tubes and parts, not rice cookers or air conditioners), at most six words. Brackets read as commas.
CREATE OR REPLACE FUNCTION lookup_main_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT regexp_replace(
  ' ' || coalesce(substring(translate(lower(regexp_replace(coalesce(value, ''), '^[-\s]+', '')), '()[]', ',,,,') FROM '^(?:[^\s]+\s+){0,5}[^\s]*'), '') || ' ',
  '[\s,]+(?:dùng|sử dụng|cho|của|trừ|kể cả|gồm|thuộc|với|có|đã|chưa|để|loại dùng|for|of|used|comprising|with|whether|other than|excluding|including|incorporating|containing|not|in|on|by|from|having|designed|suitable|whose|which)[\s,].*$',
  ' ') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lookup_main_words(vi text, en text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lookup_words(lookup_main_text(vi), lookup_main_text(en), '') $$;
--> statement-breakpoint
-- The head words of the names a line gives (items of its main text separated by commas, `và`, `and`): a Vietnamese
-- name starts with its head ("Giấy cuốn thuốc lá điếu" is paper), an English one ends with it ("Cigarette paper").
CREATE OR REPLACE FUNCTION lookup_head_words(vi text, en text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT
  to_tsvector('simple'::regconfig, fold_text(coalesce((SELECT string_agg(substring(trim(item) FROM '^[^\s]+(?:\s+[^\s]+)?'), ' ')
    FROM regexp_split_to_table(lookup_main_text(vi), ',|;|:|\s(?:và|hoặc)\s') AS item), '')))
  || to_tsvector('english'::regconfig, coalesce((SELECT string_agg(substring(trim(item) FROM '([^\s]+)$'), ' ')
    FROM regexp_split_to_table(lookup_main_text(en), ',|;|:|\s(?:and|or)\s') AS item), '')) $$;
--> statement-breakpoint
-- The search columns of a year's lines in a table shaped like lookup_tariff_line (the table itself, or the rows an
-- import stages before inserting them): their own words and those of their ancestors from the heading down (chapters
-- and sections are too broad to tell lines apart). Each line's words are read once and carried down the tree.
CREATE OR REPLACE FUNCTION lookup_tariff_search_columns(source regclass, target_year smallint)
RETURNS TABLE (id text, words tsvector, context tsvector, accents tsvector, main tsvector, head tsvector)
LANGUAGE plpgsql STABLE
AS $fn$
BEGIN
  RETURN QUERY EXECUTE format($q$
WITH RECURSIVE base AS MATERIALIZED (
  SELECT s.id, s.parent_id, s.level, position('~' IN s.id) > 0 AS grouped,
         lookup_words(s.description || ' ' || s.notes, s.en_description || ' ' || s.en_notes, s.ko_description || ' ' || s.ko_notes) AS words,
         to_tsvector('simple'::regconfig, lower(s.description)) AS accents,
         lookup_main_words(s.description, s.en_description) AS main,
         lookup_head_words(s.description, s.en_description) AS head
    FROM %s s WHERE s.year = $1
), up AS (
  SELECT b.id AS line_id, b.parent_id AS next_id, 0 AS depth, b.words AS own, ''::tsvector AS context, b.accents, b.main, b.head,
         true AS in_group
    FROM base b
  UNION ALL
  SELECT up.line_id, a.parent_id, up.depth + 1,
         CASE WHEN up.in_group AND a.grouped THEN up.own || a.words ELSE up.own END,
         CASE WHEN up.in_group AND a.grouped THEN up.context ELSE up.context || a.words END,
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
--> statement-breakpoint
UPDATE lookup_tariff_line l
   SET words_tsv = c.words, context_tsv = c.context, search_tsv = c.words || c.context, accent_tsv = c.accents, main_tsv = c.main, head_tsv = c.head
  FROM (SELECT DISTINCT year FROM lookup_tariff_line) AS years, lookup_tariff_search_columns('lookup_tariff_line', years.year) AS c
 WHERE l.year = years.year AND l.id = c.id;
--> statement-breakpoint
-- Decisions: the product's name is its own words, its properties and description the context.
ALTER TABLE lookup_decision ADD COLUMN words_tsv tsvector GENERATED ALWAYS AS (lookup_words(product_name, en_product_name, ko_product_name)) STORED;
--> statement-breakpoint
ALTER TABLE lookup_decision ADD COLUMN context_tsv tsvector GENERATED ALWAYS AS (
  lookup_words(product_properties || ' ' || product_description, en_product_properties, ko_product_properties)) STORED;
--> statement-breakpoint
ALTER TABLE lookup_decision ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
  lookup_words(product_name || ' ' || product_properties || ' ' || product_description, en_product_name || ' ' || en_product_properties,
               ko_product_name || ' ' || ko_product_properties)) STORED;
--> statement-breakpoint
ALTER TABLE lookup_decision ADD COLUMN accent_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, lower(product_name || ' ' || product_properties))) STORED;
--> statement-breakpoint
ALTER TABLE lookup_decision ADD COLUMN main_tsv tsvector GENERATED ALWAYS AS (lookup_main_words(product_name, en_product_name)) STORED;
--> statement-breakpoint
ALTER TABLE lookup_decision ADD COLUMN head_tsv tsvector GENERATED ALWAYS AS (lookup_head_words(product_name, en_product_name)) STORED;
--> statement-breakpoint
CREATE INDEX lookup_decision_search_idx ON lookup_decision USING gin (search_tsv);
