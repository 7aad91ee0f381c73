/**
 * Multi-level BOM flattening as common table expressions (domain §5), for every report that turns product
 * quantities into material quantities: the check statement's theoretical consumption and the origin
 * schedules' materials.
 *
 * Given a CTE named by `demand` with columns (line_id, code, day, quantity) — a product quantity needed on a day
 * — it defines `flat_bom` (line_id, product_code, day, material_code, material_unit, quantity, depth): the
 * quantity of each leaf material the demand consumes, along every path product → semi-finished → material,
 * each level's norm including its loss rate (norm × (1 + loss_rate / 100)) and valid on the day. A material
 * that has a BOM of its own valid on the day is expanded, not counted; a cycle is cut where it closes; the
 * expansion stops at `maxDepth` levels. `$1` and `$2` are the company and folder set; `visible` is the
 * caller's row filter (it leaves out rows of imports still loading).
 */
export const maxBomDepth = 12;

export function flattenBomCte(options: { demand: string; visible: (alias: string) => string }): string {
  const valid = (alias: string, day: string) =>
    `(${alias}.valid_from IS NULL OR ${alias}.valid_from <= ${day}) AND (${alias}.valid_to IS NULL OR ${alias}.valid_to >= ${day})`;
  return `
  bom_norms AS (
    SELECT b.code, b.material_code, b.material_unit, b.valid_from, b.valid_to,
           b.bom_value * (1 + coalesce(b.loss_rate, 0) / 100) AS norm
      FROM bom_lines b WHERE ${options.visible('b')}),
  bom_paths (line_id, product_code, day, material_code, material_unit, quantity, depth, path) AS (
    SELECT d.line_id, d.code, d.day, n.material_code, n.material_unit, d.quantity * n.norm, 1, ARRAY[d.code, n.material_code]
      FROM ${options.demand} d JOIN bom_norms n ON n.code = d.code AND ${valid('n', 'd.day')}
    UNION ALL
    SELECT p.line_id, p.product_code, p.day, n.material_code, n.material_unit, p.quantity * n.norm, p.depth + 1, p.path || n.material_code
      FROM bom_paths p JOIN bom_norms n ON n.code = p.material_code AND ${valid('n', 'p.day')}
     WHERE p.depth < ${maxBomDepth} AND NOT n.material_code = ANY(p.path)),
  flat_bom AS (
    SELECT p.line_id, p.product_code, p.day, p.material_code, p.material_unit, p.quantity, p.depth
      FROM bom_paths p
     WHERE NOT EXISTS (SELECT 1 FROM bom_norms n WHERE n.code = p.material_code AND ${valid('n', 'p.day')}))`;
}
