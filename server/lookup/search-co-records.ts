import type { Database } from '../db/client.js';
import { cleanTerm } from '../../common/lookup/query.js';
import type { CoRecord, CoSearchAnswer } from '../../common/lookup/schemas.js';
import { likeEscape, runner } from './sql.js';

/** A search word as a LIKE pattern: `*` any text, `?` one character, everything else literal. */
export const wildcardPattern = (word: string): string => `%${likeEscape(word).replaceAll('*', '%').replaceAll('?', '_')}%`;

/**
 * Searches the certificate-of-origin reference index: every word (with * and ? wildcards) must occur,
 * accent- and case-insensitively, in the reference number, form, countries, HS code or goods.
 */
export async function searchCoRecords(options: { database: Database; q: string; page: number; rows: number }): Promise<CoSearchAnswer> {
  const words = cleanTerm(options.q).split(' ').filter((word) => word.replace(/[*?]/g, '') !== '');
  const params: unknown[] = [];
  const where = words.map((word) => { params.push(wildcardPattern(word)); return `c.search_f LIKE fold_text($${params.length})`; });
  const start = (options.page - 1) * options.rows;
  params.push(options.rows, start);
  const rows = await runner(options.database)<CoRecord & { total: string | number }>(`SELECT c.id, c.reference_no, c.form, c.issue_date::text AS issue_date,
      c.exporting_country, c.importing_country, c.hs, c.goods_description, count(*) OVER () AS total
    FROM lookup_co_record c ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY c.issue_date DESC NULLS LAST, c.reference_no LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
  return { response: { numFound: Number(rows[0]?.total ?? 0), start, docs: rows.map(({ total: _total, ...record }) => record) } };
}
