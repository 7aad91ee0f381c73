export { inTransaction, likeEscape, planKeepingRunner, regexEscape, type Run, runner } from '../db/run.js';

/** Column list of a tariff line as the API shows it. */
export const tariffColumns = `l.id, l.hs, l.year::int AS year, l.level::int AS level, l.section, l.parent_id AS "_nest_parent_",
  l.description, l.notes, l.unit_of_quantity, l.en_description, l.en_notes, l.en_unit_of_quantity,
  l.ko_description, l.ko_notes, l.ko_unit_of_quantity`;

/**
 * A tariff line's ancestors below its heading (subheadings and untitled group rows), from the top down, as a JSON array:
 * what tells apart the lines a search finds worded alike (four lines read `Paving, hearth or wall tiles, glazed`, under
 * different water absorptions). A page reads it for its few lines, each walking up by its parent.
 */
export const tariffPathColumn = `(WITH RECURSIVE up AS (
    SELECT a.year, a.id, a.parent_id, a.level, a.description, a.en_description, a.ko_description
      FROM lookup_tariff_line a WHERE a.year = l.year AND a.id = l.parent_id AND a.level > 4
    UNION ALL
    SELECT a.year, a.id, a.parent_id, a.level, a.description, a.en_description, a.ko_description
      FROM up JOIN lookup_tariff_line a ON a.year = up.year AND a.id = up.parent_id WHERE a.level > 4)
  SELECT coalesce(json_agg(json_build_object('id', id, 'level', level, 'description', description, 'en_description', en_description,
    'ko_description', ko_description) ORDER BY level), '[]') FROM up) AS path`;

export const decisionColumns = `d.id::text AS id, d.year::int AS year, d.hs, d.doc_no, d.doc_date::text AS doc_date,
  d.product_name, d.product_properties, d.product_description, d.en_product_name, d.en_product_properties,
  d.ko_product_name, d.ko_product_properties`;
