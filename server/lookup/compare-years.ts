import type { Database } from '../db/client.js';
import { normaliseCode } from '../../common/hs/code.js';
import type { YearComparison } from '../../common/lookup/schemas.js';
import { AppError } from '../http/errors.js';
import { likeEscape, runner } from './sql.js';

const maxChanges = 2_000;

type Side = { description: string; en_description: string; ko_description: string; rates: Record<string, string> } | null;
type Row = { id: string; hs: string; level: number; before: Side; after: Side; total: number };

const textFields = ['description', 'en_description', 'ko_description'] as const;

/**
 * Compares a code's subtree in two tariff years, in one statement: lines only in one year, and lines whose wording
 * or published rates differ. Untitled group rows are left out (their ids are ordinals, not codes). A removed line is
 * related to the lines added under the same subheading, which is how a split (one into several) or a merge reads.
 */
export async function compareYears(options: { database: Database; code: string; from: number; to: number }): Promise<YearComparison> {
  const code = options.code === '' ? '' : normaliseCode(options.code);
  if (code === undefined) throw new AppError('validation_error', 'The code must be 1 to 8 digits.', { fields: { code: ['Not a code.'] } });
  const side = (alias: string, rates: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE jsonb_build_object(
    'description', ${alias}.description, 'en_description', ${alias}.en_description, 'ko_description', ${alias}.ko_description,
    'rates', coalesce(${rates}.rates, '{}'::jsonb)) END`;
  const rows = await runner(options.database)<Row>(`
    WITH a AS (SELECT * FROM lookup_tariff_line WHERE year = $1 AND id LIKE $3 AND id NOT LIKE '%~%'),
         b AS (SELECT * FROM lookup_tariff_line WHERE year = $2 AND id LIKE $3 AND id NOT LIKE '%~%'),
         ra AS (SELECT line_id, jsonb_object_agg(schedule, published) AS rates FROM lookup_tariff_rate WHERE year = $1 AND line_id LIKE $3 GROUP BY line_id),
         rb AS (SELECT line_id, jsonb_object_agg(schedule, published) AS rates FROM lookup_tariff_rate WHERE year = $2 AND line_id LIKE $3 GROUP BY line_id),
         changed AS (
           SELECT coalesce(b.id, a.id) AS id, coalesce(b.hs, a.hs) AS hs, coalesce(b.level, a.level)::int AS level,
                  ${side('a', 'ra')} AS before, ${side('b', 'rb')} AS after
             FROM a FULL JOIN b ON a.id = b.id
             LEFT JOIN ra ON ra.line_id = a.id LEFT JOIN rb ON rb.line_id = b.id
            WHERE a.id IS NULL OR b.id IS NULL OR a.description <> b.description OR a.en_description <> b.en_description
               OR a.ko_description <> b.ko_description OR ra.rates IS DISTINCT FROM rb.rates)
    SELECT *, count(*) OVER ()::int AS total FROM changed ORDER BY id LIMIT ${maxChanges}`,
  [options.from, options.to, `${likeEscape(code)}%`]);
  const changes = rows.map(({ total: _total, ...row }) => {
    const change = row.before === null ? 'added' as const : row.after === null ? 'removed' as const : 'changed' as const;
    const fields = row.before && row.after ? [
      ...textFields.filter((field) => row.before![field] !== row.after![field]),
      ...[...new Set([...Object.keys(row.before.rates), ...Object.keys(row.after.rates)])]
        .filter((schedule) => row.before!.rates[schedule] !== row.after!.rates[schedule]).map((schedule) => `rate:${schedule}`),
    ] : [];
    return { ...row, change, fields, related: [] as string[] };
  });
  // Lines of the same subheading replaced by others: removed 8-digit lines relate to the added ones beside them.
  for (const line of changes.filter((item) => item.id.length === 8 && item.change !== 'changed')) {
    const other = line.change === 'added' ? 'removed' : 'added';
    line.related = changes.filter((item) => item.change === other && item.id.length === 8 && item.id.slice(0, 6) === line.id.slice(0, 6)).map((item) => item.id);
  }
  return { code, from: options.from, to: options.to, count: rows[0]?.total ?? 0, changes };
}
