-- Public tariff lookup: tariff lines per year, classification decisions, regulations, origin rules,
-- the certificate-of-origin reference index and contact questions. The *_f columns hold accent- and
-- case-folded text so that "ca phe" finds "cà phê"; trigram indexes make substring and typo search fast.
CREATE TABLE lookup_tariff_line (
  year smallint NOT NULL,
  id text NOT NULL,
  hs text NOT NULL,
  level smallint NOT NULL,
  parent_id text,
  section text NOT NULL DEFAULT '',
  position integer NOT NULL,
  description text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  unit_of_quantity text NOT NULL DEFAULT '',
  en_description text NOT NULL DEFAULT '',
  en_notes text NOT NULL DEFAULT '',
  en_unit_of_quantity text NOT NULL DEFAULT '',
  ko_description text NOT NULL DEFAULT '',
  ko_notes text NOT NULL DEFAULT '',
  ko_unit_of_quantity text NOT NULL DEFAULT '',
  vi_description_f text GENERATED ALWAYS AS (fold_text(description)) STORED,
  vi_notes_f text GENERATED ALWAYS AS (fold_text(notes)) STORED,
  en_description_f text GENERATED ALWAYS AS (fold_text(en_description)) STORED,
  en_notes_f text GENERATED ALWAYS AS (fold_text(en_notes)) STORED,
  ko_description_f text GENERATED ALWAYS AS (fold_text(ko_description)) STORED,
  ko_notes_f text GENERATED ALWAYS AS (fold_text(ko_notes)) STORED,
  PRIMARY KEY (year, id)
);
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_parent_idx ON lookup_tariff_line (year, parent_id, position);
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_id_idx ON lookup_tariff_line (year, id text_pattern_ops);
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_vi_trgm ON lookup_tariff_line USING gin ((vi_description_f || ' ' || vi_notes_f) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_en_trgm ON lookup_tariff_line USING gin ((en_description_f || ' ' || en_notes_f) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX lookup_tariff_line_ko_trgm ON lookup_tariff_line USING gin ((ko_description_f || ' ' || ko_notes_f) gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE lookup_decision (
  id serial PRIMARY KEY,
  year smallint NOT NULL,
  doc_no text NOT NULL,
  doc_date date,
  hs text NOT NULL,
  product_name text NOT NULL DEFAULT '',
  product_properties text NOT NULL DEFAULT '',
  product_description text NOT NULL DEFAULT '',
  en_product_name text NOT NULL DEFAULT '',
  en_product_properties text NOT NULL DEFAULT '',
  ko_product_name text NOT NULL DEFAULT '',
  ko_product_properties text NOT NULL DEFAULT '',
  vi_search_f text GENERATED ALWAYS AS (fold_text(product_name || ' ' || product_properties || ' ' || product_description)) STORED,
  en_search_f text GENERATED ALWAYS AS (fold_text(en_product_name || ' ' || en_product_properties)) STORED,
  ko_search_f text GENERATED ALWAYS AS (fold_text(ko_product_name || ' ' || ko_product_properties)) STORED
);
--> statement-breakpoint
CREATE INDEX lookup_decision_hs_idx ON lookup_decision (year, hs text_pattern_ops);
--> statement-breakpoint
CREATE INDEX lookup_decision_vi_trgm ON lookup_decision USING gin (vi_search_f gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX lookup_decision_en_trgm ON lookup_decision USING gin (en_search_f gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX lookup_decision_ko_trgm ON lookup_decision USING gin (ko_search_f gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE lookup_regulation (
  id serial PRIMARY KEY,
  doc_no text NOT NULL UNIQUE,
  doc_date date,
  issuer text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  en_title text NOT NULL DEFAULT '',
  ko_title text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  en_summary text NOT NULL DEFAULT '',
  ko_summary text NOT NULL DEFAULT ''
);
--> statement-breakpoint
-- A regulation linked to a code applies to that code and everything under it.
CREATE TABLE lookup_regulation_code (
  regulation_id integer NOT NULL REFERENCES lookup_regulation (id) ON DELETE CASCADE,
  hs text NOT NULL,
  PRIMARY KEY (regulation_id, hs)
);
--> statement-breakpoint
CREATE INDEX lookup_regulation_code_hs_idx ON lookup_regulation_code (hs);
--> statement-breakpoint
-- Product-specific origin rule of one agreement for a code; the code page shows the most specific one.
CREATE TABLE lookup_origin_rule (
  year smallint NOT NULL,
  hs text NOT NULL,
  agreement text NOT NULL,
  rule text NOT NULL,
  PRIMARY KEY (year, hs, agreement)
);
--> statement-breakpoint
CREATE TABLE lookup_co_record (
  id serial PRIMARY KEY,
  reference_no text NOT NULL,
  form text NOT NULL DEFAULT '',
  issue_date date,
  exporting_country text NOT NULL DEFAULT '',
  importing_country text NOT NULL DEFAULT '',
  hs text NOT NULL DEFAULT '',
  goods_description text NOT NULL DEFAULT '',
  search_f text GENERATED ALWAYS AS (fold_text(reference_no || ' ' || form || ' ' || exporting_country || ' ' || importing_country || ' ' || hs || ' ' || goods_description)) STORED
);
--> statement-breakpoint
CREATE INDEX lookup_co_record_trgm ON lookup_co_record USING gin (search_f gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE lookup_contact_message (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  question text NOT NULL,
  file_name text,
  file_type text,
  file bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz
);
