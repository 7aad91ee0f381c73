import { LRUCache } from 'lru-cache';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { defaultPageSize, maxPageSize, type Page, type Row } from '../../common/resources/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { type ListParameters, orderClause, pageQuery, selectList, whereClause } from './row-sql.js';
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
 * From this many rows on, a list without a search answers the planner's estimate of its count (`count_estimated`,
 * shown "about 150,000 rows"): counting a company's 150,000 lines for every page took 180–330 ms, which 25 people
 * paging at once turned into 15 s. Below it the count is exact, and reads at most this many rows ("10,000+" beyond).
 */
export const estimatedCountFrom = 10_000;

/** The planner's estimate of the rows a WHERE clause matches, without reading them. */
export async function estimatedCount(run: Run, table: string, where: string, params: unknown[]): Promise<number> {
  const [plan] = await run<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where}`, params);
  return Math.round(plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Counts that read rows (of a search, or of filters expected to match few), by the company's data version, which every
 * write to its rows moves: paging through a search or a filtered list counts it once. The version is read before the
 * count, so a count is never kept under a version newer than the rows it saw.
 */
const keptCounts = new LRUCache<string, number>({ max: 5_000 });

/** What a kept count or order is kept under: the company's data version, read before the rows, and the query. */
async function keptKey(run: Run, companyId: string, query: string, params: unknown[]): Promise<string> {
  const [company] = await run<{ data_version: string }>('SELECT data_version::text AS data_version FROM companies WHERE id = $1', [companyId]);
  return `${companyId}:${company?.data_version}:${query}:${JSON.stringify(params)}`;
}

async function keptCount(run: Run, companyId: string, query: string, params: unknown[]): Promise<number> {
  const key = await keptKey(run, companyId, query, params);
  const kept = keptCounts.get(key);
  if (kept !== undefined) return kept;
  const [counted] = await run<{ count: number }>(query, params);
  keptCounts.set(key, counted?.count ?? 0);
  return counted?.count ?? 0;
}

/**
 * How many rows match, as cheaply as it can be known: from the page itself when it is the last one; a search
 * counts to `searchCountCap` (`capped`); otherwise the planner's estimate (`estimated`, never below the rows the page
 * has shown to exist) when it expects `estimatedCountFrom` rows or more, else a count that stops there (`capped`
 * beyond it). Counts that read rows are kept until the company's data changes.
 */
async function countRows(options: {
  run: Run; companyId: string; table: string; where: string; params: unknown[]; searching: boolean; offset: number; fetched: number; pageSize: number;
}): Promise<{ count: number; capped?: boolean; estimated?: boolean }> {
  const { run, table, where, params, offset, fetched } = options;
  if (fetched <= options.pageSize && (fetched > 0 || offset === 0)) return { count: offset + fetched };
  const seen = offset + fetched;
  if (!options.searching) {
    const estimate = await estimatedCount(run, table, where, params);
    if (estimate >= estimatedCountFrom) return { count: Math.max(estimate, seen), estimated: true };
  }
  // A search, or filters the planner expects to match few — though one it cannot judge (`code__startswith`) may match far more.
  const cap = options.searching ? searchCountCap : estimatedCountFrom;
  const counted = await keptCount(run, options.companyId, `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ${cap + 1}) matched`, params);
  return counted > cap ? { count: cap, capped: true } : { count: counted };
}

/** Whether an index leads with the list's first sort column, so that its pages are read in order from the index. */
function orderedByIndex(resource: ResourceDefinition, ordering: string | undefined): boolean {
  const first = (ordering?.trim() || resource.ordering).split(',')[0]!.trim().replace(/^-/, '');
  return first === 'id' || Boolean(resource.fields[first]?.indexed) || (resource.indexes ?? []).some((fields) => fields[0] === first);
}

/** The most rows whose order is kept for a view; larger views sort each page afresh. */
export const keptOrderRows = 1_000_000;

/**
 * The ids of every row of a view, in its order, kept until the company's data changes (`keptKey`), for the pages after
 * the first of a view sorted by a column without an index. Each such page sorted every matching row again (0.2–0.6 s a
 * deep page of 150,000 lines); the second page sorts them once, and every later page of the view reads its own rows by
 * id. The first page stays a top-N sort, cheaper than a full one; a view an index orders reads its pages from the index.
 */
const keptOrders = new LRUCache<string, Int32Array>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (ids) => Math.max(1, ids.byteLength) });

async function keptOrder(run: Run, resource: ResourceDefinition, companyId: string, where: string, params: unknown[], ordering: string | undefined) {
  if ((await estimatedCount(run, resource.table, where, params)) > keptOrderRows) return undefined;
  const query = `SELECT coalesce(string_agg(id::text, ',' ${orderClause(resource, ordering)}), '') AS ids FROM ${resource.table} WHERE ${where}`;
  const key = await keptKey(run, companyId, query, params);
  const kept = keptOrders.get(key);
  if (kept) return kept;
  const [answer] = await run<{ ids: string }>(query, params);
  const ids = Int32Array.from(answer?.ids ? answer.ids.split(',') : [], Number);
  keptOrders.set(key, ids);
  return ids;
}

/** A page of a kept order: its rows read by id, in the order's positions. */
async function pageOfOrder(run: Run, resource: ResourceDefinition, companyId: string, ids: Int32Array, offset: number, pageSize: number): Promise<Row[]> {
  const pageIds = Array.from(ids.subarray(offset, offset + pageSize));
  if (pageIds.length === 0) return [];
  return run<Row>(`SELECT ${selectList(resource)} FROM ${resource.table} t JOIN unnest($1::int[]) WITH ORDINALITY AS page(id, position) USING (id)
    WHERE t.company_id = $2 ORDER BY page.position`, [pageIds, companyId]);
}

/**
 * One page of a table with the count of all matching rows (see `countRows`: estimated for large lists, with
 * `count_estimated`; of a search, at most `searchCountCap`, with `count_capped`). The page asks for one row more than
 * it shows, so `next` is known without the count, and a last page needs no count at all. `pageUrl` builds the `next`
 * and `previous` links.
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
  if (page > 1 && !orderedByIndex(resource, parameters.ordering)) {
    const params = statement.params.slice(0, -2);
    const ids = await keptOrder(run, resource, scope.companyId, where, params, parameters.ordering);
    if (ids) {
      const offset = (page - 1) * pageSize;
      return {
        count: ids.length,
        next: ids.length > offset + pageSize ? options.pageUrl(page + 1) : null,
        previous: options.pageUrl(Math.min(page - 1, Math.max(1, Math.ceil(ids.length / pageSize)))),
        results: await pageOfOrder(run, resource, scope.companyId, ids, offset, pageSize),
      };
    }
  }
  const fetched = await run<Row>(pageQuery(resource, where, parameters.ordering, limit, offset), statement.params);
  const { count, capped, estimated } = await countRows({
    run, companyId: scope.companyId, table: resource.table, where, params: statement.params.slice(0, -2), searching, offset: (page - 1) * pageSize, fetched: fetched.length, pageSize,
  });
  return {
    count,
    ...(capped ? { count_capped: true } : {}),
    ...(estimated ? { count_estimated: true } : {}),
    next: fetched.length > pageSize ? options.pageUrl(page + 1) : null,
    previous: page > 1 ? options.pageUrl(capped || estimated ? page - 1 : Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
    results: fetched.slice(0, pageSize),
  };
}
