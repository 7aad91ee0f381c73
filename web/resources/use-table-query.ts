import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useMemo, useReducer } from 'react';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { newCondition } from './FilterBar.js';
import {
  activeConditionCount, type FilterCondition, isFiltered, listQuery, orderingOfSort, sortOfOrdering, type SortItem, type ViewState,
} from './list-query.js';
import { useDebounced } from './use-debounced.js';

/** The quiet time before typed search text and filter values ask the server. */
const TYPING_DEBOUNCE_MS = 300;

/** What the user asked of a paged list: search and filters as typed, the order, and the page they turned to. */
export interface TableQueryState {
  search: string;
  filters: FilterCondition[];
  filtersOpen: boolean;
  /** `null` keeps the resource's default order. */
  ordering: string | null;
  /** The page belongs to the view it was turned in: `viewKey` names that view. */
  paging: { viewKey: string; page: number; pageSize: number };
}

export type TableQueryAction =
  | { type: 'typeSearch'; search: string }
  | { type: 'editFilters'; filters: FilterCondition[] }
  /** Opening an empty filter bar starts it with one condition, so there is something to fill in. */
  | { type: 'toggleFilters'; firstCondition: FilterCondition }
  | { type: 'sortBy'; ordering: string | null }
  | { type: 'turnPage'; viewKey: string; page: number; pageSize: number };

export const initialTableQuery: TableQueryState = {
  search: '', filters: [], filtersOpen: false, ordering: null, paging: { viewKey: '', page: 0, pageSize: 25 },
};

export function tableQueryReducer(state: TableQueryState, action: TableQueryAction): TableQueryState {
  switch (action.type) {
    case 'typeSearch': return { ...state, search: action.search };
    case 'editFilters': return { ...state, filters: action.filters };
    case 'toggleFilters': return {
      ...state,
      filters: !state.filtersOpen && state.filters.length === 0 ? [action.firstCondition] : state.filters,
      filtersOpen: !state.filtersOpen,
    };
    case 'sortBy': return { ...state, ordering: action.ordering };
    case 'turnPage': return { ...state, paging: { viewKey: action.viewKey, page: action.page, pageSize: action.pageSize } };
  }
}

/** A new search, filter or order starts again at page 1; the page size stays as chosen. */
export const pageOf = (state: TableQueryState, viewKey: string) => (state.paging.viewKey === viewKey ? state.paging.page : 0);

/**
 * Server-side paging, sorting, search and filters of one table in one scope, turned into its list query.
 * The list asks only once typing settles, so `view` and `query` follow the typed values after a pause.
 */
export function useTableQuery(resource: ResourceDefinition, scope: { companySlug: string | null; folderSlug: string | null }) {
  const [state, dispatch] = useReducer(tableQueryReducer, initialTableQuery);
  const typed = useMemo(() => ({ search: state.search, filters: state.filters }), [state.search, state.filters]);
  const settled = useDebounced(typed, TYPING_DEBOUNCE_MS);
  const { companySlug, folderSlug } = scope;
  const { ordering } = state;
  const view: ViewState = useMemo(
    () => ({ companySlug: companySlug ?? '', folderSlug: folderSlug ?? '', search: settled.search, ordering, filters: settled.filters }),
    [companySlug, folderSlug, settled, ordering],
  );
  const viewKey = JSON.stringify(listQuery(resource, view, 0, 0));
  const page = pageOf(state, viewKey);
  const { pageSize } = state.paging;
  const sortModel = useMemo<GridSortModel>(() => sortOfOrdering(ordering ?? resource.ordering), [ordering, resource.ordering]);

  return {
    search: state.search,
    filters: state.filters,
    filtersOpen: state.filtersOpen,
    view,
    paginationModel: { page, pageSize },
    sortModel,
    /** Names one page of one view: what is selected on it holds only there. */
    pageKey: `${viewKey}#${page}#${pageSize}`,
    query: listQuery(resource, view, page, pageSize),
    /** Whether the typed search or filters narrow the list, before the list has caught up with them. */
    filtered: isFiltered(resource, typed),
    activeFilters: activeConditionCount(state.filters, resource),
    typeSearch: (search: string) => dispatch({ type: 'typeSearch', search }),
    editFilters: (filters: FilterCondition[]) => dispatch({ type: 'editFilters', filters }),
    toggleFilters: () => dispatch({ type: 'toggleFilters', firstCondition: newCondition(resource) }),
    changeSort: (model: GridSortModel) => {
      const sort = model.flatMap((item): SortItem[] => (item.sort ? [{ field: item.field, sort: item.sort }] : []));
      dispatch({ type: 'sortBy', ordering: sort.length > 0 ? orderingOfSort(sort) : null });
    },
    changePagination: (model: GridPaginationModel) => dispatch({ type: 'turnPage', viewKey, page: model.page, pageSize: model.pageSize }),
  };
}

export type TableQuery = ReturnType<typeof useTableQuery>;
