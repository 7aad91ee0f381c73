/**
 * Free-text search over a table's searched columns (`searchExpression`), and the writers' side of it. Rows written
 * one by one are in their table's partial trigram index; imported rows are in `search_texts`, which an import fills
 * after it succeeds (server/imports/search-indexing.ts). A row edited or deleted after its import changes its text
 * here in the same statement.
 */
import type { ResourceDefinition } from '../../common/resources/define.js';
import { likeEscape, type Run } from '../db/run.js';
import type { Statement } from '../db/statement.js';
import { searchExpression } from './tables.js';

const searched = (resource: ResourceDefinition) => resource.search.length > 0;
const tableName = (resource: ResourceDefinition) => `'${resource.table}'`;

/**
 * The condition "the row's search text contains `search`". Where the company has imported
 * rows into the table, as the ids of three kinds of rows: rows written one by one (their table's index), imported rows
 * whose text is kept (`search_texts`), and the rows of a succeeded import whose text is not kept yet, folded as they
 * are read, so that a search finds them from the moment their import succeeds. Without imported rows, through the
 * table's index alone, which reads the matching rows in place rather than finding them again by id.
 */
export function searchCondition(statement: Statement, resource: ResourceDefinition, scope: { companyId: string; imported: boolean }, search: string): string {
  const pattern = `fold_text(${statement.param(`%${likeEscape(search)}%`)})`;
  const text = searchExpression(resource);
  // A view (the ECUS stock) is computed from its table's rows and has no index of its own to read.
  if (resource.view) return `${text} LIKE ${pattern}`;
  if (!scope.imported) return `(import_record_id IS NULL AND ${text} LIKE ${pattern})`;
  const company = statement.param(scope.companyId);
  return `id IN (
    SELECT id FROM ${resource.table} WHERE import_record_id IS NULL AND company_id = ${company} AND ${text} LIKE ${pattern}
    UNION ALL SELECT id FROM search_texts WHERE table_name = ${tableName(resource)} AND company_id = ${company} AND folded LIKE ${pattern}
    UNION ALL SELECT id FROM ${resource.table}
     WHERE import_record_id IN (SELECT id FROM import_records WHERE company_id = ${company} AND status = 'succeeded' AND NOT search_indexed)
       AND ${text} LIKE ${pattern})`;
}

/**
 * The statement that keeps the search text of the imported rows among `rows` (a table or subquery with the table's
 * columns) as they are now. An edit replaces a kept text; an import keeping its rows' texts leaves one an edit kept
 * meanwhile (`ignore`), which is the newer.
 */
export const keepSearchTexts = (resource: ResourceDefinition, rows: string, onConflict: 'replace' | 'ignore'): string =>
  `INSERT INTO search_texts (table_name, id, company_id, folder_set_id, folded)
   SELECT ${tableName(resource)}, id, company_id, folder_set_id, ${searchExpression(resource)} FROM ${rows} WHERE import_record_id IS NOT NULL
   ON CONFLICT (id, table_name) DO ${onConflict === 'replace' ? 'UPDATE SET folded = excluded.folded' : 'NOTHING'}`;

/**
 * Keeps the search text of the imported rows among `ids` (a query of row ids) as they are now: after an edit of a
 * searched column. Rows written one by one are left to their table's index.
 */
export async function refreshSearchTexts(run: Run, resource: ResourceDefinition, ids: string, params: unknown[]): Promise<void> {
  if (searched(resource)) await run(keepSearchTexts(resource, `(SELECT * FROM ${resource.table} WHERE id IN (${ids})) edited`, 'replace'), params);
}

/** A common table expression that keeps the search text of the imported rows a data-modifying `source` returns: an edit in one statement. */
export const searchTextsOf = (resource: ResourceDefinition, source: string): string =>
  (searched(resource) ? `, searched_again AS (${keepSearchTexts(resource, source, 'replace')})` : '');

/** A common table expression that forgets the search text of the rows a DELETE … RETURNING id expression `gone` took out. */
export const forgottenSearchTexts = (resource: ResourceDefinition, gone: string): string =>
  (searched(resource) ? `, unsearched AS (DELETE FROM search_texts WHERE table_name = ${tableName(resource)} AND id IN (SELECT id FROM ${gone}))` : '');

/** Forgets the search text of a table's rows that `ids` (a query of row ids) names, before they are deleted. */
export async function forgetSearchTexts(run: Run, resource: ResourceDefinition, ids: string, params: unknown[]): Promise<void> {
  if (!searched(resource)) return;
  await run(`DELETE FROM search_texts WHERE table_name = ${tableName(resource)} AND id IN (${ids})`, params);
}
