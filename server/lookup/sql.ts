export { inTransaction, likeEscape, planKeepingRunner, regexEscape, type Run, runner } from '../db/run.js';

/** Column list of a tariff line as the API shows it. */
export const tariffColumns = `l.id, l.hs, l.year::int AS year, l.level::int AS level, l.section, l.parent_id AS "_nest_parent_",
  l.description, l.notes, l.unit_of_quantity, l.en_description, l.en_notes, l.en_unit_of_quantity,
  l.ko_description, l.ko_notes, l.ko_unit_of_quantity`;

export const decisionColumns = `d.id::text AS id, d.year::int AS year, d.hs, d.doc_no, d.doc_date::text AS doc_date,
  d.product_name, d.product_properties, d.product_description, d.en_product_name, d.en_product_properties,
  d.ko_product_name, d.ko_product_properties`;
