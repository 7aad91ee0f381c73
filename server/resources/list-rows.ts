import type { ResourceDefinition } from '../../common/resources/define.js';
import { defaultPageSize, maxPageSize, type Page, type Row } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { type ListParameters, pageQuery, Statement, whereClause } from './row-sql.js';
import type { Scope } from './scope.js';

function pageNumber(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new AppError('validation_error', 'Data has invalid format.', { fields: { [name]: [`Use a whole number from 1 to ${max}.`] } });
  }
  return value;
}

/**
 * One page of a table with the count of all matching rows. On PostgreSQL the page and the count run
 * side by side on two connections; `pageUrl` builds the `next` and `previous` links.
 */
export async function listRows(options: {
  run: Run;
  resource: ResourceDefinition;
  scope: Scope;
  parameters: ListParameters;
  pageUrl: (page: number) => string;
}): Promise<Page<Row>> {
  const { run, resource, scope, parameters } = options;
  const page = pageNumber(parameters.page, 'page', 1, 1_000_000);
  const pageSize = pageNumber(parameters.page_size, 'page_size', defaultPageSize, maxPageSize);
  const statement = new Statement();
  const where = whereClause(statement, resource, scope, parameters);
  const limit = statement.param(pageSize);
  const offset = statement.param((page - 1) * pageSize);
  const [results, [counted]] = await Promise.all([
    run<Row>(pageQuery(resource, where, parameters.ordering, limit, offset), statement.params),
    run<{ count: number }>(`SELECT count(*)::int AS count FROM ${resource.table} WHERE ${where}`, statement.params.slice(0, -2)),
  ]);
  const count = counted?.count ?? 0;
  return {
    count,
    next: page * pageSize < count ? options.pageUrl(page + 1) : null,
    previous: page > 1 ? options.pageUrl(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
    results,
  };
}
