import type { ClassificationConflicts } from '../../common/precedents/schemas.js';
import type { Database } from '../db/client.js';
import { runner } from '../db/run.js';
import { ensureClassifications } from './classifications.js';

/** Conflicts an import record keeps to show; the count says how many there were. */
const keptConflicts = 20;

/**
 * What an ECUS import still loading adds to the company's inconsistencies: its item codes, and its item names (folded)
 * that several item codes carry, which it declares under an HS code beside another one, where the company's effective
 * lines had at most one. Called before the import's final transaction: its own lines are not yet among the kept
 * classifications, which are brought to the company's data as it is without them. The import's lines are read once,
 * grouped by code, name and HS code; each of their codes and names is then one index lookup in the classifications.
 */
export async function findClassificationConflicts(options: { database: Database; companyId: string; importRecordId: number }): Promise<ClassificationConflicts> {
  await ensureClassifications(options.database, options.companyId);
  const rows = await runner(options.database)<{ kind: 'code' | 'name'; code: string | null; item_name: string | null; hs_codes: string[]; total: number }>(
    `WITH imported AS MATERIALIZED (
       SELECT code, item_name, hs FROM ecus_lines
        WHERE import_record_id = $2 AND company_id = $1 AND hs IS NOT NULL AND hs <> '' GROUP BY 1, 2, 3),
     named AS MATERIALIZED (SELECT code, item_name, coalesce(fold_text(item_name), '') AS folded, hs FROM imported),
     codes AS (
       SELECT 'code' AS kind, i.code, min(i.item_name) AS item_name, array_agg(DISTINCT i.hs) AS brought,
              ARRAY(SELECT DISTINCT k.hs FROM ecus_classifications k WHERE k.company_id = $1 AND upper(k.code) = upper(i.code) AND k.code = i.code) AS held,
              '{}'::text[] AS held_codes, '{}'::text[] AS brought_codes
         FROM imported i WHERE i.code IS NOT NULL AND i.code <> '' GROUP BY i.code),
     names AS (
       SELECT 'name' AS kind, NULL::text AS code, min(n.item_name) AS item_name, array_agg(DISTINCT n.hs) AS brought,
              ARRAY(SELECT DISTINCT k.hs FROM ecus_classifications k WHERE k.company_id = $1 AND k.folded = n.folded) AS held,
              ARRAY(SELECT DISTINCT k.code FROM ecus_classifications k WHERE k.company_id = $1 AND k.folded = n.folded AND k.code IS NOT NULL) AS held_codes,
              array_agg(DISTINCT n.code) FILTER (WHERE n.code IS NOT NULL) AS brought_codes
         FROM named n WHERE n.folded <> '' GROUP BY n.folded),
     judged AS (
       SELECT kind, code, item_name, held, ARRAY(SELECT DISTINCT h FROM unnest(brought || held) h ORDER BY h) AS hs_codes,
              ARRAY(SELECT DISTINCT x FROM unnest(coalesce(brought_codes, '{}') || held_codes) x) AS item_codes
         FROM (SELECT * FROM codes UNION ALL SELECT * FROM names) c),
     added AS (
       SELECT * FROM judged
        WHERE cardinality(hs_codes) > 1 AND cardinality(held) <= 1 AND (kind = 'code' OR cardinality(item_codes) > 1))
     SELECT kind, code, item_name, hs_codes, count(*) OVER ()::int AS total FROM added ORDER BY kind, code, item_name LIMIT ${keptConflicts}`,
    [options.companyId, options.importRecordId]);
  return { count: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...row }) => row) };
}
