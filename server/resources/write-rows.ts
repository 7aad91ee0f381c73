import type { ResourceDefinition } from '../../common/resources/define.js';
import { type FieldValue, type Row, updateRowSchema } from '../../common/resources/schemas.js';
import type { Database } from '../db/client.js';
import { companyDataChanged } from '../db/data-version.js';
import { inTransaction, type Run } from '../db/run.js';
import { AppError, fieldsOfIssues } from '../http/errors.js';
import { refreshTouched, touchedBy } from './derived-rows.js';
import { selectList } from './row-sql.js';
import { searchTextsOf } from './search-texts.js';
import { quoted } from '../db/statement.js';
import type { Scope } from '../access.js';

/** Inserts one row into the company's folder set and answers it as the list shows it. */
export async function createRow(options: { run: Run; resource: ResourceDefinition; scope: Scope & { folderSetId: string }; values: Record<string, FieldValue> }): Promise<Row> {
  const { resource, scope } = options;
  const names = Object.keys(resource.fields).filter((name) => options.values[name] !== undefined);
  const params: unknown[] = [scope.companyId, scope.folderSetId, ...names.map((name) => options.values[name])];
  const [row] = await options.run<Row>(
    `INSERT INTO ${resource.table} (company_id, folder_set_id${names.map((name) => `, ${quoted(name)}`).join('')})
     VALUES ($1, $2${names.map((_, index) => `, $${index + 3}`).join('')})
     RETURNING ${selectList(resource)}`,
    params,
  );
  await refreshTouched(options.run, resource, scope.companyId, await touchedBy(options.run, resource, scope.companyId, [row!.id as number]));
  await companyDataChanged(options.run, scope.companyId);
  return row!;
}

/** The UPDATE of one row of the company; the caller re-derives what the row keeps (`rewriting`). */
async function updateOne(run: Run, resource: ResourceDefinition, companyId: string, id: number, values: Record<string, FieldValue>): Promise<Row | undefined> {
  const names = Object.keys(values).filter((name) => name in resource.fields && values[name] !== undefined);
  const assignments = [...names.map((name, index) => `${quoted(name)} = $${index + 3}`), 'updated_at = now()'];
  // An imported row's kept search text changes with it, in the same statement.
  const [row] = await run<Row>(
    `WITH changed AS (UPDATE ${resource.table} SET ${assignments.join(', ')} WHERE id = $1 AND company_id = $2 RETURNING *)${searchTextsOf(resource, 'changed')}
     SELECT ${selectList(resource)} FROM changed`,
    [id, companyId, ...names.map((name) => values[name])],
  );
  return row;
}

/**
 * Rewrites some rows (`write` answers the ids it changed, and what to answer), then re-derives what they keep for the
 * reports once for all of them, from what they touched before and after: a declaration line edited into another
 * declaration changes the latest version of both, a book line moved to another code or month both sums.
 */
async function rewriting<T>(run: Run, resource: ResourceDefinition, companyId: string, ids: readonly number[], write: () => Promise<{ changed: readonly number[]; answer: T }>): Promise<T> {
  const before = await touchedBy(run, resource, companyId, ids);
  const { changed, answer } = await write();
  if (changed.length > 0) {
    await refreshTouched(run, resource, companyId, before, await touchedBy(run, resource, companyId, changed));
    await companyDataChanged(run, companyId);
  }
  return answer;
}

/** Changes some fields of one row of the caller's company. */
export async function updateRow(options: { run: Run; resource: ResourceDefinition; scope: Scope; id: number; values: Record<string, FieldValue> }): Promise<Row> {
  const row = await rewriting(options.run, options.resource, options.scope.companyId, [options.id], async () => {
    const updated = await updateOne(options.run, options.resource, options.scope.companyId, options.id, options.values);
    return { changed: updated ? [options.id] : [], answer: updated };
  });
  if (!row) throw new AppError('not_found', 'Row not found.');
  return row;
}

/**
 * Changes several rows at once. Rows that check out are saved together; the others (invalid values,
 * or ids that are not the company's) are reported with the spec's 'Failed to update {n} records:'.
 */
export async function updateRows(options: { database: Database; resource: ResourceDefinition; scope: Scope; rows: readonly Record<string, unknown>[] }) {
  const schema = updateRowSchema(options.resource);
  const failed: { id: unknown; fields: Record<string, string[]> }[] = [];
  const valid: { id: number; values: Record<string, FieldValue> }[] = [];
  for (const { id, ...fields } of options.rows) {
    const parsed = schema.safeParse(fields);
    if (typeof id !== 'number' || !Number.isInteger(id)) failed.push({ id, fields: { id: ['Every row needs its id.'] } });
    else if (!parsed.success) failed.push({ id, fields: fieldsOfIssues(parsed.error.issues) });
    else valid.push({ id, values: parsed.data as Record<string, FieldValue> });
  }
  const updated = await inTransaction(options.database, (run) => rewriting(run, options.resource, options.scope.companyId, valid.map((row) => row.id), async () => {
    const changed: number[] = [];
    for (const row of valid) {
      if (await updateOne(run, options.resource, options.scope.companyId, row.id, row.values)) changed.push(row.id);
      else failed.push({ id: row.id, fields: { id: ['Row not found.'] } });
    }
    return { changed, answer: changed.length };
  }));
  if (failed.length > 0) {
    const detail = [`Failed to update ${failed.length} records:`, ...failed.map((row) => String(row.id))].join('\n');
    throw new AppError('partial_update', detail, { status: 400, extra: { failed_ids: failed.map((row) => row.id), updated, failed } });
  }
  return { updated };
}
