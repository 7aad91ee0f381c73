import type { FieldDefinition, FieldKind, ResourceDefinition } from '../../common/resources/define.js';
import { unreadableDay } from '../app/i18n/business-day.js';

/**
 * The filter bar's operators: the API's (`field=`, `__gte`, `__lte`, `__in`, `__contains`, `__startswith`,
 * `__empty`) and `between`, which sends `__gte` and `__lte` together.
 */
export type FilterOperator = 'eq' | 'gte' | 'lte' | 'between' | 'in' | 'contains' | 'startswith' | 'empty';

/** One condition of the filter bar. `values` holds one value, or several for `in`. */
export interface FilterCondition {
  id: string;
  field: string;
  operator: FilterOperator;
  values: string[];
}

const orderedKinds: readonly FieldKind[] = ['decimal', 'integer', 'date'];

/** Comparisons and ranges make sense for numbers and dates; text and codes can also be searched within. */
export function operatorsFor(definition: FieldDefinition): FilterOperator[] {
  if (orderedKinds.includes(definition.kind)) return ['eq', 'gte', 'lte', 'between', 'in', 'empty'];
  if (definition.kind === 'choice') return ['eq', 'in', 'empty'];
  return ['eq', 'contains', 'startswith', 'in', 'empty'];
}

const suffix: Record<Exclude<FilterOperator, 'between'>, string> = { eq: '', gte: '__gte', lte: '__lte', in: '__in', contains: '__contains', startswith: '__startswith', empty: '__empty' };

// A date filter whose field does not hold a date yet filters nothing; the field itself says why.
const given = (value: string) => value !== '' && value !== unreadableDay;

/**
 * The list's filter parameters, as the list query and the delete-matching body both spell them.
 * Blank values, days still being typed and unknown fields are left out; two `in` conditions on one field take the union,
 * and for the other operators the later condition wins.
 */
export function filterParams(conditions: readonly FilterCondition[], resource: ResourceDefinition): Record<string, string> {
  const params: Record<string, string> = {};
  for (const condition of conditions) {
    if (!(condition.field in resource.fields)) continue;
    if (condition.operator === 'empty') {
      params[condition.field + suffix.empty] = condition.values[0] === 'false' ? 'false' : 'true';
      continue;
    }
    if (condition.operator === 'between') {
      // Either end may be left open: a range from, or up to, a value.
      const [from, to] = [condition.values[0]?.trim() ?? '', condition.values[1]?.trim() ?? ''];
      if (given(from)) params[condition.field + suffix.gte] = from;
      if (given(to)) params[condition.field + suffix.lte] = to;
      continue;
    }
    const values = condition.values.map((value) => value.trim()).filter(given);
    if (values.length === 0) continue;
    const key = condition.field + suffix[condition.operator];
    if (condition.operator === 'in') {
      const merged = new Set([...(params[key]?.split(',') ?? []), ...values]);
      params[key] = [...merged].join(',');
    } else {
      params[key] = values[0] ?? '';
    }
  }
  return params;
}

export const activeConditionCount = (conditions: readonly FilterCondition[], resource: ResourceDefinition) =>
  Object.keys(filterParams(conditions, resource)).length;

export type SortDirection = 'asc' | 'desc';
export interface SortItem { field: string; sort: SortDirection }

/** `-registered_date,code` → the first key as the grid draws it (the free grid sorts on one column). */
export function sortOfOrdering(ordering: string): SortItem[] {
  const first = ordering.split(',')[0]?.trim() ?? '';
  if (first === '') return [];
  return first.startsWith('-') ? [{ field: first.slice(1), sort: 'desc' }] : [{ field: first, sort: 'asc' }];
}

export function orderingOfSort(sort: readonly SortItem[]): string {
  return sort.map((item) => (item.sort === 'desc' ? `-${item.field}` : item.field)).join(',');
}

export interface ViewState {
  companySlug: string;
  folderSlug: string;
  search: string;
  /** `null` keeps the resource's default order. */
  ordering: string | null;
  filters: readonly FilterCondition[];
}

/** What the list, the export and the delete-matching call share: scope, search, order and filters. */
function viewParams(resource: ResourceDefinition, view: ViewState): Record<string, string> {
  const params: Record<string, string> = { company_slug: view.companySlug, folder_slug: view.folderSlug };
  const search = view.search.trim();
  if (search !== '') params.search = search;
  params.ordering = view.ordering ?? resource.ordering;
  return { ...params, ...filterParams(view.filters, resource) };
}

export const PAGE_SIZES = [25, 50, 100] as const;

/** The list query; `page` counts from 0 as the grid does, the API from 1. */
export function listQuery(resource: ResourceDefinition, view: ViewState, page: number, pageSize: number): Record<string, string | number> {
  return { ...viewParams(resource, view), page: page + 1, page_size: pageSize };
}

/** The export asks for the whole view, without paging, with the column titles in the reader's language. */
export function exportQuery(resource: ResourceDefinition, view: ViewState, lang: string): Record<string, string> {
  return { ...viewParams(resource, view), lang };
}

/** The body of `DELETE /api/{family}/{name}/`: without search or filters it empties the table for the folder set. */
export function deleteMatchingBody(resource: ResourceDefinition, view: ViewState): Record<string, unknown> {
  const body: Record<string, unknown> = { company_slug: view.companySlug, folder_slug: view.folderSlug };
  const search = view.search.trim();
  const filters = filterParams(view.filters, resource);
  if (search !== '') body.search = search;
  if (Object.keys(filters).length > 0) body.filters = filters;
  return body;
}

export const isFiltered = (resource: ResourceDefinition, view: Pick<ViewState, 'search' | 'filters'>) =>
  view.search.trim() !== '' || activeConditionCount(view.filters, resource) > 0;
