import type { ResourceDefinition } from '../../common/resources/define.js';
import { defaultPageSize, maxPageSize, type Page, type Row } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { type ListParameters, pageQuery, whereClause } from './row-sql.js';
import { Statement } from '../db/statement.js';
import type { Scope } from '../access.js';

function pageNumber(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new AppError('validation_error', 'Data has invalid format.', { fields: { [name]: [`Use a whole number from 1 to ${max}.`] } });
  }
  return value;
}

/**
 * A free-text search counts its matches up to this many: "10,000+" tells the user to narrow the search as well
 * as the exact figure would, and counting a million folded texts would take seconds.
 */
export const searchCountCap = 10_000;

/**
 * One page of a table with the count of all matching rows (of a search, at most `searchCountCap`, with
 * `count_capped`). On PostgreSQL the page and the count run side by side on two connections; `pageUrl`
 * builds the `next` and `previous` links. The page asks for one row more than it shows, so `next` is known
 * without the count.
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
  const limit = statement.param(pageSize + 1);
  const offset = statement.param((page - 1) * pageSize);
  const searching = Boolean(parameters.search?.trim()) && resource.search.length > 0;
  const countQuery = searching
    ? `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${resource.table} WHERE ${where} LIMIT ${searchCountCap + 1}) matched`
    : `SELECT count(*)::int AS count FROM ${resource.table} WHERE ${where}`;
  const [fetched, [counted]] = await Promise.all([
    run<Row>(pageQuery(resource, where, parameters.ordering, limit, offset), statement.params),
    run<{ count: number }>(countQuery, statement.params.slice(0, -2)),
  ]);
  const capped = searching && (counted?.count ?? 0) > searchCountCap;
  const count = capped ? searchCountCap : counted?.count ?? 0;
  return {
    count,
    ...(capped ? { count_capped: true } : {}),
    next: fetched.length > pageSize ? options.pageUrl(page + 1) : null,
    previous: page > 1 ? options.pageUrl(capped ? page - 1 : Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
    results: fetched.slice(0, pageSize),
  };
}
