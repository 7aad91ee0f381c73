/**
 * Multi-level BOM flattening as common table expressions (domain §5), for every report that turns product
 * quantities into material quantities: the check statement's theoretical consumption and the origin
 * schedules' materials.
 *
 * Given a CTE named by `demand` with columns (line_id, code, day, quantity) — a product quantity needed on a day
 * — and optionally one named by `products` with the codes to flatten (a `code` column; by default the demand's), it
 * defines `flat_norms` (each product's leaf norms with the days they hold) and `flat_bom` (line_id, product_code, day, material_code, material_unit, quantity, depth): the
 * quantity of each leaf material the demand consumes, along every path product → semi-finished → material,
 * each level's norm including its loss rate (norm × (1 + loss_rate / 100)) and valid on the day. A material
 * that has a BOM of its own valid on the day is expanded, not counted; a cycle is cut where it closes; the
 * expansion stops at `maxBomDepth` levels. `$1` and `$2` are the company and folder set; `visible` is the
 * caller's row filter (it leaves out rows of imports still loading). `summedNorms` reads the BOM once and sums its
 * lines of the same product, material, unit and days first: for a demand of most products (flat_bom then has one row
 * per demand line and such sum, not per BOM line).
 */
export const maxBomDepth = 12;

export function flattenBomCte(options: { demand: string; products?: string; visible: (alias: string) => string; summedNorms?: boolean }): string {
  const overlaps = (a: string, b: string) =>
    `(${a}.valid_to IS NULL OR ${b}.valid_from IS NULL OR ${b}.valid_from <= ${a}.valid_to) AND (${a}.valid_from IS NULL OR ${b}.valid_to IS NULL OR ${b}.valid_to >= ${a}.valid_from)`;
  // The norms are a subquery written out at each use rather than a CTE: a CTE read three times is computed whole,
  // every BOM line of the folder set, where written out each use reads only the codes it joins on, by index.
  const lineNorms = `(SELECT b.code, b.material_code, b.material_unit, b.valid_from, b.valid_to, b.bom_value * (1 + coalesce(b.loss_rate, 0) / 100) AS norm
      FROM bom_lines b WHERE ${options.visible('b')})`;
  // Unless the whole BOM is read anyway (a year's exports demand every product): then its lines are read once, and
  // those of the same product, material, unit and days summed first, so that the paths are expanded once, not once a
  // line. Exact: a path's norm is a product of norms, and numeric sums and products distribute.
  const bomNorms = options.summedNorms ? 'bom_norms' : lineNorms;
  return `${options.summedNorms ? `
  bom_norms AS MATERIALIZED (
    SELECT code, material_code, material_unit, valid_from, valid_to, sum(norm) AS norm FROM ${lineNorms} n GROUP BY 1, 2, 3, 4, 5),` : ''}
  -- Norms are flattened once per demanded product, not per demand line: each path keeps the days all its
  -- levels hold (greatest start, least end; null is open-ended).
  bom_paths (product_code, material_code, material_unit, norm, valid_from, valid_to, depth, path) AS (
    SELECT n.code, n.material_code, n.material_unit, n.norm, n.valid_from, n.valid_to, 1, ARRAY[n.code, n.material_code]
      FROM ${bomNorms} n WHERE n.code IN (SELECT code FROM ${options.products ?? options.demand})
    UNION ALL
    SELECT p.product_code, n.material_code, n.material_unit, p.norm * n.norm,
           greatest(p.valid_from, n.valid_from), least(p.valid_to, n.valid_to), p.depth + 1, p.path || n.material_code
      FROM bom_paths p JOIN ${bomNorms} n ON n.code = p.material_code AND ${overlaps('p', 'n')}
     WHERE p.depth < ${maxBomDepth} AND NOT n.material_code = ANY(p.path)),
  flat_norms AS (
    SELECT p.* FROM bom_paths p
     WHERE NOT EXISTS (SELECT 1 FROM ${bomNorms} n WHERE n.code = p.material_code AND ${overlaps('p', 'n')})),
  flat_bom AS (
    SELECT d.line_id, d.code AS product_code, d.day, f.material_code, f.material_unit, d.quantity * f.norm AS quantity, f.depth
      FROM ${options.demand} d JOIN flat_norms f ON f.product_code = d.code
       AND (f.valid_from IS NULL OR f.valid_from <= d.day) AND (f.valid_to IS NULL OR f.valid_to >= d.day))`;
}
