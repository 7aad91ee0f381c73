-- The same folding, faster: PostgreSQL never inlines the SQL function (an IMMUTABLE body that calls the STABLE
-- unaccent), so every row paid a SQL function call. PL/pgSQL evaluates the expression with less overhead, and
-- text without a character beyond ASCII, which unaccent leaves as it is (codes, English), only needs lower().
-- The results are those of the earlier definition, so the indexes and generated columns built on it stay valid.
CREATE OR REPLACE FUNCTION fold_text(value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
AS $$
BEGIN
  IF value ~ '^[\x01-\x7f]*$' THEN
    RETURN lower(value);
  END IF;
  RETURN lower(translate(public.unaccent('public.unaccent'::regdictionary, value), 'đĐ', 'dd'));
END
$$;
