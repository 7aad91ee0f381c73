-- Search folds accents (unaccent) and matches substrings and typos (pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot back an index or a generated
-- column. This wrapper pins the dictionary and folds case and the Vietnamese đ, which unaccent keeps.
CREATE OR REPLACE FUNCTION fold_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT lower(translate(public.unaccent('public.unaccent'::regdictionary, value), 'đĐ', 'dd')) $$;
