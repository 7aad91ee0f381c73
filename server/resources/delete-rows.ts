import type { ResourceDefinition } from '../../common/resources/define.js';
import type { Database } from '../db/client.js';
import { companyDataChanged } from '../db/data-version.js';
import { inTransaction, type Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { refreshFolderSet, refreshTouched, touchedBy } from './derived-rows.js';
import { type ListParameters, whereClause } from './row-sql.js';
import { forgottenSearchTexts } from './search-texts.js';
import { Statement } from '../db/statement.js';
import type { Scope } from '../access.js';

/** A delete of the rows of `resource` that `condition` holds for, which forgets their search texts and answers `answer` of them (`gone`). */
const deleteWhere = (resource: ResourceDefinition, condition: string, answer: string) =>
  `WITH gone AS (DELETE FROM ${resource.table} WHERE ${condition} RETURNING id)${forgottenSearchTexts(resource, 'gone')}
   SELECT ${answer} FROM gone`;

/**
 * Deletes the listed rows of the company, all or none: an id that is not the company's (or no longer
 * exists) answers "not found" and nothing is deleted.
 */
export async function deleteRowsById(options: { database: Database; resource: ResourceDefinition; scope: Scope; ids: readonly number[] }): Promise<{ deleted: number }> {
  const ids = [...new Set(options.ids)];
  return inTransaction(options.database, async (run) => {
    const touched = await touchedBy(run, options.resource, options.scope.companyId, ids);
    const deleted = await run<{ id: number }>(deleteWhere(options.resource, 'company_id = $1 AND id = ANY($2::int[])', 'id'), [options.scope.companyId, ids]);
    if (deleted.length !== ids.length) {
      const found = new Set(deleted.map((row) => row.id));
      const missing = ids.filter((id) => !found.has(id));
      throw new AppError('not_found', `Rows not found: ${missing.join(', ')}. Nothing was deleted.`, { extra: { missing_ids: missing } });
    }
    await refreshTouched(run, options.resource, options.scope.companyId, touched);
    await companyDataChanged(run, options.scope.companyId);
    return { deleted: deleted.length };
  });
}

/** The most rows a delete of matching rows re-derives what they touched for; more re-derive their whole folder set. */
const touchedRowsAtMostDefault = 10_000;

/**
 * Deletes every row of the folder set that matches the search and filters (all of them without any). Up to
 * `touchedRowsAtMost` rows, they are deleted by id and only what they touched is re-derived (their codes and
 * declarations), as a delete by id does; more are deleted by the condition and their folder set re-derived whole, which
 * costs less than a lookup a row.
 */
export async function deleteMatchingRows(options: { run: Run; resource: ResourceDefinition; scope: Scope; parameters: ListParameters; touchedRowsAtMost?: number }): Promise<{ deleted: number }> {
  const { run, resource, scope, touchedRowsAtMost = touchedRowsAtMostDefault } = options;
  const statement = new Statement();
  const where = whereClause(statement, resource, scope, options.parameters);
  const ids = (await run<{ id: number }>(`SELECT id FROM ${resource.table} WHERE ${where} LIMIT ${touchedRowsAtMost + 1}`, statement.params)).map((row) => row.id);
  const few = ids.length <= touchedRowsAtMost;
  const touched = few ? await touchedBy(run, resource, scope.companyId, ids) : null;
  const counted = 'count(*)::int AS deleted';
  const [result] = few
    ? await run<{ deleted: number }>(deleteWhere(resource, 'company_id = $1 AND id = ANY($2::int[])', counted), [scope.companyId, ids])
    : await run<{ deleted: number }>(deleteWhere(resource, where, counted), statement.params);
  if (touched) await refreshTouched(run, resource, scope.companyId, touched);
  else if (scope.folderSetId) await refreshFolderSet(run, resource, scope.companyId, scope.folderSetId);
  await companyDataChanged(run, scope.companyId);
  return { deleted: result?.deleted ?? 0 };
}
