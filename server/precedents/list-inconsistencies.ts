import type { Inconsistency } from '../../common/precedents/schemas.js';
import type { Database } from '../db/client.js';
import { runner } from '../db/run.js';
import { ensureClassifications } from './classifications.js';

/** Item names a report row lists at most. */
const maxNames = 10;

/**
 * Every item code the company declared under more than one HS code, and every item name (the same once folded) that
 * several item codes carry under different HS codes, newest first. A name of one item code only is its code's row. Over
 * every folder set, from the kept classifications (server/precedents/classifications.ts), in one statement.
 */
export async function listInconsistencies(options: { database: Database; companyId: string }): Promise<Inconsistency[]> {
  await ensureClassifications(options.database, options.companyId);
  return runner(options.database)<Inconsistency>(
    `WITH by_code AS (
       SELECT code AS key, hs, sum(lines)::int AS lines, max(last_day) AS last_day, array_agg(DISTINCT name) FILTER (WHERE name IS NOT NULL) AS names,
              ARRAY[code] AS codes
         FROM ecus_classifications WHERE company_id = $1 AND code IS NOT NULL AND code <> '' GROUP BY code, hs),
     by_name AS (
       SELECT folded AS key, hs, sum(lines)::int AS lines, max(last_day) AS last_day, array_agg(DISTINCT name) FILTER (WHERE name IS NOT NULL) AS names,
              array_agg(DISTINCT code) FILTER (WHERE code IS NOT NULL AND code <> '') AS codes
         FROM ecus_classifications WHERE company_id = $1 AND folded <> '' GROUP BY folded, hs),
     grouped AS (
       SELECT 'code' AS kind, key AS code, array_agg(hs ORDER BY lines DESC, hs) AS hs_list,
              jsonb_agg(jsonb_build_object('hs', hs, 'lines', lines, 'last_date', last_day::text) ORDER BY lines DESC, hs) AS hs_codes,
              max(last_day) AS last_day, (SELECT array_agg(DISTINCT n) FROM by_code b, unnest(b.names) n WHERE b.key = c.key) AS names, ARRAY[key] AS codes
         FROM by_code c GROUP BY key HAVING count(*) > 1
       UNION ALL
       SELECT 'name', NULL, array_agg(hs ORDER BY lines DESC, hs),
              jsonb_agg(jsonb_build_object('hs', hs, 'lines', lines, 'last_date', last_day::text) ORDER BY lines DESC, hs),
              max(last_day), (SELECT array_agg(DISTINCT n) FROM by_name b, unnest(b.names) n WHERE b.key = c.key),
              (SELECT array_agg(DISTINCT x ORDER BY x) FROM by_name b, unnest(b.codes) x WHERE b.key = c.key)
         FROM by_name c GROUP BY key
        HAVING count(*) > 1 AND (SELECT count(DISTINCT x) FROM by_name b, unnest(b.codes) x WHERE b.key = c.key) > 1)
     SELECT kind, code, coalesce(codes, '{}') AS codes, coalesce(names[1:${maxNames}], '{}') AS item_names, hs_codes, last_day::text AS last_date
       FROM grouped ORDER BY last_day DESC, kind, code NULLS LAST, names[1]`,
    [options.companyId]);
}
