-- The length of a line's Vietnamese and English descriptions, by which lines of equal score are ordered (the shorter
-- first): kept with the line, so a search no longer counts the characters of both descriptions of every line it matches
-- (some stored apart, TOAST) — 3–4% of PostgreSQL's CPU over the lookup benchmark's mix, 10% for a large answer.
ALTER TABLE lookup_tariff_line ADD COLUMN text_length integer GENERATED ALWAYS AS (length(description) + length(en_description)) STORED;
