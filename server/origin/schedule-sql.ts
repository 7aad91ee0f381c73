import { coFormKeySql } from '../../common/agreement-partners.js';
import { flattenBomCte } from '../reports/flatten-bom.js';

/**
 * What saved schedules claim of each import line or purchase (source, source_id, quantity), of the company `company`
 * and the schedules `where` keeps. A shipment consumes its materials once, whichever agreements its schedules are
 * saved under: per export line the largest claim counts, and the export lines' claims add up.
 */
export const claimedStock = (company: string, where = 'true') => `
    SELECT source, source_id, sum(quantity) AS quantity FROM (
      SELECT c.source, c.source_id, s.ecus_id, max(c.quantity) AS quantity FROM origin_claims c JOIN origin_schedules s ON s.id = c.schedule_id
       WHERE s.company_id = ${company} AND ${where} GROUP BY c.source, c.source_id, s.ecus_id) per_line
     GROUP BY source, source_id`;

export const visible = (alias: string) =>
  `${alias}.company_id = $1 AND ${alias}.folder_set_id = $2 AND (${alias}.import_record_id IS NULL OR ${alias}.import_record_id NOT IN (SELECT id FROM loading))`;

/**
 * The materials of one unit of an exported product with the evidence each is priced and judged by (domain §7.3,
 * §7.7), in one statement. $1 company, $2 folder set, $3 the export line id, $4 the price option, $5 the C/O
 * forms that prove origin under the agreement (upper case).
 *
 * Evidence is every import line (not cancelled) and domestic purchase of the material on or before the export
 * day; its value per unit of material is the customs value for imports (CIF) or the purchase price, converted to
 * the invoice currency at the export line's exchange rate. The price option picks the line: highest or lowest
 * value, the latest, or the latest with the quantity-weighted average value — among the lines with enough quantity
 * left for the shipment once what saved schedules of other export lines claimed is taken out (C/O stock).
 * $6, $7, $8: materials, sources ('ecus' or 'purchase') and ids of the evidence the user picked.
 */
