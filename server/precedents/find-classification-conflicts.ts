import type { ClassificationConflicts } from '../../common/precedents/schemas.js';
import type { Run } from '../db/run.js';

/** Conflicts an import record keeps to show; the count says how many there were. */
const keptConflicts = 20;

/**
 * What an ECUS import still loading adds to the company's inconsistencies: its item codes, and its item names (folded)
 * that several item codes carry, which it declares under an HS code beside another one, where the company's effective
 * lines had at most one. Called before the import's final transaction, with the classifications of its own lines it
 * kept as it loaded them (`imported`, added up: `addUpImportedLines`): those lines are not yet among the company's kept
 * classifications, which are current without them. Each code and name of the import is one index lookup there.
 */
export async function findClassificationConflicts(options: { run: Run; companyId: string; imported: string }): Promise<ClassificationConflicts> {
  const rows = await options.run<{ kind: 'code' | 'name'; code: string | null; item_name: string | null; hs_codes: string[]; total: number }>(
    `WITH imported AS MATERIALIZED (SELECT code, folded, max(name) AS item_name, hs FROM ${options.imported} GROUP BY 1, 2, 4),
     codes AS (
       SELECT 'code' AS kind, i.code, min(i.item_name) AS item_name, array_agg(DISTINCT i.hs) AS brought,
              ARRAY(SELECT DISTINCT k.hs FROM ecus_classifications k WHERE k.company_id = $1 AND upper(k.code) = upper(i.code) AND k.code = i.code) AS held,
              '{}'::text[] AS held_codes, '{}'::text[] AS brought_codes
         FROM imported i WHERE i.code <> '' GROUP BY i.code),
     names AS (
       SELECT 'name' AS kind, NULL::text AS code, min(n.item_name) AS item_name, array_agg(DISTINCT n.hs) AS brought,
              ARRAY(SELECT DISTINCT k.hs FROM ecus_classifications k WHERE k.company_id = $1 AND k.folded = n.folded) AS held,
              ARRAY(SELECT DISTINCT k.code FROM ecus_classifications k WHERE k.company_id = $1 AND k.folded = n.folded) AS held_codes,
              array_agg(DISTINCT n.code) AS brought_codes
         FROM imported n WHERE n.folded <> '' GROUP BY n.folded),
     judged AS (
       SELECT kind, code, item_name, held, ARRAY(SELECT DISTINCT h FROM unnest(brought || held) h ORDER BY h) AS hs_codes,
              ARRAY(SELECT DISTINCT x FROM unnest(brought_codes || held_codes) x) AS item_codes
         FROM (SELECT * FROM codes UNION ALL SELECT * FROM names) c),
     added AS (
       SELECT * FROM judged
        WHERE cardinality(hs_codes) > 1 AND cardinality(held) <= 1 AND (kind = 'code' OR cardinality(item_codes) > 1))
     SELECT kind, code, item_name, hs_codes, count(*) OVER ()::int AS total FROM added ORDER BY kind, code, item_name LIMIT ${keptConflicts}`,
    [options.companyId]);
  return { count: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...row }) => row) };
}
