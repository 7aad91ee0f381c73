import type { Inconsistency } from '../../common/precedents/schemas.js';
import type { Database } from '../db/client.js';
import { runner } from '../db/run.js';

/** Item names a report row lists at most. */
const maxNames = 10;

/**
 * Every item code the company declared under more than one HS code, and every item name (the same once folded) that
 * several item codes carry under different HS codes, newest first. A name of one item code only is its code's row. Over
 * every folder set, from the kept classifications (server/resources/declared-classifications.ts), in one statement.
 */
export async function listInconsistencies(options: { database: Database; companyId: string }): Promise<Inconsistency[]> {
  return runner(options.database)<Inconsistency>(
    `WITH kept AS MATERIALIZED (SELECT code, folded, name, hs, lines, last_day FROM ecus_classifications WHERE company_id = $1),
     by_hs AS (
       SELECT 'code' AS kind, code AS key, hs, sum(lines)::int AS lines, max(last_day) AS last_day FROM kept WHERE code IS NOT NULL AND code <> '' GROUP BY code, hs
       UNION ALL
       SELECT 'name', folded, hs, sum(lines)::int, max(last_day) FROM kept WHERE folded <> '' GROUP BY folded, hs),
     several AS MATERIALIZED (
       SELECT kind, key, jsonb_agg(jsonb_build_object('hs', hs, 'lines', lines, 'last_date', last_day::text) ORDER BY lines DESC, hs) AS hs_codes,
              max(last_day) AS last_day
         FROM by_hs GROUP BY kind, key HAVING count(*) > 1),
     details AS (
       SELECT 'code' AS kind, code AS key, array_agg(DISTINCT name) FILTER (WHERE name IS NOT NULL) AS names, ARRAY[code] AS codes
         FROM kept WHERE code IN (SELECT key FROM several WHERE kind = 'code') GROUP BY code
       UNION ALL
       SELECT 'name', folded, array_agg(DISTINCT name) FILTER (WHERE name IS NOT NULL), array_agg(DISTINCT code) FILTER (WHERE code IS NOT NULL AND code <> '')
         FROM kept WHERE folded IN (SELECT key FROM several WHERE kind = 'name') GROUP BY folded)
     SELECT s.kind, CASE WHEN s.kind = 'code' THEN s.key END AS code, coalesce(d.codes, '{}') AS codes, coalesce(d.names[1:${maxNames}], '{}') AS item_names,
            s.hs_codes, s.last_day::text AS last_date
       FROM several s JOIN details d ON d.kind = s.kind AND d.key = s.key
      WHERE s.kind = 'code' OR cardinality(d.codes) > 1
      ORDER BY s.last_day DESC, s.kind, s.key`,
    [options.companyId]);
}