export const scheduleMaterialsQuery = `WITH RECURSIVE
  loading AS (SELECT id FROM import_records WHERE company_id = $1 AND status IN ('queued', 'running')),
  export_line AS (
    SELECT e.id AS line_id, e.code, e.registered_date AS day, 1::numeric AS quantity, nullif(e.exchange_rate, 0) AS rate, e.total AS shipped
      FROM ecus_lines e WHERE e.id = $3 AND ${visible('e')}),
  -- What saved schedules of other export lines have claimed of each import line or purchase (C/O stock).
  claimed AS (${claimedStock('$1', 's.ecus_id <> $3')}),
  -- Evidence the user picked for a material (perform-manual): it comes first whatever the price option.
  pins AS (SELECT * FROM unnest($6::text[], $7::text[], $8::int[]) AS p(code, source, id)),
  ${flattenBomCte({ demand: 'export_line', visible })},
  materials AS (SELECT material_code, max(material_unit) AS unit, sum(quantity) AS norm FROM flat_bom GROUP BY material_code),
  -- Materialized: the planner takes the materials for one row and would otherwise rescan every line of evidence
  -- once per material.
  evidence AS MATERIALIZED (
    SELECT 'ecus' AS source, e.id, e.code, e.hs, e.from_country, e.item_name AS name, e.registered_date AS day, e.account_number AS document,
           e.co_form, e.co_number AS reference, e.total AS quantity,
           e.total_value / nullif(e.total, 0) / (SELECT rate FROM export_line) AS unit_value,
           coalesce(${coFormKeySql('e.co_form')}, '') = ANY($5::text[]) AS proves_origin,
           e.total - coalesce((SELECT quantity FROM claimed WHERE source = 'ecus' AND source_id = e.id), 0) AS available
      FROM ecus_lines e
     WHERE ${visible('e')} AND e.account_number LIKE '1%' AND e.registered_date <= (SELECT day FROM export_line)
       AND e.code IN (SELECT material_code FROM materials)
       AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = $2 AND c.ecus_id = e.id)
    UNION ALL
    SELECT 'purchase', p.id, p.code, p.hs, 'VN', p.name, p.bill_date, p.bill_no, NULL, p.supplier_declaration, p.quantity,
           coalesce(p.tien_hang / nullif(p.quantity, 0), p.don_gia_mua) / (SELECT rate FROM export_line),
           coalesce(p.supplier_declaration, '') <> '',
           p.quantity - coalesce((SELECT quantity FROM claimed WHERE source = 'purchase' AND source_id = p.id), 0)
      FROM purchases p
     WHERE ${visible('p')} AND (p.bill_date IS NULL OR p.bill_date <= (SELECT day FROM export_line))
       AND p.code IN (SELECT material_code FROM materials)),
  -- A line can back the shipment only with enough of its quantity left unclaimed.
  usable AS (
    SELECT v.* FROM evidence v JOIN materials m ON m.material_code = v.code
     WHERE v.unit_value IS NOT NULL AND v.available >= m.norm * (SELECT shipped FROM export_line)),
  chosen AS (
    SELECT DISTINCT ON (code) u.*, EXISTS (SELECT 1 FROM pins p WHERE p.code = u.code AND p.source = u.source AND p.id = u.id) AS pinned FROM usable u
     ORDER BY code, pinned DESC,
              CASE WHEN $4 = 'high_price' THEN -unit_value WHEN $4 = 'low_price' THEN unit_value END,
              day DESC NULLS LAST, id DESC),
  averaged AS (SELECT code, sum(unit_value * quantity) / nullif(sum(quantity), 0) AS unit_value FROM usable GROUP BY code),
  material_names AS (
    SELECT b.material_code, max(b.material_name) AS name FROM bom_lines b
     WHERE ${visible('b')} AND b.material_code IN (SELECT material_code FROM materials) GROUP BY 1)
  SELECT m.material_code, coalesce(n.name, c.name) AS material_name, m.unit AS material_unit, trim_scale(round(m.norm, 6))::text AS bom_value,
         c.hs, c.from_country, c.reference AS reference_no, c.co_form, c.document AS account_number, c.day::text AS registered_date,
         c.source, c.id AS source_id, coalesce(c.proves_origin, false) AS proves_origin,
         CASE WHEN $4 = 'weighted_average' AND NOT c.pinned THEN a.unit_value ELSE c.unit_value END::float8 AS unit_value, m.norm::float8 AS norm,
         trim_scale(round(m.norm * (SELECT shipped FROM export_line), 6))::text AS claim_quantity
    FROM materials m
    LEFT JOIN chosen c ON c.code = m.material_code
    LEFT JOIN averaged a ON a.code = m.material_code
    LEFT JOIN material_names n ON n.material_code = m.material_code
   ORDER BY m.material_code`;

/** The export line the schedule is for, with the filer's tax code. */
export const exportLineQuery = `
  SELECT e.id, e.account_number, e.code, e.item_name, e.hs, e.unit, e.total::text AS total, e.registered_date::text AS day,
         e.unit_price::float8 AS unit_price, e.nt_value::float8 AS nt_value, e.exchange_rate::float8 AS exchange_rate,
         upper(coalesce(e.price_condition, 'FOB')) AS price_condition, nullif(trim(e.currency), '') AS currency, c.tax_code
    FROM ecus_lines e JOIN companies c ON c.id = e.company_id
   WHERE e.id = $3 AND e.company_id = $1 AND e.folder_set_id = $2 AND e.account_number LIKE '3%'`;

/** The most specific product-specific rule of an agreement for an HS code in the latest rules year up to `$3`. */
export const productRuleQuery = `
  SELECT hs, rule FROM lookup_origin_rule
   WHERE agreement = $1 AND hs = ANY($2::text[])
     AND year = coalesce((SELECT max(year) FROM lookup_origin_rule WHERE year <= $3), (SELECT max(year) FROM lookup_origin_rule))
   ORDER BY length(hs) DESC LIMIT 1`;
